/// One view controller instance on the stack. A class because identity matters: `setStack` keeps the
/// instance (and its willAppear block) of an id already present, and "the top changed" means another instance.
final class ViewControllerInstance {
    let id: String
    var barHidden: Bool
    var popDisabled: Bool
    var maxStartX: Double
    /// FDFullscreenPopGesture's willAppear block, as `bar.inject: fd` hands them out.
    var fdBlock = false
    /// Back to front; their state (offset, open) lives as long as this instance (SPEC section 9).
    var content: [RegionInstance]

    init(_ spec: ViewControllerSpec) {
        id = spec.id
        barHidden = spec.barHidden ?? false
        popDisabled = spec.popDisabled ?? false
        maxStartX = spec.maxStartX ?? 0
        content = (spec.content ?? []).map(RegionInstance.init)
    }

    /// Applies only the keys a `setStack` entry or an `update` gives; a `content` list replaces the
    /// whole list, state included.
    func apply(_ spec: ViewControllerSpec) {
        if let barHidden = spec.barHidden { self.barHidden = barHidden }
        if let popDisabled = spec.popDisabled { self.popDisabled = popDisabled }
        if let maxStartX = spec.maxStartX { self.maxStartX = maxStartX }
        if let content = spec.content { self.content = content.map(RegionInstance.init) }
    }

    /// The regions containing `point`, front-most first (SPEC section 9, Hit test).
    func regions(at point: Sample) -> [RegionInstance] {
        content.reversed().filter { $0.region.frame.contains(x: point.x, y: point.y) }
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

/// One content region of a view controller instance, with its state. A class because a gesture keeps
/// the regions it hit until it ends, even when an `update` replaces the list under it.
final class RegionInstance {
    var region: ContentRegion

    init(_ region: ContentRegion) {
        self.region = region
    }
}
