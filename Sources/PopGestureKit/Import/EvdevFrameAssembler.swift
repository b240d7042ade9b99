import PopGestureCore

/// The stage evemu and libinput recordings share: one trace document per device, its events grouped
/// into frames by SYN_REPORT and handed to the device's tracker, times in milliseconds from the
/// recording's first event. It also judges the event stream itself: time going back is an error;
/// unknown codes, dropped events, a recording cut inside a frame and fingers never lifted are warnings.
final class EvdevFrameAssembler {
    let path: String
    /// The documents' name: the file stem, with `#N` per device when the recording holds several.
    let name: String
    let screen: Screen
    /// The recording's format, for the documents' `origin`.
    let format: ImportFormat
    private let documents: TraceDocumentWriter
    private let warn: (Diagnostic) -> Void
    /// The recording's first event, of any type and any device: time 0 of every document, so the
    /// documents of one recording keep their relative timing.
    private var origin: (time: Int64, line: Int)?
    /// Unknown codes are reported once per recording.
    private var reported: Set<UInt32> = []

    // The device being read.
    private var device: EvdevDevice?
    private var tracker: (any TouchTracker)?
    private var strokes: StrokeWriter?
    private var previous: (time: Int64, line: Int)?
    /// The first event since the last SYN_REPORT.
    private var frameStart: SourcePosition?
    private var eventCount = 0
    private var droppedReported = false

    init(
        path: String, name: String, format: ImportFormat, screen: Screen, documents: TraceDocumentWriter,
        warn: @escaping (Diagnostic) -> Void
    ) {
        self.path = path
        self.name = name
        self.format = format
        self.screen = screen
        self.documents = documents
        self.warn = warn
    }

    /// Starts a device's document once its description is read. In a recording of several devices a
    /// device without touch axes (a keyboard, a mouse) is passed by with a warning; alone, it is an error.
    func beginDevice(_ description: EvdevDevice) throws {
        device = description
        previous = nil
        frameStart = nil
        eventCount = 0
        droppedReported = false
        if let ordinal = description.ordinal, !description.hasTouchAxes {
            warn(
                description.position.warning(
                    "device \(ordinal) has no touch axes (no ABS_MT_POSITION_X/Y or ABS_X/Y range); it is left out"))
            tracker = nil
            strokes = nil
            return
        }
        tracker = try description.tracker(screen: screen)
        strokes = try documents.begin(
            name: description.ordinal.map { "\(name)#\($0)" } ?? name,
            origin: TraceOrigin(format: format, path: path, device: description, screen: screen), path: path)
    }

    func event(_ event: EvdevEvent) throws {
        guard let origin = try accept(event), let strokes else { return }
        if let problem = Evdev.unknown(type: event.type, code: event.code) {
            if reported.insert(UInt32(event.type) << 16 | UInt32(event.code)).inserted {
                warn(at(event).warning(problem + "; ignored"))
            }
            return
        }
        if event.type == Evdev.synType, event.code == Evdev.synReport {
            let t = Double(event.time - origin.time) / 1000
            try strokes.advance(to: t)
            // Through the stored tracker, not a copy, so its state is not copied on every event.
            try tracker?.closeFrame(at: t, position: at(event), into: strokes)
            frameStart = nil
            return
        }
        if event.type == Evdev.synType, event.code == Evdev.synDropped, !droppedReported {
            droppedReported = true
            warn(
                at(event).warning(
                    "the kernel dropped events here (SYN_DROPPED); positions up to the next frames may be stale"))
        }
        frameStart = frameStart ?? at(event)
        try tracker?.apply(event, path: path)
    }

    /// An event of the stream whose code the recording names in a way the reader cannot number (a
    /// getevent label of a key no tracker reads): it counts for time and frames, and is not read.
    func passBy(_ event: EvdevEvent) throws {
        guard try accept(event) != nil else { return }
        frameStart = frameStart ?? at(event)
    }

    /// Checks the event's time; the recording's time 0 when the device is read, else nil.
    private func accept(_ event: EvdevEvent) throws -> (time: Int64, line: Int)? {
        let origin = self.origin ?? (event.time, event.line)
        self.origin = origin
        guard tracker != nil, strokes != nil else { return nil }
        if let previous, event.time < previous.time {
            throw at(event).error(
                "event time \(seconds(event.time)) is before the previous event's, \(seconds(previous.time)) (line \(previous.line)); evdev times never go back",
                suggestion: "a recording whose clock jumped back, or two recordings joined, must be split there")
        }
        if event.time < origin.time {
            throw at(event).error(
                "event time \(seconds(event.time)) is before the recording's first event, \(seconds(origin.time)) (line \(origin.line)); trace times start at 0",
                suggestion: "in a libinput record of several devices, times count from the first event in the file")
        }
        previous = (event.time, event.line)
        eventCount += 1
        return origin
    }

    /// Ends the device's document.
    func endDevice() throws {
        defer {
            tracker = nil
            strokes = nil
            device = nil
        }
        guard let strokes, let device else { return }
        if let frameStart {
            warn(
                frameStart.warning(
                    "the recording ends inside a frame: the events from here on have no SYN_REPORT and are left out (a recording cut short?)"
                ))
        }
        if eventCount == 0 {
            warn(device.position.warning("the recording holds no events; its trace has no strokes"))
        }
        let unplaced = tracker?.unplacedContacts() ?? []
        for contact in unplaced { warn(contact.warning) }
        // Before the document is finished, so that no trace without strokes is written for it.
        if !unplaced.isEmpty, strokes.strokesBegun == 0 {
            throw device.position.error(
                "no stroke is left: \(counted(unplaced.count, "contact")) went down without a position, and nothing else touched",
                suggestion: "record every ABS_ event of the device (not through a filter such as `grep`)")
        }
        for (finger, origin) in try strokes.finish() {
            warn(
                origin.warning(
                    "finger \(finger) is still down when the recording ends; its stroke is kept without `up`"))
        }
    }

    private func at(_ event: EvdevEvent) -> SourcePosition {
        SourcePosition(path: path, line: event.line, column: event.column)
    }

    private func seconds(_ microseconds: Int64) -> String {
        let sign = microseconds < 0 ? "-" : ""
        let magnitude = microseconds.magnitude
        return "\(sign)\(magnitude / 1_000_000).\(String(magnitude % 1_000_000).leftPadded(to: 6)) s"
    }
}
