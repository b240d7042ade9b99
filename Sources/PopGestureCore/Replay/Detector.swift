/// Code of an app's own that watches the same touches (SPEC section 10). A detector observes a
/// claimed scroll region's drag as the replay plays it and adds detections and anomalies; it never
/// changes the replay. A new kind is one type conforming to this, and a case in `make`.
package protocol Detector {
    /// A content region claimed the drag (will-begin-dragging), at `offset`.
    mutating func dragBegan(region: ContentRegion, offset: Double, at t: Double)
    /// A later sample of the tracked finger changed the offset (did-scroll).
    mutating func scrolled(to offset: Double, at t: Double, detections: inout [Detection])
    /// The tracked finger lifted or was cancelled (did-end-dragging), before any deceleration.
    mutating func dragEnded(at offset: Double, at t: Double, anomalies: inout [Anomaly])
}

/// The detectors of a rule version, in the order they report.
package func makeDetectors(_ rules: [DetectorRule]) -> [any Detector] {
    rules.map { rule in
        switch rule.kind {
        case .scrollDirection: ScrollDirectionDetector(rule: rule)
        }
    }
}

/// The seed article's SITableView category: on will-begin-dragging it remembers the offset; on each
/// did-scroll while dragging it reports up or down when the offset moved more than
/// `minMoveDistance` past the remembered one. Only vertical scroll views are watched.
package struct ScrollDirectionDetector: Detector {
    package let rule: DetectorRule
    /// The drag being watched: its region, where it started, the offset compared with, and whether
    /// anything was reported in it.
    private var drag: (region: String, startOffset: Double, compared: Double, reported: Bool)?
    /// Drags watched so far.
    private var drags = 0

    package init(rule: DetectorRule) {
        self.rule = rule
    }

    package mutating func dragBegan(region: ContentRegion, offset: Double, at t: Double) {
        guard region.kind == .scroll, region.axis == .vertical else { return }
        drag = (region.id, offset, offset, false)
        drags += 1
    }

    package mutating func scrolled(to offset: Double, at t: Double, detections: inout [Detection]) {
        guard var current = drag else { return }
        let start = current.compared
        let minimum = rule.minMoveDistance
        let direction: ScrollDirection? = start < offset - minimum ? .up : start > offset + minimum ? .down : nil
        if let direction {
            detections.append(
                Detection(
                    detector: rule.label, region: current.region, t: t, direction: direction,
                    offset: offset, delta: offset - start, drag: drags - 1))
            current.reported = true
        }
        // The article's code moves its start on every did-scroll; dragStart only on a report.
        if rule.compare == .previous || direction != nil { current.compared = offset }
        drag = current
    }

    package mutating func dragEnded(at offset: Double, at t: Double, anomalies: inout [Anomaly]) {
        guard let current = drag else { return }
        drag = nil
        let moved = abs(offset - current.startOffset)
        if !current.reported, moved > rule.minMoveDistance {
            anomalies.append(
                Finding(t: t, .missedScroll(detector: rule.label, region: current.region, moved: moved)))
        }
    }
}
