import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

// Linux only: the child's open files are read from /proc, and posix_spawn's types are glibc's.
#if os(Linux)
    import Glibc

    /// Issue 30: SIGINT, SIGTERM or SIGHUP while `check -o`, `import -o`, `merge -o`, `plot -o`, `sweep -o`
    /// and `synth` work or write (the goldens' case is HardeningTests'). A real process and a real
    /// signal, sent once the run is seen at work (its temporary file there, or its input open), never
    /// after a blind sleep: the run ends as the signal ends a process, its temporary file is gone, and
    /// the destination is what it was or whole. The signals take turns across the commands: the
    /// removal is one piece of code (TemporaryFiles), each command's way to it is what is tested here.
    @Suite(.serialized) struct InterruptTests {
        /// A process of the binary, started with no signal blocked and the three at their default (a
        /// process spawned from a test's thread inherits a mask that blocks SIGTERM; a shell's would not),
        /// its output discarded.
        struct Child {
            let pid: pid_t

            init(_ arguments: [String]) throws {
                var attributes = posix_spawnattr_t()
                posix_spawnattr_init(&attributes)
                defer { posix_spawnattr_destroy(&attributes) }
                var none = sigset_t()
                sigemptyset(&none)
                posix_spawnattr_setsigmask(&attributes, &none)
                var defaults = sigset_t()
                sigemptyset(&defaults)
                for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, number) }
                posix_spawnattr_setsigdefault(&attributes, &defaults)
                posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
                var actions = posix_spawn_file_actions_t()
                posix_spawn_file_actions_init(&actions)
                defer { posix_spawn_file_actions_destroy(&actions) }
                posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
                posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
                let argv = ([CLI.binary] + arguments).map { strdup($0) } + [nil]
                defer { for pointer in argv { free(pointer) } }
                var pid: pid_t = 0
                let failed = posix_spawn(&pid, CLI.binary, &actions, &attributes, argv, environ)
                guard failed == 0 else {
                    throw Diagnostic(message: "posix_spawn: \(String(cString: strerror(failed)))")
                }
                self.pid = pid
            }

            var isRunning: Bool { kill(pid, 0) == 0 && !isZombie }

            private var isZombie: Bool {
                let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
                return stat.range(of: ") Z ") != nil
            }

            /// Waits (up to two minutes, a loaded machine's worst) until `ready` or the process's end;
            /// whether it was ready while still running.
            func wait(until ready: () -> Bool) -> Bool {
                for _ in 0..<12_000 {
                    if ready() { return isRunning }
                    if !isRunning { return false }
                    usleep(10_000)
                }
                return false
            }

            /// Whether the process has `path` open (its loader reading it).
            func hasOpen(_ path: String) -> Bool {
                let folder = "/proc/\(pid)/fd"
                let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                return descriptors.contains {
                    (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")) == path
                }
            }

            /// Sends `signal` and returns the signal that ended the process (0 when it exited, with the
            /// status + 1000).
            func stop(_ signal: Int32) -> Int32 {
                kill(pid, signal)
                var status: Int32 = 0
                while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
                let number = status & 0x7F
                return number != 0 && number != 0x7F ? number : 1000 + (status >> 8) & 0xFF
            }
        }

        /// Temporary files (`NAME.tmp.PID`) under `dir`, and their sizes.
        static func temporaryFiles(in dir: String) -> [(name: String, bytes: Int)] {
            HardeningTests.temporaryFiles(in: dir).map { name in
                (name, (try? FileManager.default.attributesOfItem(atPath: dir + "/" + name)[.size] as? Int) ?? 0)
            }
        }

        /// A folder with `big.yaml`, a synthesized recording of `gestures` swipes, and whatever `files` adds.
        static func fixture(gestures: Int, _ files: [String: String] = [:]) throws -> String {
            let dir = try CLI.fixture(files)
            let synth = try HardeningTests.run(
                ["synth", "--seed", "3", "--count", "1", "--gestures", "\(gestures)", "--out", "big"], in: dir,
                seconds: 300
            )
            try #require(synth.status == 0, "\(synth.stderr)")
            try FileManager.default.moveItem(atPath: dir + "/big/synth-000000.yaml", toPath: dir + "/big.yaml")
            try FileManager.default.removeItem(atPath: dir + "/big")
            return dir
        }

        static func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

        @Test func checkToAFile() throws {
            let dir = try Self.fixture(gestures: 20_000, ["out.txt": "the report before\n"])
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let child = try Child(["check", "--jobs", "1", "-o", dir + "/out.txt", dir + "/big.yaml"])
            // `-o`'s temporary file is made before the run reads anything, and written at its end.
            #expect(child.wait { !Self.temporaryFiles(in: dir).isEmpty }, "no temporary file while it ran")
            #expect(child.stop(SIGINT) == SIGINT)
            #expect(Self.temporaryFiles(in: dir).isEmpty, "\(Self.temporaryFiles(in: dir))")
            #expect(Self.contents(dir + "/out.txt") == "the report before\n")
        }

        @Test func importToAFile() throws {
            // 60,000 strokes of 20 rows: about 25 MB of CSV, imported a stroke at a time into a file
            // that grows while the recording is read.
            var csv = "t,x,y,finger,phase\n"
            for stroke in 0..<60_000 {
                let start = stroke * 300
                for i in 0..<20 {
                    // Lifted where the last move was: a lift anywhere else is a warning a stroke.
                    csv +=
                        "\(start + i * 8),\(20 + min(i, 18) * 18),\(200 + stroke % 50),0,\(i == 0 ? "down" : i == 19 ? "up" : "move")\n"
                }
            }
            let dir = try CLI.fixture(["r.csv": csv, "out.yaml": "the traces before\n"])
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let child = try Child(["import", "--force", "-o", dir + "/out.yaml", dir + "/r.csv"])
            // Caught with part of the traces written: more than the 64 KiB buffer of one write.
            #expect(child.wait { Self.temporaryFiles(in: dir).contains { $0.bytes > 0 } }, "no temporary file grew")
            #expect(child.stop(SIGTERM) == SIGTERM)
            #expect(Self.temporaryFiles(in: dir).isEmpty, "\(Self.temporaryFiles(in: dir))")
            #expect(Self.contents(dir + "/out.yaml") == "the traces before\n")
        }

        @Test func mergeToAFile() throws {
            let dir = try Self.fixture(gestures: 20_000)
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let shard = try HardeningTests.run(
                ["replay", "--format", "json", "--shard", "1/1", "-o", "r1.jsonl", "big.yaml"], in: dir, seconds: 300)
            try #require(shard.status == 0, "\(shard.stderr)")
            let child = try Child(["merge", "-o", dir + "/merged.jsonl", dir + "/r1.jsonl"])
            // Caught reading the shard, before any of it is written.
            #expect(child.wait { child.hasOpen(dir + "/r1.jsonl") && !Self.temporaryFiles(in: dir).isEmpty })
            #expect(child.stop(SIGHUP) == SIGHUP)
            #expect(Self.temporaryFiles(in: dir).isEmpty, "\(Self.temporaryFiles(in: dir))")
            #expect(!FileManager.default.fileExists(atPath: dir + "/merged.jsonl"))
        }

        /// plot and sweep make their whole output before they write it (plot keeps at most 200,000
        /// samples; sweep's output is its counts): caught while they read, they leave the old file.
        @Test(arguments: [
            (["plot", "-o", "OUT"], SIGINT), (["sweep", "--vary", "maxStartX=0..40/10", "-o", "OUT"], SIGTERM),
        ])
        func plotAndSweepToAFile(_ command: [String], _ signal: Int32) throws {
            let dir = try Self.fixture(gestures: 15_000, ["out.svg": "the picture before\n"])
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let arguments = command.map { $0 == "OUT" ? dir + "/out.svg" : $0 } + [dir + "/big.yaml"]
            let child = try Child(arguments)
            #expect(child.wait { child.hasOpen(dir + "/big.yaml") }, "\(command[0]) never read its trace")
            #expect(child.stop(signal) == signal)
            #expect(Self.temporaryFiles(in: dir).isEmpty, "\(Self.temporaryFiles(in: dir))")
            #expect(Self.contents(dir + "/out.svg") == "the picture before\n")
        }

        @Test func synthLeavesWholeFilesOnly() throws {
            let dir = try CLI.fixture([:])
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let child = try Child([
                "synth", "--seed", "5", "--count", "100", "--gestures", "5000", "--out", dir + "/corpus",
            ])
            // Caught writing a file after at least one is whole; each of about 2 MB, so that the run is
            // far from its end when the signal comes.
            let written = {
                (try? FileManager.default.contentsOfDirectory(atPath: dir + "/corpus"))?.filter {
                    $0.hasSuffix(".yaml")
                }
                    ?? []
            }
            #expect(child.wait { !written().isEmpty && !Self.temporaryFiles(in: dir).isEmpty })
            #expect(child.stop(SIGHUP) == SIGHUP)
            #expect(Self.temporaryFiles(in: dir).isEmpty, "\(Self.temporaryFiles(in: dir))")
            let whole = written()
            #expect(!whole.isEmpty && whole.count < 100, "\(whole.count) files")
            // Every file left loads: none is cut short.
            let validate = try HardeningTests.run(["validate", "corpus"], in: dir, seconds: 300)
            #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        }
    }
#endif
