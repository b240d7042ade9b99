/// One view controller instance on the stack. A class because identity matters: `setStack` keeps the
/// instance (and its willAppear block) of an id already present, and "the top changed" means another instance.
final class ViewControllerInstance {
    let id: String
    var barHidden: Bool
    var popDisabled: Bool
    var maxStartX: Double
    /// FDFullscreenPopGesture's willAppear block, as `bar.inject: fd` hands them out.
    var fdBlock = false

    init(_ spec: ViewControllerSpec) {
        id = spec.id
        barHidden = spec.barHidden ?? false
        popDisabled = spec.popDisabled ?? false
        maxStartX = spec.maxStartX ?? 0
    }

    /// Applies only the keys a `setStack` entry or an `update` gives.
    func apply(_ spec: ViewControllerSpec) {
        if let barHidden = spec.barHidden { self.barHidden = barHidden }
        if let popDisabled = spec.popDisabled { self.popDisabled = popDisabled }
        if let maxStartX = spec.maxStartX { self.maxStartX = maxStartX }
    }
}

/// The navigation controller's `viewControllers`, bottom to top.
struct NavigationStack {
    private(set) var controllers: [ViewControllerInstance]

    init(_ controllers: [ViewControllerInstance]) {
        self.controllers = controllers
    }

    var top: ViewControllerInstance? { controllers.last }
    var count: Int { controllers.count }
    var ids: [String] { controllers.map(\.id) }

    func instance(_ id: String) -> ViewControllerInstance? {
        controllers.first { $0.id == id }
    }

    func contains(_ controller: ViewControllerInstance) -> Bool {
        controllers.contains { $0 === controller }
    }

    mutating func push(_ controller: ViewControllerInstance) { controllers.append(controller) }
    @discardableResult mutating func popTop() -> ViewControllerInstance { controllers.removeLast() }
    mutating func popToRoot() { controllers.removeLast(controllers.count - 1) }
    mutating func replace(with controllers: [ViewControllerInstance]) { self.controllers = controllers }
}
