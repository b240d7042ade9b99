import Foundation
import Testing

@testable import PopGestureKit

#if canImport(Glibc)
    import Glibc
#endif

/// Every command against an environment that fails it: standard output and files that cannot be
/// written, and runs interrupted by a signal (items 4, 5, 9 and 10 of issue 13; its other items are
/// in LoadLimitsTests, InputFilesTests, RulesChoiceTests and StreamedDiffAndValidateTests). Its
/// helpers serve the suites of hostile input too: they run the built binary under `timeout`, so
/// that a regression that blocks fails instead of hanging CI; with `-k`, since a process spawned
/// from a test's thread inherits a mask that blocks SIGTERM.
@Suite(.serialized) struct HardeningTests {
    /// The binary, killed after `seconds` (status 124 then).
    static func run(
        _ arguments: [String], in directory: String, seconds: Int = 30,
        environment: [String: String] = [:]
    ) throws -> CLI.Run {
        try CLI.run(
            ["-c", "exec timeout -k 5 \(seconds) \"$0\" \"$@\"", CLI.binary] + arguments,
            in: directory, environment: environment, shell: true)
    }

    /// A fixture with FIFOs at `fifos` (relative paths) besides `files`.
    static func fixture(_ files: [String: String], fifos: [String] = [], folders: [String] = []) throws -> String {
        let dir = try CLI.fixture(files)
        for folder in folders {
            try FileManager.default.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: true)
        }
        for fifo in fifos { #expect(mkfifo(dir + "/" + fifo, 0o644) == 0, "mkfifo \(fifo)") }
        return dir
    }
}

extension HardeningTests {
    // MARK: 4. Standard output that cannot be written

    @Test(arguments: [
        ["replay", "a.yaml"], ["replay", "--format", "json", "a.yaml"], ["check", "a.yaml"],
        ["check", "--format", "junit", "a.yaml"],
        ["diff", "--base", "fd", "--head", "cupertino", "a.yaml"], ["validate", "a.yaml"], ["rules", "show", "fd"],
        ["rules", "list"],
    ])
    func outputLostOnAFullDeviceIsAnError(_ arguments: [String]) throws {
        let dir = try Self.fixture(["a.yaml": CLI.trace])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(
            ["-c", "exec timeout -k 5 30 \"$0\" \"$@\" > /dev/full", CLI.binary] + arguments,
            in: dir, shell: true)
        #expect(run.status == 2, "\(arguments) exited \(run.status)")
        #expect(
            run.stderr.hasSuffix("error: cannot write standard output: No space left on device\n"),
            "\(arguments): \(run.stderr)")
    }
}

extension HardeningTests {
    // MARK: 5, 9, 10. Files that cannot be written, and runs that are interrupted

    /// Root writes into read-only folders anyway: as root, the binary runs as `nobody` (setpriv).
    /// `nobody` cannot reach a binary inside a private checkout (a `mktemp -d` folder, mode 700, as CI
    /// containers have), so it runs a copy in a folder of its own that every user can enter; the
    /// copy is checked to start as `nobody`, else the tests that need it are skipped with the reason.
    static let userBinary: String? = {
        guard getuid() == 0 else { return CLI.binary }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "popgesture-nobody-\(UUID().uuidString)"
        ).path
        let copy = folder + "/popgesture"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: CLI.binary, toPath: copy)
        } catch { return nil }
        guard chmod(folder, 0o755) == 0, chmod(copy, 0o755) == 0,
            let probe = try? CLI.run(
                ["-c", "exec setpriv --reuid=65534 --regid=65534 --clear-groups \"$0\" --version", copy],
                in: folder, shell: true),
            probe.status == 0
        else { return nil }
        return copy
    }()

    static let canWriteProtect = userBinary != nil

    static func runAsUser(_ arguments: [String], in directory: String) throws -> CLI.Run {
        guard let binary = userBinary else { throw CocoaError(.featureUnsupported) }
        let user = getuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
        if getuid() == 0 { openToEveryone(directory) }
        return try CLI.run(
            ["-c", "exec \(user)timeout -k 5 30 \"$0\" \"$@\"", binary] + arguments,
            in: directory, shell: true)
    }

    /// Lets `nobody` read the fixture whatever the umask, without undoing a folder the test made read-only.
    private static func openToEveryone(_ directory: String) {
        var st = stat()
        if stat(directory, &st) == 0 { chmod(directory, st.st_mode & 0o7777 | 0o005) }
        for case let name as String in FileManager.default.enumerator(atPath: directory)
            ?? FileManager.DirectoryEnumerator()
        {
            let path = directory + "/" + name
            guard stat(path, &st) == 0 else { continue }
            let isFolder = st.st_mode & S_IFMT == S_IFDIR
            chmod(path, st.st_mode & 0o7777 | (isFolder ? 0o005 : 0o004))
        }
    }

    static func temporaryFiles(in directory: String) -> [String] {
        (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? []).filter {
            $0.contains(".tmp.")
        }
    }

    @Test(
        .enabled(
            if: canWriteProtect,
            "running as root, and `nobody` cannot run a copy of the binary through setpriv (no setpriv, or the temporary folder is private): no folder is read-only to root"
        ))
    func synthSaysWhichFolderItCouldNotCreate() throws {
        let dir = try Self.fixture([:], folders: ["ro"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(chmod(dir + "/ro", 0o555) == 0)
        let run = try Self.runAsUser(["synth", "--count", "2", "--out", "ro/sub"], in: dir)
        #expect(run.status == 2)
        #expect(run.stderr == "ro/sub: error: cannot create folder: Permission denied\n")
        #expect(run.stdout.isEmpty)
    }

    @Test func synthOnADeviceOrAFullDiskFailsAndLeavesNothingHalfWritten() throws {
        let dir = try Self.fixture([:])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let device = try Self.run(["synth", "--count", "2", "--out", "/dev/full"], in: dir)
        #expect(device.status == 2)
        #expect(
            device.stderr == "/dev/full: error: is not a folder; --out names the folder the traces are written into\n")
        // A file size limit stands in for a full disk: writes past it fail with EFBIG.
        let full = try CLI.run(
            [
                "-c", "trap '' XFSZ; ulimit -f 8; exec \"$0\" synth --count 3 --gestures 400 --out out",
                CLI.binary,
            ], in: dir, shell: true)
        #expect(full.status == 2)
        #expect(full.stderr == "out/synth-000000.yaml: error: cannot write the synthesized traces: File too large\n")
        #expect(full.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/out").isEmpty)
    }

    @Test(
        .enabled(
            if: canWriteProtect,
            "running as root, and `nobody` cannot run a copy of the binary through setpriv (no setpriv, or the temporary folder is private): no folder is read-only to root"
        ))
    func aGoldenThatCannotBeWrittenIsAnErrorOfTheRun() throws {
        let dir = try Self.fixture(["ro/a.yaml": CLI.trace, "ro/b.yaml": CLI.trace])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(chmod(dir + "/ro", 0o555) == 0)
        let run = try Self.runAsUser(["check", "--update-goldens", "ro"], in: dir)
        #expect(run.status == 2)
        #expect(
            run.stdout == """
                ro/a.yaml.golden.jsonl: error: cannot write golden: Permission denied
                ro/b.yaml.golden.jsonl: error: cannot write golden: Permission denied
                2 traces in 2 files: 2 passed, 0 failed, 0 errors, 2 goldens not written

                """)
        let json = try Self.runAsUser(["check", "--update-goldens", "--format", "json", "ro"], in: dir)
        #expect(
            json.status == 2
                && json.stderr.hasSuffix("ro/b.yaml.golden.jsonl: error: cannot write golden: Permission denied\n"))
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect((object["summary"] as! [String: Any])["goldensNotWritten"] as? Int == 2)
        #expect(
            ((object["files"] as! [[String: Any]])[0]["goldenError"] as? String)?.hasSuffix("Permission denied") == true
        )
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalDuringUpdateGoldensLeavesNoTemporaryFile(_ signal: Int32) throws {
        let dir = try Self.fixture(["big/a.yaml.golden.jsonl": "the golden before\n"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A long recording, so that its golden's temporary file is open for a while.
        let synth = try Self.run(
            ["synth", "--seed", "3", "--count", "1", "--gestures", "30000", "--out", "big"], in: dir)
        try #require(synth.status == 0)
        try FileManager.default.moveItem(atPath: dir + "/big/synth-000000.yaml", toPath: dir + "/big/a.yaml")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["check", "--update-goldens", "--jobs", "1", "big"]
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var waited = 0
        while Self.temporaryFiles(in: dir).isEmpty, process.isRunning, waited < 400 {
            Thread.sleep(forTimeInterval: 0.025)
            waited += 1
        }
        #expect(!Self.temporaryFiles(in: dir).isEmpty, "no temporary file appeared")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        #expect(Self.temporaryFiles(in: dir).isEmpty, "\(Self.temporaryFiles(in: dir))")
        #expect(try String(contentsOfFile: dir + "/big/a.yaml.golden.jsonl", encoding: .utf8) == "the golden before\n")
    }
}
