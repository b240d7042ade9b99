/// `recognizer.systemEdge: uikit` (SwipeTransition): the library's pan requires UIKit's own edge pan
/// to fail, so a gesture whose down is in UIKit's edge is UIKit's edge pop's, replayed under the
/// `uikit` preset whole (recognizer, begin checks, velocity, completion and settle); the navigation
/// controller, its bar and its stack operations stay the rule version's.
extension Rules {
    /// UIKit's own edge pop: the `uikit` preset.
    package static let systemEdge: Rules = {
        guard let rules = try? RulesLoader.load("uikit") else { preconditionFailure("the uikit preset loads") }
        return rules
    }()

    /// The rules `gesture` was replayed under: UIKit's edge pop's when it took the gesture.
    package func of(_ gesture: GestureRecord) -> Rules {
        gesture.recognition?.kind == .systemEdge ? Self.systemEdge : self
    }
}
