/// The navigation bar's hidden state and what changes it (SPEC section 5): FDFullscreenPopGesture's
/// willAppear blocks, its disappear hook and the app's own calls, plus the anomalies they cause.
package struct BarCoordinator {
    package let bar: Rules.Bar
    /// The trace's `barAppearanceManaged`.
    package let managed: Bool
    package private(set) var hidden: Bool
    package private(set) var entries: [BarEntry]
    /// Entries ever appended, the initial one included, whether kept or not.
    package private(set) var count = 1
    /// The animated or interactive transition in flight that a non-animated entry is charged to
    /// (`abruptBarChange`), nil when none is; set by the navigation controller, which decides which
    /// one counts when several are in flight. A transition is in flight while its own start hooks run.
    package var flight: TransitionKind?

    package init(bar: Rules.Bar, managed: Bool, initiallyHidden: Bool) {
        self.bar = bar
        self.managed = managed
        hidden = initiallyHidden
        entries = [BarEntry(t: 0, hidden: initiallyHidden, animated: false, cause: .initial)]
    }

    /// Whether the instance's viewWillAppear sets the bar.
    package func hasBlock(_ controller: ViewControllerInstance) -> Bool {
        guard managed else { return false }
        switch bar.inject {
        case .fd: return controller.fdBlock
        case .all: return true
        case .none: return false
        }
    }

    /// A replay without records has taken the entries after the initial one.
    package mutating func keepInitialEntryOnly() {
        entries.removeSubrange(1...)
    }

    /// Only a real change is an entry; a non-animated one during an animated or interactive
    /// transition is the jump users see.
    package mutating func setBar(
        _ newValue: Bool, animated: Bool, cause: BarCause, at t: Double, anomalies: inout [Anomaly]
    ) {
        guard newValue != hidden else { return }
        hidden = newValue
        count += 1
        entries.append(BarEntry(t: t, hidden: newValue, animated: animated, cause: cause))
        if !animated, let flight {
            anomalies.append(
                Finding(t: t, .abruptBarChange(during: flight)))
        }
    }

    /// The top changed from `disappearing` to `appearing`: willDisappear, willAppear, then the hook.
    package mutating func topChanged(
        from disappearing: ViewControllerInstance, to appearing: ViewControllerInstance,
        animated: Bool, at t: Double, anomalies: inout [Anomaly]
    ) {
        if hasBlock(appearing) {
            setBar(
                appearing.barHidden, animated: animated, cause: .willAppear(appearing.id), at: t,
                anomalies: &anomalies)
        }
        // FD's hook restores a bar that a hiding screen left hidden, without animation.
        if bar.restoreOnDisappear, !appearing.barHidden {
            setBar(false, animated: false, cause: .disappearHook(disappearing.id), at: t, anomalies: &anomalies)
        }
    }

    /// Checks made when a transition settles; `mark` is the entry count before its start hooks ran.
    package func settleAnomalies(since mark: Int, top: ViewControllerInstance?, at t: Double) -> [Anomaly] {
        var found: [Anomaly] = []
        let changes = count - mark
        if changes >= 2 {
            found.append(Finding(t: t, .barFlicker(changes: changes)))
        }
        if managed, let top, top.barHidden != hidden {
            found.append(
                Finding(t: t, .wrongFinalBar(top: top.id, prefersHidden: top.barHidden, barHidden: hidden)))
        }
        return found
    }
}
