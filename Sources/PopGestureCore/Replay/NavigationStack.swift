/// One view controller instance on the stack. A class because identity matters: `setStack` keeps the
/// instance (and its willAppear block) of an id already present, and "the top changed" means another instance.
package final class ViewControllerInstance {
    package let id: String
    package var barHidden: Bool
    package var popDisabled: Bool
    package var maxStartX: Double
    /// FDFullscreenPopGesture's willAppear block, as `bar.inject: fd` hands them out.
    package var fdBlock = false
    /// Back to front; their state (offset, open) lives as long as this instance (SPEC section 9).
    package var content: [RegionInstance]

    package init(_ spec: ViewControllerSpec) {
        id = spec.id
        barHidden = spec.barHidden ?? false
        popDisabled = spec.popDisabled ?? false
        maxStartX = spec.maxStartX ?? 0
        content = (spec.content ?? []).map(RegionInstance.init)
    }

    /// Applies only the keys a `setStack` entry or an `update` gives; a `content` list replaces the
    /// whole list, state included.
    package func apply(_ spec: ViewControllerSpec) {
        if let barHidden = spec.barHidden { self.barHidden = barHidden }
        if let popDisabled = spec.popDisabled { self.popDisabled = popDisabled }
        if let maxStartX = spec.maxStartX { self.maxStartX = maxStartX }
        if let content = spec.content { self.content = content.map(RegionInstance.init) }
    }

    /// The regions containing `point`, front-most first (SPEC section 9, Hit test).
    package func regions(at point: Sample) -> [RegionInstance] {
        content.reversed().filter { $0.region.frame.contains(x: point.x, y: point.y) }
    }
}

/// The navigation controller's `viewControllers`, bottom to top.
package struct NavigationStack {
    package private(set) var controllers: [ViewControllerInstance]

    package init(_ controllers: [ViewControllerInstance]) {
        self.controllers = controllers
    }

    package var top: ViewControllerInstance? { controllers.last }
    package var count: Int { controllers.count }
    package var ids: [String] { controllers.map(\.id) }

    package func instance(_ id: String) -> ViewControllerInstance? {
        controllers.first { $0.id == id }
    }

    package func contains(_ controller: ViewControllerInstance) -> Bool {
        controllers.contains { $0 === controller }
    }

    package mutating func push(_ controller: ViewControllerInstance) { controllers.append(controller) }
    @discardableResult package mutating func popTop() -> ViewControllerInstance { controllers.removeLast() }
    package mutating func popToRoot() { controllers.removeLast(controllers.count - 1) }
    package mutating func replace(with controllers: [ViewControllerInstance]) { self.controllers = controllers }
}

/// One content region of a view controller instance, with its state. A class because a gesture keeps
/// the regions it hit until it ends, even when an `update` replaces the list under it.
package final class RegionInstance {
    package var region: ContentRegion

    package init(_ region: ContentRegion) {
        self.region = region
    }
}
