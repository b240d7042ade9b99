import Foundation

/// The content under one gesture's down point and what it does with the drag (SPEC section 9): the
/// content moment, what each region wants, the policy that arbitrates with the pop, and a claimed
/// region's state. The session tells it what happens to the gesture and the pop; it answers whether
/// the pop is refused and what anomalies arose, and never touches the transition or the bar. A class:
/// the gesture that holds it is copied on the replay's hot path, and this need not be.
package final class GestureContent {
    /// Front-most first; kept until the gesture ends, even if the view controller's list is replaced.
    package let regions: [RegionInstance]
    private let rules: Rules.Content
    /// +1 in ltr, -1 in rtl: the pop direction.
    private let c: Double
    private let p0: Sample

    package private(set) var result: ContentResult?
    /// The first region that wanted the drag at the content moment.
    private var claimant: RegionInstance?
    /// A swipe row's state after its claim, as the wants rules saw the drag at the moment.
    private var rowOpens = false
    /// The content moment's sample, once reached.
    private var moment: Sample?
    /// The claimant waits for the pop's decision: requirePopToFail, or a tie that the pop takes first.
    private var waiting = false
    /// A claim that let the pop go on (simultaneousAtEdge): a pop that begins too is handled twice.
    private var alongside = false
    private var claimedAt: Sample?
    /// A claimed scroll region follows the finger from the claim point until the tracked finger lifts.
    private var following: (offset: Double, position: Double)?
    private var offsetFrom: Double?
    private var offsetTo: Double?
    private var delay: Double?
    /// A claim made at the last call, for the detectors: its region, the offset and the time.
    private var newClaim: (region: ContentRegion, offset: Double, t: Double)?

    package init?(regions: [RegionInstance], rules: Rules.Content, direction: LayoutDirection, down p0: Sample) {
        guard !regions.isEmpty else { return nil }
        self.regions = regions
        self.rules = rules
        c = direction == .ltr ? 1 : -1
        self.p0 = p0
    }

    /// What the pop is when the content moment comes.
    package enum PopState { case undecided, began, refused }

    /// What the session must do after the content moment.
    package enum Verdict { case none, refusePop }

    // MARK: The content moment

    /// The content moment is this sample: the first move past the content hysteresis, while the
    /// content result is not set (SPEC section 9).
    package func reachesMoment(_ sample: Sample) -> Bool {
        guard result == nil, moment == nil else { return false }
        let dx = abs(sample.x - p0.x)
        let dy = abs(sample.y - p0.y)
        return dx >= rules.hysteresis || dy >= rules.hysteresis
    }

    /// Evaluates the wants rules at the content moment and arbitrates with the pop as it stands;
    /// `popRecognizesHere`: the pop is recognized at this same sample (i = j).
    package func moment(_ sample: Sample, pop: PopState, popRecognizesHere: Bool, anomalies: inout [Anomaly]) -> Verdict
    {
        moment = sample
        let dx = sample.x - p0.x
        let dy = sample.y - p0.y
        let horizontal = abs(dx) >= abs(dy)
        let popDirection = c * dx > 0
        guard
            let wanting = regions.first(where: { wants($0.region, horizontal: horizontal, popDirection: popDirection) })
        else {
            result = .declined
            return .none
        }
        claimant = wanting
        rowOpens = !popDirection
        let control = wanting.region.kind == .control
        let simultaneous =
            rules.policy == .simultaneousAtEdge && !control
            && wanting.region.kind == .scroll && (wanting.region.axis == .vertical || wanting.region.offset <= 0)
        switch pop {
        case .refused:
            claim(at: sample)
        case .began:
            // Only simultaneousAtEdge evaluates the moment after the pop began.
            if simultaneous {
                claim(at: sample)
                anomalies.append(
                    Finding(t: sample.t, .doubleHandled(region: wanting.region.id, beforeMoment: true)))
            } else {
                result = .lost
            }
        case .undecided:
            if simultaneous {
                claim(at: sample)
                alongside = true
            } else if rules.policy == .requirePopToFail && !control {
                waiting = true
            } else if popRecognizesHere && rules.ties == .pop && !control {
                waiting = true
            } else {
                claim(at: sample)
                return .refusePop
            }
        }
        return .none
    }

    /// SPEC section 9's wants rules, as the drag stands at the content moment.
    private func wants(_ region: ContentRegion, horizontal: Bool, popDirection: Bool) -> Bool {
        switch region.kind {
        case .scroll:
            let onAxis = (region.axis == .horizontal) == horizontal
            if rules.policy == .edgeYields, region.axis == .horizontal, region.offset <= 0, popDirection {
                return false
            }
            return onAxis
        case .swipeRow:
            return horizontal && (region.open || !popDirection)
        case .control:
            return region.protected && (region.axis == .horizontal) == horizontal
        }
    }

    // MARK: The pop's decision

    /// The pop was decided at this item, not by the content (`atMoment`: at the content moment's own
    /// sample); `latest` is the tracked finger's latest sample, the point of a claim delayed to here.
    package func popDecided(began: Bool, at t: Double, atMoment: Bool, latest: Sample, anomalies: inout [Anomaly]) {
        if began, let control = regions.first(where: { $0.region.kind == .control && !$0.region.protected }) {
            anomalies.append(
                Finding(t: t, .controlInterrupted(control: control.region.id)))
        }
        if began, alongside {
            anomalies.append(
                Finding(t: t, .doubleHandled(region: claimant!.region.id, beforeMoment: false)))
        }
        guard result == nil else { return }
        if began {
            // Under simultaneousAtEdge the content moment is still to come and decides then.
            if waiting || rules.policy != .simultaneousAtEdge || moment != nil { result = .lost }
            return
        }
        guard waiting, let moment else { return }
        if atMoment {
            claim(at: moment)
        } else {
            // At i, from where the tracked finger is then (i may be another finger's down).
            claim(at: Sample(t: t, x: latest.x, y: latest.y))
            delay = t - moment.t
            anomalies.append(
                Finding(t: t, .contentDelayed(region: claimant!.region.id, waited: t - moment.t)))
        }
    }

    // MARK: The claim

    private func claim(at point: Sample) {
        guard let claimant else { return }
        waiting = false
        result = .claimed
        claimedAt = point
        newClaim = (claimant.region, claimant.region.offset, point.t)
        switch claimant.region.kind {
        case .scroll:
            following = (claimant.region.offset, position(of: point, along: claimant.region))
            offsetFrom = claimant.region.offset
        case .swipeRow:
            claimant.region.open = rowOpens
        case .control:
            break
        }
    }

    /// The claim the last call made, once (will-begin-dragging, for the detectors).
    package func takeNewClaim() -> (region: ContentRegion, offset: Double, t: Double)? {
        defer { newClaim = nil }
        return newClaim
    }

    /// A claimed scroll region follows the tracked finger 1:1 from the claim point, unclamped; the
    /// new offset when it changed (did-scroll).
    package func follow(_ sample: Sample) -> Double? {
        guard let following, let claimant else { return nil }
        let a = claimant.region.axis == .horizontal ? c : 1
        let offset = following.offset - a * (position(of: sample, along: claimant.region) - following.position)
        guard offset != claimant.region.offset else { return nil }
        claimant.region.offset = offset
        return offset
    }

    /// A claimed scroll region's offset while the finger drags it.
    package var draggedOffset: Double? {
        following == nil ? nil : claimant?.region.offset
    }

    private func position(of sample: Sample, along region: ContentRegion) -> Double {
        region.axis == .horizontal ? sample.x : sample.y
    }

    // MARK: The end

    /// The tracked finger lifted (or was cancelled) with `velocity`, the estimator's at the lift.
    package func trackedFingerEnded(
        at t: Double, velocity: Vector, cancelled: Bool, popBegan: Bool, anomalies: inout [Anomaly]
    ) {
        if following != nil, let claimant {
            following = nil
            var offset = claimant.region.offset
            if !cancelled {
                // UIKit's deceleration, its distance at once: v / (1000 ln k), v along the offset.
                let a = claimant.region.axis == .horizontal ? c : 1
                let v = a * (claimant.region.axis == .horizontal ? velocity.x : velocity.y)
                offset += v / (1000 * log(rules.deceleration))
            }
            offset = min(max(offset, 0), claimant.region.maxOffset ?? .infinity)
            claimant.region.offset = offset
            offsetTo = offset
        }
        settleUnset(at: t, popBegan: popBegan, anomalies: &anomalies)
    }

    /// The trace ended with the tracked finger down; `t` is the trace's last item.
    package func traceEnded(at t: Double, popBegan: Bool, anomalies: inout [Anomaly]) {
        following = nil
        settleUnset(at: t, popBegan: popBegan, anomalies: &anomalies)
    }

    private func settleUnset(at t: Double, popBegan: Bool, anomalies: inout [Anomaly]) {
        guard result == nil else { return }
        if waiting {
            result = .blocked
            anomalies.append(
                Finding(t: t, .contentBlocked(region: claimant!.region.id)))
        } else {
            result = popBegan ? .lost : .unreached
        }
    }

    /// The gesture's `content` in the report (SPEC section 8).
    package var record: ContentRecord {
        let shown = claimant ?? regions[0]
        let claimed = result == .claimed
        return ContentRecord(
            region: shown.region.id, kind: shown.region.kind, result: result, at: claimed ? claimedAt : nil,
            offset: claimed && shown.region.kind == .scroll
                ? ContentRecord.Offset(from: offsetFrom ?? 0, to: offsetTo) : nil,
            open: claimed && shown.region.kind == .swipeRow ? rowOpens : nil, delay: delay)
    }
}
