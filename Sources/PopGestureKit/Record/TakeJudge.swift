import PopGestureCore

/// A take whose intent failed under a rule version (SPEC section 6): the person meant `back` and no
/// pop completed, or meant `stay` and a pop did.
public enum TakeFinding: String, Sendable {
    case missedBack = "missed back"
    case falsePop = "false pop"
}

/// What one rule version made of a take's first gesture, in words for the person holding the phone.
public struct TakeVerdict: Sendable, Equatable {
    public var rules: String
    /// "began; pop completed by projection: p 0.62 + ...", "refused(outsideEdge): ...".
    public var text: String
    public var finding: TakeFinding?
}

/// A take that loaded: the trace and its verdict under each rule version.
public struct JudgedTake: Sendable {
    public var trace: Trace
    public var intent: Intent?
    public var verdicts: [TakeVerdict]

    /// Past this distance from the left edge (pt), a back swipe's first touch may have come after the
    /// phone's own back gesture took the edge: Android's gesture navigation keeps the touches that
    /// start in its inset, so the page sees the swipe start further in, or not at all.
    public static let edgeSuspect = 24.0

    /// Why the phone's own back gesture may have taken a `back` take's edge: its first touch starts
    /// more than `edgeSuspect` from the edge, or the browser cancelled it. Empty for any other take.
    public var edgeSuspicions: [String] {
        guard intent == .back else { return [] }
        let strokes = trace.events.compactMap { event -> Stroke? in
            if case .touch(let stroke) = event.kind { stroke } else { nil }
        }
        var reasons: [String] = []
        if let x = strokes.first?.samples.first?.x, x > Self.edgeSuspect {
            reasons.append("its first touch starts \(Readable.position(x)) pt from the edge")
        }
        if strokes.contains(where: { if case .cancel = $0.end { true } else { false } }) {
            reasons.append("the browser cancelled it")
        }
        return reasons
    }
}

/// Judges a recorded take: the same loader as every other trace (from memory, naming no `config`
/// file), exactly one trace document, replayed under each rule version.
public struct TakeJudge: Sendable {
    public let rules: [Rules]

    public init(rules: [Rules]) {
        self.rules = rules
    }

    /// The path a take's diagnostics name: it has no file until it is accepted.
    public static let displayPath = "take"

    public func judge(_ text: String) -> Result<JudgedTake, Diagnostic> {
        let loader = TraceFileLoader(text: text, path: Self.displayPath)
        loader.readsConfigs = false
        loader.checkRunSettings = ConfigFile.check
        guard let first = loader.next() else {
            return .failure(
                Diagnostic(
                    path: Self.displayPath, message: "the take is empty",
                    suggestion: "send one trace document (format: popgesture-trace/1)"))
        }
        let trace: Trace
        switch first {
        case .trace(let loaded, _): trace = loaded
        case .failure(_, let diagnostic): return .failure(diagnostic)
        case .rules, .stackConfig, .foreign, .notTrace:
            return .failure(
                Diagnostic(
                    path: Self.displayPath, message: "a take is a trace document, not a rules or stack-config document",
                    suggestion: "send `format: popgesture-trace/1`"))
        }
        if let next = loader.next() {
            if case .failure(_, let diagnostic) = next { return .failure(diagnostic) }
            return .failure(
                Diagnostic(
                    path: Self.displayPath, message: "a take is one trace document; this one has more",
                    suggestion: "send each take in a request of its own"))
        }
        let intent = trace.expectations.lazy.compactMap { expectation -> Intent? in
            if case .intent(1, let intent) = expectation { intent } else { nil }
        }.first
        let verdicts = rules.map { rules in Self.verdict(Replay(rules: rules).run(trace), rules: rules.name) }
        return .success(JudgedTake(trace: trace, intent: intent, verdicts: verdicts))
    }

    /// Gesture 1's decision, its pop and its content, with the numbers that decided.
    /// The finding is the take's own `intent` items' (the loader's rule, SPEC section 6).
    static func verdict(_ report: TraceReport, rules: String) -> TakeVerdict {
        let labels = report.expectations.intent
        let finding: TakeFinding? = labels.missedBack > 0 ? .missedBack : labels.falsePop > 0 ? .falsePop : nil
        guard let gesture = report.gestures.first(where: { $0.index == 1 }) else {
            return TakeVerdict(rules: rules, text: "no gesture", finding: finding)
        }
        var parts: [String] = []
        var decision = ExpectationWording.describe(gesture)
        if gesture.outcome != .began, let evidence = gesture.decisionEvidence { decision += ": \(evidence)" }
        parts.append(decision)
        if let pop = gesture.pop {
            var text = "pop \(pop.result.rawValue)" + (pop.by.map { " by \($0.rawValue)" } ?? "")
            if let why = pop.why { text += ": \(why.text)" }
            parts.append(text)
        }
        // A refusal by the content already names the region that claimed the drag.
        if let content = gesture.content, gesture.reason != .contentWon {
            parts.append("\(content.region) \(content.result?.rawValue ?? "undecided")")
        }
        return TakeVerdict(rules: rules, text: parts.joined(separator: "; "), finding: finding)
    }
}

/// Each rule version's takes and their `intent` labels, for the summary at the end.
public struct TakeTally: Sendable, Equatable {
    public private(set) var rules: [String]
    public private(set) var takes = 0
    public private(set) var labels: [IntentTally]

    public init(rules: [String]) {
        self.rules = rules
        labels = rules.map { _ in IntentTally() }
    }

    /// `sign` 1 adds a take, -1 takes back one that was undone.
    public mutating func add(_ verdicts: [TakeVerdict], sign: Int = 1) {
        takes += sign
        for (i, verdict) in verdicts.enumerated() where i < labels.count {
            if verdict.finding == .missedBack { labels[i].missedBack += sign }
            if verdict.finding == .falsePop { labels[i].falsePop += sign }
        }
    }

    /// "fd: 12 takes, 1 missed back, 0 false pops", one line per rule version.
    public var summary: String {
        zip(rules, labels).map { name, l in
            "\(name): \(takes) take\(takes == 1 ? "" : "s"), \(l.missedBack) missed back\(l.missedBack == 1 ? "" : "s"), "
                + "\(l.falsePop) false pop\(l.falsePop == 1 ? "" : "s")\n"
        }.joined()
    }
}
