/// The session's gesture handling (SPEC section 3): each finger's down, move and lift, routed to
/// the recognizer and the arbiter, the gesture's content (section 9) and detectors (section 10), and
/// the navigation controller's interactive pop.
extension ReplaySession {
    /// The arbiter a gesture answers to: UIKit's own edge pop's for one that started in its edge
    /// (`recognizer.systemEdge`), else the rule version's.
    /// Static, over the two stored arbiters: as a method on the session, a call from a mutating
    /// method copied the whole session (and retained everything in it) on every move.
    package static func arbiter(systemEdge edge: Bool, own: Arbiter, system: Arbiter?) -> Arbiter {
        edge ? system! : own
    }

    package mutating func down(_ finger: Int, _ sample: Sample) {
        let idle = fingersDown.isEmpty
        fingersDown.insert(finger)
        if idle {
            let record = records.openGesture(finger: finger, down: sample)
            // The system's edge pan goes first: a down in its edge is its gesture, whole.
            let inSystemEdge = systemEdge.map { $0.recognizer.regionEvidence(down: sample)?.refuses == false } ?? false
            let arbiter = Self.arbiter(systemEdge: inSystemEdge, own: self.arbiter, system: self.systemEdge)
            var estimator = makeVelocityEstimator(
                arbiter.rules.velocity, ema: arbiter.rules.ema, clock: arbiter.rules.frameClock)
            estimator.add(sample)
            var gesture = Gesture(
                record: record, trackedFinger: finger, p0: sample, estimator: estimator, latest: sample)
            gesture.systemEdge = inSystemEdge
            derivation?.add(
                .init(
                    kind: .down, t: sample.t, point: sample, d: .zero, velocity: estimator.velocity,
                    velocityStep: estimator.lastStep), gesture: record)
            // The hit test sees the stack as section 4 does: without a popping B.
            gesture.content = GestureContent(
                regions: navigation.stack.top?.regions(at: sample) ?? [], rules: arbiter.rules.content,
                direction: trace.layoutDirection, down: sample)
            recordContent(&gesture)
            if let region = arbiter.recognizer.regionEvidence(down: sample), region.refuses {
                derivation?.refused(region, gesture: record)
                decide(&gesture, .refused, reason: .outsideEdge, at: sample, refusal: region)
            } else if arbiter.winsArenaAtDown(hitsContent: { navigation.downPointHitsContent(sample) }) {
                // Alone in its arena, the recognizer wins at the down: no slop, a zero translation.
                recognized(
                    &gesture, at: sample, Recognition(kind: .arena, d: .zero, limit: 0, translation: .zero),
                    atDown: true, atMoment: false)
            }
            self.gesture = gesture
        } else if var gesture = self.gesture.take() {
            defer { self.gesture = gesture }
            derivation?.add(
                .init(
                    kind: .otherFinger(finger), t: sample.t, point: sample, d: .zero,
                    velocity: gesture.estimator.velocity),
                gesture: gesture.record)
            let maxTouches = Self.arbiter(systemEdge: gesture.systemEdge, own: self.arbiter, system: self.systemEdge)
                .rules.recognizer.maxTouches
            guard !gesture.decided, fingersDown.count > maxTouches else { return }
            let refusal = CheckEvidence(
                check: "maxTouches", refuses: true, quantity: "fingers down", value: .number(Double(fingersDown.count)),
                limitName: "maxTouches", limit: Double(maxTouches))
            derivation?.refused(refusal, gesture: gesture.record)
            decide(&gesture, .refused, reason: .tooManyTouches, at: sample, refusal: refusal)
        }
    }

    /// The pop gesture's decision (SPEC section 3); the content learns it unless it made it.
    package mutating func decide(
        _ gesture: inout Gesture, _ outcome: GestureOutcome, reason: GestureReason?, at sample: Sample,
        atMoment: Bool = false, refusal: CheckEvidence? = nil, recognition: Recognition? = nil
    ) {
        gesture.decided = true
        gesture.began = outcome == .began
        records.editGesture(gesture.record) {
            $0.outcome = outcome
            $0.reason = reason
            $0.decidedAt = sample
            $0.refusal = refusal
            $0.recognition = recognition
        }
        if reason != .contentWon, gesture.content != nil {
            gesture.content!.popDecided(
                began: outcome == .began, at: sample.t, atMoment: atMoment, latest: gesture.latest,
                anomalies: &records.report.anomalies)
            recordContent(&gesture)
        }
    }

    /// The gesture's record shows its content as it stands; a new claim begins the detectors' drag.
    package mutating func recordContent(_ gesture: inout Gesture) {
        guard gesture.content != nil else { return }
        if let claim = gesture.content!.takeNewClaim() {
            for i in detectors.indices {
                detectors[i].dragBegan(region: claim.region, offset: claim.offset, at: claim.t)
            }
        }
        let record = gesture.content!.record
        records.editGesture(gesture.record) { $0.content = record }
    }

    package mutating func move(_ finger: Int, _ sample: Sample) {
        guard gesture?.trackedFinger == finger, gesture?.trackedDown == true else { return }
        // Taken out of the session while the sample moves it, and handed on inout: read and written
        // through `gesture!`, the optional gesture was copied whole, through Optional's generic value
        // witnesses, several times a sample (an eighth of what a replay cost in `sweep`). In place, the
        // boxed estimator is not copied either.
        var gesture = self.gesture.take()!
        move(&gesture, sample)
        self.gesture = consume gesture
    }

    /// A move of the gesture's tracked finger.
    private mutating func move(_ gesture: inout Gesture, _ sample: Sample) {
        gesture.estimator.add(sample)
        gesture.latest = sample
        gesture.moves += 1
        if let offset = gesture.content?.follow(sample) {
            for i in detectors.indices {
                detectors[i].scrolled(to: offset, at: sample.t, detections: &records.report.detections)
            }
        }
        derivation?.add(
            .init(
                kind: .move, t: sample.t, point: sample,
                d: Vector(x: sample.x - gesture.p0.x, y: sample.y - gesture.p0.y),
                velocity: gesture.estimator.velocity, velocityStep: gesture.estimator.lastStep),
            gesture: gesture.record)
        if gesture.drivesPop,
            let step = navigation.trackPop(gesture: gesture.record, sample, velocity: gesture.estimator.velocity)
        {
            derivation?.popped(step, gesture: gesture.record)
        }
        // Most moves come after the decision, when only the content's moment may still come: the
        // recognizer's step (a large enum, copied by every pattern that reads it) and the optionals
        // below are made, read and destroyed only while the gesture is undecided.
        guard !gesture.decided else {
            if gesture.content?.reachesMoment(sample) == true {
                contentMoment(&gesture, at: sample, popRecognizesHere: false)
            }
            return
        }
        let arbiter = Self.arbiter(systemEdge: gesture.systemEdge, own: self.arbiter, system: self.systemEdge)
        var step = Recognizer.Step.waiting
        var failedHere: CheckEvidence? = nil
        var recognizedHere: Recognition? = nil
        // SloppySwiper's test of the first non-zero velocity comes before its pan's own.
        let velocity = gesture.estimator.velocity
        if arbiter.rules.recognizer.firstVelocity, !gesture.velocityTested, velocity != .zero {
            gesture.velocityTested = true
            if let (reason, evidence) = arbiter.recognizer.firstVelocityRefusal(velocity) {
                step = .refused(reason, evidence)
            }
        }
        if case .waiting = step {
            // The recognizer may give up on its own first (`pan`'s angle, `activeOffset`'s failY).
            failedHere = arbiter.recognizer.failure(from: gesture.p0, to: sample)
            if failedHere == nil {
                step = arbiter.recognizer.step(from: gesture.p0, to: sample, firstMove: gesture.moves == 1)
            }
        }
        switch step {
        case .waiting: break
        case .refused(let reason, let evidence):
            // A recognizer's own refusal decides before the content looks at the sample, as the region does.
            derivation?.refused(evidence, gesture: gesture.record)
            decide(&gesture, .refused, reason: reason, at: sample, refusal: evidence)
        case .recognized(let recognition): recognizedHere = recognition
        }
        if gesture.systemEdge { recognizedHere?.kind = .systemEdge }
        var atMoment = false
        if gesture.content?.reachesMoment(sample) == true {
            atMoment = true
            contentMoment(&gesture, at: sample, popRecognizesHere: recognizedHere != nil)
        }
        if !gesture.decided, let failure = failedHere {
            derivation?.refused(failure, gesture: gesture.record)
            decide(&gesture, .refused, reason: .notHorizontal, at: sample, atMoment: atMoment, refusal: failure)
            return
        }
        guard !gesture.decided, let recognition = recognizedHere else { return }
        recognized(&gesture, at: sample, recognition, atDown: false, atMoment: atMoment)
    }

    /// The content's moment (SPEC section 9) at `sample`: the claimant, if any, takes the drag whatever
    /// the pop's own checks would have said.
    private mutating func contentMoment(_ gesture: inout Gesture, at sample: Sample, popRecognizesHere: Bool) {
        let pop: GestureContent.PopState = !gesture.decided ? .undecided : gesture.began ? .began : .refused
        let verdict = gesture.content!.moment(
            sample, pop: pop, popRecognizesHere: popRecognizesHere, anomalies: &records.report.anomalies)
        recordContent(&gesture)
        guard verdict == .refusePop else { return }
        let claimant = gesture.content!.record
        decide(
            &gesture,
            .refused, reason: .contentWon, at: sample,
            refusal: CheckEvidence(
                check: "content", refuses: true, quantity: "contentWon",
                value: .name("\(claimant.region) (\(claimant.kind.rawValue)) claimed the drag")))
    }

    /// The tracked finger's gesture is recognized at `sample`: the begin checks decide, and a gesture
    /// that began starts the interactive pop; `atMoment`: at the content moment's own sample.
    package mutating func recognized(
        _ gesture: inout Gesture, at sample: Sample, _ recognition: Recognition, atDown: Bool, atMoment: Bool
    ) {
        let translation = recognition.translation
        let arbiter = Self.arbiter(systemEdge: gesture.systemEdge, own: self.arbiter, system: self.systemEdge)
        let context = BeginContext(
            stackCount: navigation.stack.count, top: navigation.stack.top!, location: sample,
            translation: translation, busy: navigation.busy, atDown: atDown, velocity: gesture.estimator.velocity)
        derivation?.recognized(recognition, checks: arbiter.checks(context), gesture: gesture.record)
        if let (check, refusal) = arbiter.refusal(context) {
            decide(
                &gesture,
                .refused, reason: check.reason, at: sample, atMoment: atMoment, refusal: refusal,
                recognition: recognition)
            return
        }
        decide(&gesture, .began, reason: nil, at: sample, atMoment: atMoment, recognition: recognition)
        gesture.estimator.began()
        let step = navigation.beginInteractivePop(
            gesture: gesture.record, at: sample, translation: translation, velocity: gesture.estimator.velocity,
            trace: trace, rules: arbiter.rules, records: &records)
        gesture.drivesPop = step != nil
        if let step { derivation?.popped(step, gesture: gesture.record) }
    }

    package mutating func lift(_ finger: Int, at t: Double, cancelled: Bool) {
        fingersDown.remove(finger)
        if gesture?.trackedFinger == finger, gesture?.trackedDown == true {
            var current = gesture.take()!
            current.trackedDown = false
            // `ema` takes the lift at the finger's latest position (Ionic samples pointerUp).
            current.estimator.lift(at: t, from: current.latest)
            if let offset = current.content?.draggedOffset {
                for i in detectors.indices {
                    detectors[i].dragEnded(at: offset, at: t, anomalies: &records.report.anomalies)
                }
            }
            // A claim ends with the tracked finger, even with other fingers down.
            current.content?.trackedFingerEnded(
                at: t, velocity: current.estimator.velocity, cancelled: cancelled,
                popBegan: current.began, anomalies: &records.report.anomalies)
            recordContent(&current)
            derivation?.add(
                .init(
                    kind: cancelled ? .cancel : .lift, t: t, point: nil, d: .zero, velocity: current.estimator.velocity,
                    velocityStep: current.estimator.lastStep),
                gesture: current.record)
            if !current.decided {
                records.editGesture(current.record) {
                    $0.outcome = .unrecognized
                    $0.reason = cancelled ? .touchCancelled : .touchEnded
                }
                current.decided = true
            } else if current.drivesPop {
                current.drivesPop = false
                let rules = Self.arbiter(systemEdge: current.systemEdge, own: self.arbiter, system: self.systemEdge)
                    .rules
                // `hold`: a cancel nobody handles leaves the pop where the finger left it, unfinished.
                if !(cancelled && rules.completion.onCancel == .hold),
                    let step = navigation.releasePop(
                        gesture: current.record, at: t, down: current.p0.t, velocity: current.estimator.velocity,
                        cancelled: cancelled, rules: rules, records: &records)
                {
                    derivation?.popped(step, gesture: current.record)
                }
            }
            gesture = current
        }
        if fingersDown.isEmpty {
            gesture = nil
            records.closeGestures()
        }
    }
}
