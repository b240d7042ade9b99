import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// Issue 28: what a CI run reads (`--shard auto`, standard input, the config file).
@Suite(.serialized) struct CIInputTests {
    typealias CLI = CommandLineTests

    // MARK: --shard auto

    static func automatic(_ environment: [String: String]) -> String {
        switch Shard.automatic(environment: environment) {
        case .success(let found): return found.shard.description + (found.note == nil ? "" : " (note)")
        case .failure(let problem): return "error: " + problem.message
        }
    }

    @Test func shardAutoReadsEachCIsVariablesFromItsOwnBase() {
        // GitLab counts from 1, the others from 0.
        #expect(Self.automatic(["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "4"]) == "2/4")
        #expect(Self.automatic(["BUILDKITE_PARALLEL_JOB": "0", "BUILDKITE_PARALLEL_JOB_COUNT": "3"]) == "1/3")
        #expect(Self.automatic(["CIRCLE_NODE_INDEX": "3", "CIRCLE_NODE_TOTAL": "4"]) == "4/4")
        #expect(Self.automatic(["TEST_SHARD_INDEX": "1", "TEST_TOTAL_SHARDS": "2"]) == "2/2")
        // Two systems that agree (GitLab's 1 is CircleCI's 0).
        #expect(
            Self.automatic([
                "CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2", "CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "2",
            ]) == "1/2")
        // None set, or only GitLab's CI_NODE_TOTAL=1 of a job that is not parallel: the whole run, with a note.
        #expect(Self.automatic([:]) == "1/1 (note)")
        #expect(Self.automatic(["CI_NODE_TOTAL": "1", "CI": "true"]) == "1/1 (note)")
    }

    @Test func shardAutoRefusesInconsistentVariables() {
        let disagree = Self.automatic([
            "CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2", "CIRCLE_NODE_INDEX": "1", "CIRCLE_NODE_TOTAL": "2",
        ])
        #expect(
            disagree
                == "error: --shard auto: the CI variables disagree: CI_NODE_INDEX=1 CI_NODE_TOTAL=2 (GitLab, shard 1/2) but CIRCLE_NODE_INDEX=1 CIRCLE_NODE_TOTAL=2 (CircleCI, shard 2/2)"
        )
        #expect(
            Self.automatic(["CIRCLE_NODE_INDEX": "0"])
                == "error: --shard auto: CircleCI's variables are half set: CIRCLE_NODE_INDEX=0 CIRCLE_NODE_TOTAL=(unset)"
        )
        #expect(
            Self.automatic(["CI_NODE_TOTAL": "4"])
                == "error: --shard auto: GitLab's variables are half set: CI_NODE_INDEX=(unset) CI_NODE_TOTAL=4")
        // Out of range for each base, not a number, no shards.
        #expect(
            Self.automatic(["BUILDKITE_PARALLEL_JOB": "3", "BUILDKITE_PARALLEL_JOB_COUNT": "3"]).hasPrefix(
                "error: --shard auto: Buildkite's variables do not name a shard: BUILDKITE_PARALLEL_JOB=3 BUILDKITE_PARALLEL_JOB_COUNT=3 (the index counts from 0 to the total - 1)"
            ))
        #expect(
            Self.automatic(["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "3"]).hasPrefix(
                "error: --shard auto: GitLab's variables do not name a shard"))
        #expect(
            Self.automatic(["TEST_SHARD_INDEX": "x", "TEST_TOTAL_SHARDS": "2"]).hasPrefix(
                "error: --shard auto: Bazel's variables do not name a shard"))
        #expect(
            Self.automatic(["TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "0"]).hasPrefix(
                "error: --shard auto: Bazel's variables do not name a shard"))
        // Each invalid pair gets its own reason, as `--shard K/N` gives it (issue 40: 1 of 20,000 was
        // told that the index counts from 1 to the total, though 1 is in range).
        #expect(
            Self.automatic(["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "20000"])
                == "error: --shard auto: GitLab's variables do not name a shard: CI_NODE_INDEX=1 CI_NODE_TOTAL=20000 (CI_NODE_TOTAL must be from 1 to 10000, the most shards a run is split into)"
        )
        #expect(
            Self.automatic(["CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "0"]).contains(
                "(CIRCLE_NODE_TOTAL must be from 1 to 10000, the most shards a run is split into)"))
        #expect(
            Self.automatic(["CI_NODE_INDEX": "21", "CI_NODE_TOTAL": "20"]).contains(
                "(the index counts from 1 to the total)"))
        #expect(
            Self.automatic(["CI_NODE_INDEX": "9223372036854775807", "CI_NODE_TOTAL": "20"]).contains(
                "(the index counts from 1 to the total)"))
        #expect(
            Self.automatic(["BUILDKITE_PARALLEL_JOB": "-1", "BUILDKITE_PARALLEL_JOB_COUNT": "4"]).contains(
                "(the index counts from 0 to the total - 1)"))
        #expect(throws: Diagnostic(message: "N must be from 1 to 10000 (e.g. 2/4)")) { try Shard(parsing: "1/20000") }
        #expect(throws: Diagnostic(message: "K must be from 1 to N, here 20 (e.g. 1/20)")) {
            try Shard(parsing: "21/20")
        }
        #expect(throws: Diagnostic(message: "K must be from 1 to N, here 20 (e.g. 1/20)")) {
            try Shard(parsing: "99999999999999999999/20")
        }
    }

    /// End to end under Bazel's variables: the shard's bytes are `--shard 2/2`'s, the status file is
    /// created; without variables a note, and the whole run. Other CI variables the test itself runs
    /// under are unset around the command.
    @Test func shardAutoRunsTheShardAndTouchesBazelsStatusFile() throws {
        let dir = try CLI.fixture([
            "a/t.yaml": CIOutputTests.twoDocuments, "a/u.yaml": CLI.swipe(expect: CLI.passingExpectations),
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let unset = (Shard.ciVariables.flatMap { [$0.index, $0.total] } + ["TEST_SHARD_STATUS_FILE"]).map { "-u \($0)" }
            .joined(separator: " ")
        func run(_ variables: String, _ shard: String) throws -> CLI.Run {
            try CLI.run(
                ["-c", "env \(unset) \(variables) '\(CLI.binary)' check --format json --shard \(shard) a"], in: dir,
                shell: true)
        }
        let fixed = try run("", "2/2")
        let automatic = try run("TEST_SHARD_INDEX=1 TEST_TOTAL_SHARDS=2 TEST_SHARD_STATUS_FILE=status", "auto")
        #expect(
            automatic.stdout == fixed.stdout && automatic.status == fixed.status && automatic.stderr.isEmpty,
            "\(automatic.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/status"))
        let none = try run("", "auto")
        #expect(none.stdout == (try run("", "1/1")).stdout)
        #expect(
            none.stderr.hasPrefix("note: --shard auto: no CI shard variables set (CI_NODE_INDEX/CI_NODE_TOTAL, "),
            "\(none.stderr)")
        let bad = try run("CIRCLE_NODE_INDEX=2 CIRCLE_NODE_TOTAL=2", "auto")
        #expect(
            bad.status == 2 && bad.stdout.isEmpty
                && bad.stderr.hasPrefix("error: --shard auto: CircleCI's variables do not name a shard"))
    }

    // MARK: standard input

    /// `-` reads a trace from standard input, named `-` in reports (its rules comment too), once
    /// however often it is given; it has no golden, and a file named `-` is `./-`.
    @Test func aDashReadsStandardInput() throws {
        let dir = try CLI.fixture([
            "t.yaml": CIOutputTests.twoDocuments,
            "r.yaml": "# popgesture-rules: cupertino\n"
                + CLI.swipe(expect: "- {gesture: 1, outcome: refused, reason: outsideEdge}"),
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = try CLI.run(["-c", "'\(CLI.binary)' check - - < t.yaml"], in: dir, shell: true)
        #expect(text.status == 1)
        #expect(text.stdout.hasPrefix("-:11:3: error: expectation failed: several (fd): expect[1]: "), "\(text.stdout)")
        #expect(text.stdout.hasSuffix("\n2 traces in 1 file: 0 passed, 2 failed, 0 errors\n"))
        let json = try CLI.run(
            ["-c", "'\(CLI.binary)' check --require-goldens --format json - < r.yaml"], in: dir, shell: true)
        #expect(json.status == 0, "\(json.stdout)\(json.stderr)")
        #expect(
            json.stdout.contains("\"rules\": \"cupertino\", \"source\": \"-#1\", \"status\": \"passed\""),
            "\(json.stdout)")
        let replay = try CLI.run(["-c", "'\(CLI.binary)' replay - < t.yaml"], in: dir, shell: true)
        #expect(replay.stdout.hasPrefix("-#1 several (rules fd)\n"), "\(replay.stdout)")
        let empty = try CLI.run(["-c", "'\(CLI.binary)' check - < /dev/null"], in: dir, shell: true)
        #expect(empty.status == 2 && empty.stdout.hasPrefix("-: error: contains no trace document"))
        // Nothing recorded for standard input, and a file named `-` is read as `./-`.
        #expect(
            try CLI.run(["-c", "'\(CLI.binary)' check --update-goldens --force - < t.yaml"], in: dir, shell: true)
                .status == 1)
        #expect(!FileManager.default.fileExists(atPath: dir + "/-.golden.jsonl"))
        try FileManager.default.copyItem(atPath: dir + "/t.yaml", toPath: dir + "/-")
        let file = try CLI.run(["check", "./-"], in: dir)
        #expect(file.stdout.hasPrefix("./-:11:3: error: "), "\(file.stdout)")
    }

    // MARK: the config file

    @Test(arguments: [
        ("codemagic.yaml", "ios/codemagic.yaml", true), ("fastlane/**", "fastlane/a/b.yaml", true),
        ("fastlane/**", "x/fastlane/a.yaml", false),
        ("**/build/", "a/build/x.yaml", true), ("build/", "build.yaml", false),
        ("/traces/*.yaml", "traces/a.yaml", true),
        ("/traces/*.yaml", "traces/sub/a.yaml", false), ("traces/**/*.yml", "traces/a/b/c.yml", true),
        ("traces/**/*.yml", "traces/c.yml", true),
        ("a?c.yaml", "x/abc.yaml", true), ("[ab].yaml", "c.yaml", false), ("sub", "sub/x.yaml", true),
    ])
    func excludePatternsAreGitignoreStyle(_ pattern: String, _ path: String, _ matches: Bool) {
        #expect(PathPattern(pattern).matches(path) == matches)
    }

    /// The repository: a .git at `repo/`, the config there, run from a nested folder; a config above
    /// the repository root is not read.
    static let repository: [String: String] = [
        "repo/.git/HEAD": "ref: refs/heads/main\n",
        "repo/.popgesture.yml": """
        format: popgesture-config/1
        include: [traces]
        exclude: [codemagic.yaml, "traces/broken/**"]
        overrides:
          - {files: "traces/cupertino/**", rules: cupertino}
        strict: true
        """,
        "repo/codemagic.yaml": "workflows: {}\n",
        "repo/traces/a.yaml": CommandLineTests.swipe(expect: CommandLineTests.passingExpectations),
        "repo/traces/broken/x.yaml": "format: popgesture-trace/1\nstack: [oops\n",
        // Refused outsideEdge under cupertino (30 > 20): passes only with the override.
        "repo/traces/cupertino/c.yaml": CommandLineTests.swipe(
            expect: "- {gesture: 1, outcome: refused, reason: outsideEdge}"),
        "repo/traces/nested/deeper/.keep": "",
        ".popgesture.yml": "format: popgesture-config/1\nexclude: [\"**\"]\n",
    ]

    @Test func theConfigIsFoundUpToTheRepositoryRoot() throws {
        let dir = try CLI.fixture(Self.repository)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // From repo/traces/nested/deeper: the repository's config, three folders up, its include (relative
        // to it), excludes and override.
        let nested = try CLI.run(["check", "--format", "json"], in: dir + "/repo/traces/nested/deeper")
        #expect(nested.status == 0, "\(nested.stdout)\(nested.stderr)")
        #expect(nested.stdout.contains("\"source\": \"../../../traces/a.yaml#1\""), "\(nested.stdout)")
        #expect(
            nested.stdout.contains(
                "\"rules\": \"cupertino\", \"source\": \"../../../traces/cupertino/c.yaml#1\", \"status\": \"passed\""))
        #expect(nested.stdout.contains("\"files\": 2, "), "broken/ is excluded")
        // At the root, `check .` no longer trips over another tool's YAML.
        let root = try CLI.run(["check", "."], in: dir + "/repo")
        #expect(
            root.status == 0 && root.stdout == "2 traces in 2 files: 2 passed, 0 failed, 0 errors\n",
            "\(root.stdout)\(root.stderr)")
        // --no-config: everything walked, fd everywhere; --exclude from the command line.
        let none = try CLI.run(
            ["check", "--no-config", "--exclude", "codemagic.yaml", "--exclude", "broken/", "."], in: dir + "/repo")
        #expect(
            none.status == 1 && none.stdout.hasSuffix("2 traces in 2 files: 1 passed, 1 failed, 0 errors\n"),
            "\(none.stdout)")
        // --config names another; flags win over it (--rules over overrides).
        let forced = try CLI.run(["check", "--rules", "fd", "traces/cupertino"], in: dir + "/repo")
        #expect(forced.status == 1)
        // A folder outside any repository sees only its own config: the one above `repo/` excludes everything.
        let outside = try CLI.run(["check", "repo/traces/a.yaml"], in: dir)
        #expect(outside.status == 0, "a named file is always taken: \(outside.stderr)")
        let walked = try CLI.run(["check", "repo/traces"], in: dir)
        #expect(
            walked.status == 2 && walked.stderr.contains("no *.yaml, *.yml or *.json trace file found"),
            "\(walked.stderr)")
    }

    @Test func strictFromTheConfigAndTheFlagsThatWin() throws {
        let dir = try CLI.fixture([
            "repo/.git/HEAD": "", "repo/u.yaml": CommandLineTests.swipe(),
            "repo/.popgesture.yml": "format: popgesture-config/1\nstrict: true\nreportFormat: junit\njobs: 1\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["check", "u.yaml"], in: dir + "/repo")
        #expect(run.status == 1 && run.stdout.hasPrefix("<?xml"), "strict and junit from the config")
        let text = try CLI.run(["check", "--format", "text", "u.yaml"], in: dir + "/repo")
        #expect(text.stdout.hasPrefix("u.yaml:1:1: error: unchecked trace"), "\(text.stdout)")
        #expect(try CLI.run(["check", "--no-config", "u.yaml"], in: dir + "/repo").status == 0)
    }

    /// What the config names and is not there is the config's error, at the line that names it: a
    /// path of `include` (the run goes on with the others, and counts it as a path not found) and a
    /// rules file (the run stops before any trace).
    @Test func whatAConfigNamesAndIsNotThereIsSaidAtItsLine() throws {
        let dir = try CLI.fixture([
            "repo/.git/HEAD": "",
            "repo/traces/a.yaml": CommandLineTests.swipe(expect: CommandLineTests.passingExpectations),
            "repo/.popgesture.yml": "format: popgesture-config/1\ninclude:\n  - traces\n  - ../nonexistent\n",
            "repo/rules.yml": "format: popgesture-config/1\ninclude: [traces]\nrules: rules/strict.yaml\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let include = try CLI.run(["check"], in: dir + "/repo")
        #expect(include.status == 2)
        #expect(include.stdout == "1 trace in 1 file: 1 passed, 0 failed, 0 errors; 1 path not found\n")
        #expect(include.stderr == ".popgesture.yml:4:5: error: `include: ../nonexistent`: no such file or folder\n")
        // Named on the command line, the same path has no line to be said at.
        let given = try CLI.run(["check", "--no-config", "traces", "../nonexistent"], in: dir + "/repo")
        #expect(given.stderr == "../nonexistent: error: no such file or folder\n")
        // From a folder below, the config's path is as the current folder reaches it.
        try FileManager.default.createDirectory(atPath: dir + "/repo/sub", withIntermediateDirectories: false)
        let below = try CLI.run(["validate"], in: dir + "/repo/sub")
        #expect(below.stderr == "../.popgesture.yml:4:5: error: `include: ../nonexistent`: no such file or folder\n")
        let rules = try CLI.run(["check", "--config", "rules.yml"], in: dir + "/repo")
        #expect(rules.status == 2 && rules.stdout.isEmpty)
        #expect(
            rules.stderr
                == "rules.yml:3:8: error: `rules: rules/strict.yaml`: cannot read file: No such file or directory\n")
    }

    @Test func aBadConfigIsAnErrorAtItsLine() throws {
        let dir = try CLI.fixture([
            "repo/.git/HEAD": "", "repo/a.yaml": CommandLineTests.swipe(),
            "repo/.popgesture.yml": "format: popgesture-config/1\nexclud: [x]\n",
            "repo/other.yml": "format: popgesture-config/1\nrules: fdd\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bad = try CLI.run(["check", "a.yaml"], in: dir + "/repo")
        #expect(bad.status == 2 && bad.stdout.isEmpty)
        #expect(
            bad.stderr.hasPrefix(".popgesture.yml:2:1: error: unknown key `exclud` in a config document;")
                && bad.stderr.contains("(did you mean `exclude`?)"), "\(bad.stderr)")
        let rules = try CLI.run(["check", "--config", "other.yml", "a.yaml"], in: dir + "/repo")
        #expect(
            rules.status == 2
                && rules.stderr.hasPrefix(
                    "other.yml:2:8: error: `rules: fdd`: unknown preset or file `fdd` (did you mean `fd`?)"),
            "\(rules.stderr)")
        // A rules file that is not there is the config's mistake, said at the line that names it.
        try "format: popgesture-config/1\nrules: rules/strict.yaml\n".write(
            toFile: dir + "/repo/missing.yml", atomically: true, encoding: .utf8)
        let missing = try CLI.run(["check", "--config", "missing.yml", "a.yaml"], in: dir + "/repo")
        #expect(
            missing.status == 2
                && missing.stderr.hasPrefix(
                    "missing.yml:2:8: error: `rules: rules/strict.yaml`: cannot read file: No such file or directory"),
            "\(missing.stderr)")
        let validate = try CLI.run(["validate", ".popgesture.yml", "--no-config"], in: dir + "/repo")
        #expect(
            validate.status == 1 && validate.stdout.hasPrefix(".popgesture.yml:2:1: error: unknown key `exclud`"),
            "\(validate.stdout)")
        // Every error of the config in one run, not one a run: the unknown key and the bad preset.
        try "format: popgesture-config/1\nexclud: [x]\nrules: fdd\n".write(
            toFile: dir + "/repo/both.yml", atomically: true, encoding: .utf8)
        for command in [["check"], ["replay"], ["validate"], ["diff", "--base", "fd", "--head", "fd"]] {
            let both = try CLI.run(command + ["--config", "both.yml", "a.yaml"], in: dir + "/repo")
            #expect(both.status == 2 && both.stdout.isEmpty)
            #expect(
                both.stderr == """
                    both.yml:2:1: error: unknown key `exclud` in a config document; expected one of `format`, `include`, `exclude`, `rules`, `overrides`, `strict`, `requireGoldens`, `jobs`, `reportFormat` (did you mean `exclude`?)
                    both.yml:3:8: error: `rules: fdd`: unknown preset or file `fdd` (did you mean `fd`?)

                    """, "\(command)")
        }
        let noPaths = try CLI.run(["check", "--no-config"], in: dir + "/repo")
        #expect(
            noPaths.status == 2 && noPaths.stderr.hasPrefix("error: no trace files or folders given"),
            "\(noPaths.stderr)")
    }
}
