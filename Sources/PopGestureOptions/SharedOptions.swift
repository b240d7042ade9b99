import ArgumentParser
import PopGestureCore
import PopGestureKit

/// Shell completion of a rule version: the presets by name (a rules file is typed as a path).
public let ruleVersions = CompletionKind.list(Presets.names)

/// `--color`, for every command: each applies it before printing anything.
public struct ColourOption: ParsableArguments {
    @Option(
        name: .customLong("color"),
        help: ArgumentHelp(
            "Colour text output and diagnostics: auto, always or never.",
            discussion: "auto colours a terminal, unless TERM is dumb or NO_COLOR is set and not empty.",
            valueName: "auto|always|never"))
    public var color: ColourChoice = .auto

    public init() {}

    public func apply() { Console.useColour(color) }
}

extension ColourChoice: ExpressibleByArgument {}

/// `-o FILE`, for every command that writes its output to a file instead of standard output: check,
/// replay, diff, sweep, merge, validate, plot, import and `record --page`. One destination,
/// `Console.writingOutput(to:)`: the file appears whole or not at all and standard output says
/// `wrote FILE`; plot's several documents each go through `Console.writeFile` alike.
public struct OutputOption: ParsableArguments {
    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp(
            "Write the output here instead of standard output, in any format.",
            discussion:
                "The file appears whole or not at all (written beside it under a temporary name, then renamed); standard output then says `wrote FILE`.",
            valueName: "FILE"))
    public var output: String?

    public init() {}

    /// The console the run writes to, its output into `-o`'s file; after every other check, just
    /// before the run: an error before it leaves no file. `what` names the file in a failure's
    /// message.
    public func console(what: String = "the output file") throws -> Console {
        guard let output else { return Console() }
        do {
            return try Console().writingOutput(to: output, what: what)
        } catch {
            Console().report(error)
            throw ExitCode(ExitStatus.errors.rawValue)
        }
    }
}

/// A rule version from the command line, a preset or a rules file; its diagnostic is printed here.
public func loadRules(_ spec: String) throws -> Rules {
    do {
        return try RulesLoader.load(spec)
    } catch {
        Console().err("\(error)\n")
        throw ExitCode(ExitStatus.errors.rawValue)
    }
}

/// Parses `arguments` as `Command`, runs it and ends the process with its status. Usage errors exit
/// 2 like every other error, not ArgumentParser's 64. Standard output is flushed and closed before
/// the process ends: output lost on the way (a full disk, `> /dev/full`) makes the run an error.
public func runCommandLine<Command: ParsableCommand>(_ command: Command.Type, arguments: [String]) -> Never {
    do {
        var parsed = try Command.parseAsRoot(arguments)
        try parsed.run()
        Command.exit(withError: ExitCode(Console.closeOutput(.ok).rawValue))
    } catch let code as ExitCode {
        let status = ExitStatus(rawValue: code.rawValue) ?? .errors
        Command.exit(withError: ExitCode(Console.closeOutput(status).rawValue))
    } catch {
        if Command.exitCode(for: error) == .validationFailure {
            Console().err(Command.fullMessage(for: error) + "\n")
            Command.exit(withError: ExitCode(ExitStatus.errors.rawValue))
        }
        Command.exit(withError: error)
    }
}
