import ArgumentParser
import PopGestureCore
import PopGestureKit
import PopGestureOptions

extension ImportFormat: ExpressibleByArgument {}

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Read raw touch recordings (evemu, libinput record, Android getevent, CSV, UIKit touch logs) and print them as trace documents (or write them with -o).",
        discussion: """
            One trace document per recording (per device in a libinput record of several devices), named \
            after the file, with the screen, the stack (--stack-config, else [root, detail]), an `origin` \
            saying which file, device, axis ranges and mapping it came from, and the strokes. Device units \
            are scaled so each axis's range spans the screen (aspect not kept); times are ms from the \
            recording's first event. CSV times and positions are taken as written; a UIKit log's seconds \
            count from its first row.

            getevent: capture `adb shell 'getevent -lp /dev/input/eventN; getevent -lt /dev/input/eventN'` \
            (the description gives the axis ranges; -t the times, which are required). Without a \
            description pass the ranges with --axis-range and the screen with --screen.

            \(ImportFormat.inferenceRule)

            Standard output receives whole documents only: each is held until it is complete (up to 64 MiB, \
            beyond which -o is required), so a failed import leaves no half trace. Exit 0 when every \
            recording converted cleanly, 1 when it converted with warnings (a finger never lifted, unknown \
            event codes, a recording cut inside a frame, a CSV lift far from the last sample), 2 on an \
            error (the import stops; with -o nothing is written).

            Examples:
              popgesture import recording.evemu > swipe.yaml
              popgesture import --from libinput pad.yml --screen 430x932 -o pad.yaml
              popgesture import swipe.getevent --screen 412x915 -o swipe.yaml
              adb shell getevent -lt /dev/input/event2 | popgesture import --from getevent --screen 412x915 \\
                  --axis-range ABS_MT_POSITION_X=0:1079 --axis-range ABS_MT_POSITION_Y=0:2399 -
              popgesture import --from getevent raw.txt --screen 412x915 \\
                  --axis-range ABS_MT_POSITION_X=0:1079 \\
                  --axis-range ABS_MT_POSITION_Y=0:2399 --axis-range ABS_MT_SLOT=0:9
              popgesture import --from uikit log.csv --columns x=locationX,y=locationY
              popgesture import taps.csv --stack-config stacks/mail.yaml -o taps.yaml
            """
    )

    @Option(
        help: ArgumentHelp(
            "The recordings' format (default: inferred per file).", valueName: "evemu|libinput|getevent|csv|uikit"))
    var from: ImportFormat?
    @Argument(
        help: "Recording files, converted in order into one YAML stream (`-`: standard input).", completion: .file())
    var files: [String]
    @Option(help: ArgumentHelp("The screen the device is scaled onto, in points.", valueName: "WxH"))
    var screen: String?
    @Option(
        help: ArgumentHelp(
            "A stack-config (format: popgesture-stack/1) giving the stack and screen settings.", valueName: "STACK.yaml"
        ))
    var stackConfig: String?
    @Option(
        help: ArgumentHelp(
            "CSV and UIKit logs: the header names of the columns t, x, y, finger and phase, where they differ from the format's own (csv: t,x,y,finger,phase; uikit: timestamp,x,y,touch,phase).",
            valueName: "ROLE=NAME,..."))
    var columns: String?
    @Option(
        help: ArgumentHelp(
            "getevent: an axis range in device units, over the recording's description or without one (repeat per axis).",
            valueName: "AXIS=MIN:MAX"))
    var axisRange: [String] = []
    @OptionGroup var output: OutputOption
    @Flag(help: "Replace the -o file if it exists.") var force = false
    @OptionGroup var colour: ColourOption

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("name at least one recording") }
        if let screen, Screen(dimensions: screen) == nil {
            throw ValidationError("--screen takes WIDTHxHEIGHT in points, both > 0, e.g. 390x844; found `\(screen)`")
        }
        do {
            _ = try axisRange.map(AxisRangeArgument.init)
            if let columns { _ = try CSVMapping.csv.renamed(columns) }
        } catch let problem as Diagnostic {
            throw ValidationError(problem.message + (problem.suggestion.map { " (\($0))" } ?? ""))
        }
    }

    func run() throws {
        colour.apply()
        let importer = Importer(
            format: from, screen: screen.flatMap(Screen.init(dimensions:)), stackConfig: stackConfig,
            columns: columns, axisRanges: try axisRange.map(AxisRangeArgument.init))
        try conclude(importer.run(files: files, output: output.output, force: force))
    }
}
