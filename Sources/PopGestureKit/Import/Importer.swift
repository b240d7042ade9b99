import PopGestureCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `popgesture import`: raw touch recordings into trace documents, one per recording (one per device
/// in a libinput record of several devices).
///
/// Stages, streamed end to end so a recording of any size costs flat memory: a format's reader
/// (`EvemuReader`, `LibinputRecordReader`, `GeteventReader`: evdev events; `CSVTouchLogReader`
/// through a `CSVMapping`: samples) -> for evdev,
/// `EvdevFrameAssembler` grouping events into frames for the device's tracker (`ProtocolBTracker`,
/// `ProtocolATracker`, `SingleTouchTracker`) -> `StrokeWriter` writing strokes in trace order as soon
/// as they are due -> `TraceDocumentWriter` framing the documents.
public struct Importer {
    /// Nil: inferred per file (`ImportFormat.inferenceRule`).
    public var format: ImportFormat?
    /// Nil: the stack config's screen, else 390 x 844.
    public var screen: Screen?
    /// A `popgesture-stack/1` file giving the documents' stack and screen settings.
    public var stackConfig: String?
    /// `--columns`, over the CSV or UIKit log's own column names.
    public var columns: String?
    /// `--axis-range`: a getevent recording's ranges, over its description's or without one.
    public var axisRanges: [AxisRangeArgument]

    /// How large a document may grow on standard output, held until it is complete.
    public static let standardOutputLimit = 64 << 20

    /// The stack without `--stack-config`: two screens, so that a swipe back can pop.
    public static let defaultStack = [
        ViewControllerSpec(id: "root", barHidden: false, popDisabled: false, maxStartX: 0),
        ViewControllerSpec(id: "detail", barHidden: false, popDisabled: false, maxStartX: 0),
    ]

    public init(
        format: ImportFormat? = nil, screen: Screen? = nil, stackConfig: String? = nil, columns: String? = nil,
        axisRanges: [AxisRangeArgument] = []
    ) {
        self.format = format
        self.screen = screen
        self.stackConfig = stackConfig
        self.columns = columns
        self.axisRanges = axisRanges
    }

    /// Imports `files` in order into one YAML stream: standard output, each document written once it
    /// is complete (held up to `standardOutputLimit` bytes), or `output` (`-o`) written whole or not
    /// at all (an existing file only with `force`), then said as `wrote FILE`. Errors and warnings go to
    /// standard error; the first error stops the import. Exit status: errors 2, warnings 1, else 0.
    public func run(
        files: [String], output: String? = nil, force: Bool = false,
        standardOutputLimit: Int = Importer.standardOutputLimit,
        console: Console = Console()
    ) -> ExitStatus {
        let settings: Trace
        do {
            settings = try self.settings()
        } catch {
            console.report(asDiagnostic(error, path: stackConfig ?? "--stack-config"))
            return .errors
        }
        // `-o`: the one destination every command writes its file through (`wrote FILE` at the end).
        let destination: Console
        if let output {
            if !force, access(output, F_OK) == 0 {
                console.report(
                    Diagnostic(
                        path: output, message: "already exists; not overwritten",
                        suggestion: "pass --force to replace it"))
                return .errors
            }
            do {
                destination = try console.writingOutput(to: output, what: "the imported traces")
            } catch {
                console.report(error)
                return .errors
            }
        } else {
            destination = console
        }
        let documents = TraceDocumentWriter(
            settings: settings, limit: destination.writesToFile ? nil : standardOutputLimit
        ) { destination.out($0) }
        var warnings = 0
        for path in files {
            do {
                try convert(path: path, into: documents) { warning in
                    warnings += 1
                    console.report(warning)
                }
            } catch {
                destination.discardOutput()
                console.report(asDiagnostic(error, path: path))
                return .errors
            }
        }
        return destination.finish(ExitStatus(errors: 0, findings: warnings))
    }

    /// What every document gets besides its name and strokes.
    func settings() throws -> Trace {
        var trace = Trace(name: "", source: "", stack: Self.defaultStack)
        if let stackConfig {
            let config = try StackConfig(reading: try YAMLDocumentReader(path: stackConfig))
            let settings = try TraceDecoder.settings(config.values)
            if config.values["screen"] != nil { trace.screen = settings.screen }
            trace.layoutDirection = settings.layoutDirection
            trace.barAppearanceManaged = settings.barAppearanceManaged
            trace.initialBarHidden = settings.initialBarHidden
            if let stack = settings.stack { trace.stack = stack }
        }
        if let screen { trace.screen = screen }
        return trace
    }

    /// One recording's documents into `documents`; warnings through `warn`, the first error thrown.
    /// `text` stands in for the file's content (tests). `-` is standard input, as for every other
    /// command (`adb shell getevent -lt | popgesture import --from getevent -`), read whole once; a
    /// file named `-` is `./-`.
    func convert(
        path: String, text: String? = nil, into documents: TraceDocumentWriter, warn: @escaping (Diagnostic) -> Void
    ) throws {
        let text = text ?? (path == StandardInput.path ? StandardInput.text : nil)
        if text == nil, InputFiles.isDirectory(path) {
            throw Diagnostic(
                path: path, message: "is a directory; import reads recording files",
                suggestion: "name the recordings, e.g. `dir/*.evemu`")
        }
        func lines() throws -> LineReader {
            if let text { return LineReader(text: text, path: path) }
            return try LineReader(path: path)
        }
        let format = try self.format ?? ImportFormat.infer(try lines())
        let name = stem(of: path)
        let assembler = {
            EvdevFrameAssembler(
                path: path, name: name, format: format, screen: documents.settings.screen, documents: documents,
                warn: warn)
        }
        if !axisRanges.isEmpty, format != .getevent {
            throw Diagnostic(
                path: path,
                message:
                    "--axis-range is for getevent recordings; this is \(format.rawValue), which gives its own ranges",
                suggestion: "leave --axis-range out, or pass --from getevent if it is getevent output")
        }
        if columns != nil, format != .csv, format != .uikit {
            throw Diagnostic(
                path: path, message: "--columns is for CSV and UIKit touch logs; this is \(format.rawValue)",
                suggestion: "leave --columns out, or pass --from csv or --from uikit")
        }
        switch format {
        case .evemu:
            try EvemuReader(lines: try lines()).read(into: assembler())
        case .libinput:
            let reader =
                if let text { YAMLDocumentReader(text: text, path: path) } else { try YAMLDocumentReader(path: path) }
            try LibinputRecordReader(reader: reader).read(into: assembler())
        case .getevent:
            var ranges: [UInt16: ClosedRange<Int64>] = [:]
            for argument in axisRanges { ranges[argument.code] = argument.range }
            try GeteventReader(lines: try lines(), axisRanges: ranges).read(into: assembler())
        case .csv, .uikit:
            var mapping = format == .uikit ? CSVMapping.uikitLog : CSVMapping.csv
            if let columns { mapping = try mapping.renamed(columns) }
            let reader = try CSVTouchLogReader(lines: try lines(), mapping: mapping)
            var origin = TraceOrigin(format: format, path: path)
            origin.mapping = reader.described
            try reader.read(into: documents.begin(name: name, origin: origin, path: path), warn: warn)
        }
    }
}

extension Screen {
    /// `WxH` as `--screen` takes it, e.g. `390x844`; nil unless both are finite numbers > 0.
    public init?(dimensions: String) {
        let parts = dimensions.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = parseDecimal(String(parts[0])), let height = parseDecimal(String(parts[1])),
            width.isFinite, height.isFinite, width > 0, height > 0
        else { return nil }
        self.init(width: width, height: height)
    }
}
