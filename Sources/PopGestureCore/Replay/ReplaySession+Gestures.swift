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
            gesture = Gesture(record: record, trackedFinger: finger, p0: sample, estimator: estimator, latest: sample)
            gesture!.systemEdge = inSystemEdge
            derivation?.add(
                .init(
                    kind: .down, t: sample.t, point: sample, d: .zero, velocity: estimator.velocity,
                    velocityStep: estimator.lastStep), gesture: record)
            // The hit test sees the stack as section 4 does: without a popping B.
            gesture!.content = GestureContent(
                regions: navigation.stack.top?.regions(at: sample) ?? [], rules: arbiter.rules.content,
                direction: trace.layoutDirection, down: sample)
            recordContent()
            if let region = arbiter.recognizer.regionEvidence(down: sample), region.refuses {
                derivation?.refused(region, gesture: record)
                decide(.refused, reason: .outsideEdge, at: sample, refusal: region)
            } else if arbiter.winsArenaAtDown(hitsContent: { navigation.downPointHitsContent(sample) }) {
                // Alone in its arena, the recognizer wins at the down: no slop, a zero translation.
                recognized(
                    at: sample, Recognition(kind: .arena, d: .zero, limit: 0, translation: .zero), atDown: true,
                    atMoment: false)
            }
        } else if let gesture {
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
            decide(.refused, reason: .tooManyTouches, at: sample, refusal: refusal)
        }
    }

    /// The pop gesture's decision (SPEC section 3); the content learns it unless it made it.
    package mutating func decide(
        _ outcome: GestureOutcome, reason: GestureReason?, at sample: Sample, atMoment: Bool = false,
        refusal: CheckEvidence? = nil, recognition: Recognition? = nil
    ) {
        guard let record = gesture?.record else { return }
        gesture?.decided = true
        gesture?.began = outcome == .began
        records.editGesture(record) {
            $0.outcome = outcome
            $0.reason = reason
            $0.decidedAt = sample
            $0.refusal = refusal
            $0.recognition = recognition
        }
        if reason != .contentWon, gesture?.content != nil {
            gesture!.content!.popDecided(
                began: outcome == .began, at: sample.t, atMoment: atMoment, latest: gesture!.latest,
                anomalies: &records.report.anomalies)
            recordContent()
        }
    }

    /// The gesture's record shows its content as it stands; a new claim begins the detectors' drag.
    package mutating func recordContent() {
        guard gesture?.content != nil else { return }
        if let claim = gesture!.content!.takeNewClaim() {
            for i in detectors.indices {
                detectors[i].dragBegan(region: claim.region, offset: claim.offset, at: claim.t)
            }
        }
        let record = gesture!.content!.record
        records.editGesture(gesture!.record) { $0.content = record }
    }

    package mutating func move(_ finger: Int, _ sample: Sample) {
        guard gesture?.trackedFinger == finger, gesture?.trackedDown == true else { return }
        // In place: a copy of the gesture would share its boxed estimator and copy it on every sample.
        gesture!.estimator.add(sample)
        gesture!.latest = sample
        gesture!.moves += 1
        if let offset = gesture!.content?.follow(sample) {
            for i in detectors.indices {
                detectors[i].scrolled(to: offset, at: sample.t, detections: &records.report.detections)
            }
        }
        derivation?.add(
            .init(
                kind: .move, t: sample.t, point: sample,
                d: Vector(x: sample.x - gesture!.p0.x, y: sample.y - gesture!.p0.y),
                velocity: gesture!.estimator.velocity, velocityStep: gesture!.estimator.lastStep),
            gesture: gesture!.record)
        if gesture!.drivesPop,
            let step = navigation.trackPop(gesture: gesture!.record, sample, velocity: gesture!.estimator.velocity)
        {
            derivation?.popped(step, gesture: gesture!.record)
        }
        let arbiter = Self.arbiter(systemEdge: gesture!.systemEdge, own: self.arbiter, system: self.systemEdge)
        var step = Recognizer.Step.waiting
        var failedHere: CheckEvidence? = nil
        if !gesture!.decided {
            // SloppySwiper's test of the first non-zero velocity comes before its pan's own.
            let velocity = gesture!.estimator.velocity
            if arbiter.rules.recognizer.firstVelocity, !gesture!.velocityTested, velocity != .zero {
                gesture!.velocityTested = true
                if let (reason, evidence) = arbiter.recognizer.firstVelocityRefusal(velocity) {
                    step = .refused(reason, evidence)
                }
            }
            if case .waiting = step {
                // The recognizer may give up on its own first (`pan`'s angle, `activeOffset`'s failY).
                failedHere = arbiter.recognizer.failure(from: gesture!.p0, to: sample)
                if failedHere == nil {
                    step = arbiter.recognizer.step(from: gesture!.p0, to: sample, firstMove: gesture!.moves == 1)
                }
            }
        }
        // A recognizer's own refusal decides before the content looks at the sample, as the region does.
        if case .refused(let reason, let evidence) = step {
            derivation?.refused(evidence, gesture: gesture!.record)
            decide(.refused, reason: reason, at: sample, refusal: evidence)
        }
        var recognizedHere: Recognition? = nil
        if case .recognized(let recognition) = step { recognizedHere = recognition }
        if gesture!.systemEdge { recognizedHere?.kind = .systemEdge }
        var atMoment = false
        if gesture!.content?.reachesMoment(sample) == true {
            atMoment = true
            let pop: GestureContent.PopState = !gesture!.decided ? .undecided : gesture!.began ? .began : .refused
            let verdict = gesture!.content!.moment(
                sample, pop: pop, popRecognizesHere: recognizedHere != nil, anomalies: &records.report.anomalies)
            recordContent()
            // The claimant takes the drag whatever the pop's own checks would have said.
            if verdict == .refusePop {
                let claimant = gesture!.content!.record
                decide(
                    .refused, reason: .contentWon, at: sample,
                    refusal: CheckEvidence(
                        check: "content", refuses: true, quantity: "contentWon",
                        value: .name("\(claimant.region) (\(claimant.kind.rawValue)) claimed the drag")))
            }
        }
        if !gesture!.decided, let failure = failedHere {
            derivation?.refused(failure, gesture: gesture!.record)
            decide(.refused, reason: .notHorizontal, at: sample, atMoment: atMoment, refusal: failure)
            return
        }
        guard !gesture!.decided, let recognition = recognizedHere else { return }
        recognized(at: sample, recognition, atDown: false, atMoment: atMoment)
    }

    /// The tracked finger's gesture is recognized at `sample`: the begin checks decide, and a gesture
    /// that began starts the interactive pop; `atMoment`: at the content moment's own sample.
    package mutating func recognized(at sample: Sample, _ recognition: Recognition, atDown: Bool, atMoment: Bool) {
        let translation = recognition.translation
        let arbiter = Self.arbiter(systemEdge: gesture!.systemEdge, own: self.arbiter, system: self.systemEdge)
        let context = BeginContext(
            stackCount: navigation.stack.count, top: navigation.stack.top!, location: sample,
            translation: translation, busy: navigation.busy, atDown: atDown, velocity: gesture!.estimator.velocity)
        derivation?.recognized(recognition, checks: arbiter.checks(context), gesture: gesture!.record)
        if let (check, refusal) = arbiter.refusal(context) {
            decide(
                .refused, reason: check.reason, at: sample, atMoment: atMoment, refusal: refusal,
                recognition: recognition)
            return
        }
        decide(.began, reason: nil, at: sample, atMoment: atMoment, recognition: recognition)
        gesture!.estimator.began()
        let step = navigation.beginInteractivePop(
            gesture: gesture!.record, at: sample, translation: translation, velocity: gesture!.estimator.velocity,
            trace: trace, rules: arbiter.rules, records: &records)
        gesture!.drivesPop = step != nil
        if let step { derivation?.popped(step, gesture: gesture!.record) }
    }

    package mutating func lift(_ finger: Int, at t: Double, cancelled: Bool) {
        fingersDown.remove(finger)
        if var current = gesture, current.trackedFinger == finger, current.trackedDown {
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
            gesture = current
            recordContent()
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
                gesture?.decided = true
            } else if current.drivesPop {
                gesture?.drivesPop = false
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
        }
        if fingersDown.isEmpty {
            gesture = nil
            records.closeGestures()
        }
    }
}
