import PopGestureCore

/// The intent counts as the summaries show them: JSON for machines, a clause for people.
extension IntentTally {
    var json: JSONValue {
        .object(Dictionary(uniqueKeysWithValues: fields.map { ($0.name, .number(Double($0.value))) }))
    }

    /// `3 backs (1 missed), 2 stays (0 false pops)`.
    var summaryText: String {
        "\(counted(back, "back")) (\(missedBack) missed), \(counted(stay, "stay")) (\(counted(falsePop, "false pop")))"
    }
}
