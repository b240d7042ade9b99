/// What a trace's `expect` items can ask about, kept in a few bytes per gesture, bar change and
/// anomaly, so that a long recording replayed without records need not keep them (SPEC section 6).
/// The items usually come after the events, so everything is kept; past a block, on disk.
package struct ExpectationEvidence {
    /// One gesture: outcome, reason, pop result and what decided the pop, as indices.
    package struct GestureSummary: BitwiseCopyable {
        package var outcome: UInt8 = 0
        package var reason: UInt8 = 0
        package var popResult: UInt8 = 0
        package var popBy: UInt8 = 0
        /// 0 no content; 1 + the result's index, or 255 while undecided.
        package var content: UInt8 = 0
    }

    package struct BarPoint: BitwiseCopyable {
        package var t: Double
        package var hidden: Bool

        package init(t: Double, hidden: Bool) {
            self.t = t
            self.hidden = hidden
        }
    }

    package let gestures: RecordLog<GestureSummary>
    /// Bar entries after the initial one.
    package let bar: RecordLog<BarPoint>
    /// Anomaly kinds, as indices into `AnomalyKind.allCases`.
    package let anomalies: RecordLog<UInt8>
    /// Detection directions, as indices into `ScrollDirection.allCases`.
    package let detections: RecordLog<UInt8>

    package init(blockSize: Int = 1 << 16) {
        gestures = RecordLog(blockSize: blockSize)
        bar = RecordLog(blockSize: blockSize)
        anomalies = RecordLog(blockSize: blockSize)
        detections = RecordLog(blockSize: blockSize)
    }

    package func add(_ gesture: GestureRecord) {
        var summary = GestureSummary()
        summary.outcome = gesture.outcome.map { UInt8(GestureOutcome.allCases.firstIndex(of: $0)! + 1) } ?? 0
        summary.reason = gesture.reason.map { UInt8(GestureReason.allCases.firstIndex(of: $0)! + 1) } ?? 0
        summary.popResult = gesture.pop.map { UInt8(PopResult.allCases.firstIndex(of: $0.result)! + 1) } ?? 0
        summary.popBy = gesture.pop?.by.map { UInt8(PopDecider.allCases.firstIndex(of: $0)! + 1) } ?? 0
        if let content = gesture.content {
            summary.content = content.result.map { UInt8(ContentResult.allCases.firstIndex(of: $0)! + 1) } ?? 255
        }
        gestures.append(summary)
    }

    package func add(bar entry: BarEntry) {
        bar.append(BarPoint(t: entry.t, hidden: entry.hidden))
    }

    package func add(detection direction: ScrollDirection) {
        detections.append(UInt8(ScrollDirection.allCases.firstIndex(of: direction)!))
    }

    package func add(anomaly kind: AnomalyKind) {
        anomalies.append(UInt8(AnomalyKind.allCases.firstIndex(of: kind)!))
    }

    /// Gesture `n` (from 1) as far as the summary knows it: no positions, progress or velocity.
    package func gesture(_ n: Int) -> GestureRecord? {
        guard let s = gestures[n - 1] else { return nil }
        var record = GestureRecord(index: n, finger: 0, down: Sample(t: 0, x: 0, y: 0))
        record.outcome = s.outcome == 0 ? nil : GestureOutcome.allCases[Int(s.outcome) - 1]
        record.reason = s.reason == 0 ? nil : GestureReason.allCases[Int(s.reason) - 1]
        if s.content != 0 {
            // The region is not kept: only the result is ever asked of a summary.
            let result = s.content == 255 ? nil : ContentResult.allCases[Int(s.content) - 1]
            record.content = ContentRecord(region: "", kind: .scroll, result: result)
        }
        if s.popResult != 0 {
            record.pop = PopRecord(
                result: PopResult.allCases[Int(s.popResult) - 1],
                by: s.popBy == 0 ? nil : PopDecider.allCases[Int(s.popBy) - 1])
        }
        return record
    }

    package func anomalyKinds(prefix n: Int) -> [AnomalyKind] {
        anomalies.prefix(n).map { AnomalyKind.allCases[Int($0)] }
    }
}
