import PopGestureCore

/// A screen the recorder page draws on the phone: the top view controller of a two-screen stack, with
/// the content (SPEC section 9 regions) whose frames go into each take. The page computes the frames
/// from the phone's viewport (only the phone knows it); `Page/recorder.js` holds that geometry.
public enum RecorderScenario: String, Sendable, CaseIterable {
    /// A short list that does not scroll: no region, the empty screen of sections 3 and 4.
    case plain
    /// A horizontal scroll view across the middle.
    case carousel
    /// A list whose rows swipe left to reveal Delete.
    case rows
    /// A horizontal control.
    case slider
    /// A vertical scroll view under the navigation bar.
    case table

    /// The prompt of a `stay` take: what the content is for.
    public var stayPrompt: String {
        switch self {
        case .plain, .table: "Scroll the list down"
        case .carousel: "Scroll the carousel to the left"
        case .rows: "Open a row"
        case .slider: "Drag the slider"
        }
    }

    public static let backPrompt = "Swipe back"

    public static var names: [String] { allCases.map(\.rawValue) }
}
