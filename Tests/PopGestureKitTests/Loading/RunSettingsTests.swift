import Foundation
import Testing

@testable import PopGestureCore
@testable import PopGestureKit

/// `RunSettings.resolve`: the one place where `.popgesture.yml` and the flags meet. In process, on a
/// config named by `--config` in a fresh folder (so nothing is discovered from the test's own folder).
@Suite struct RunSettingsTests {
    static let config = """
        format: popgesture-config/1
        include: [traces]
        exclude: [build/]
        rules: cupertino
        overrides:
          - {files: "traces/flutter/**", rules: flutter}
        strict: true
        requireGoldens: true
        jobs: 4
        reportFormat: junit

        """

    static func resolve(_ config: String, _ adjust: (inout RunFlags) -> Void = { _ in }) throws -> RunSettings {
        var result: RunSettings?
        try withFolder([".popgesture.yml": config]) { folder in
            var flags = RunFlags(config: folder + "/.popgesture.yml")
            adjust(&flags)
            result = try RunSettings.resolve(flags, defaultJobs: 7)
        }
        return try #require(result)
    }

    @Test func theConfigFillsWhatNoFlagGives() throws {
        let settings = try Self.resolve(Self.config)
        #expect(settings.paths.count == 1 && settings.paths[0].hasSuffix("/traces"))
        #expect(settings.jobs == 4 && settings.format == .junit && settings.strict && settings.requireGoldens)
        #expect(try settings.rules.rules(for: "elsewhere/a.yaml").name == "cupertino")
        let base = (settings.paths[0] as NSString).deletingLastPathComponent
        #expect(try settings.rules.rules(for: base + "/traces/flutter/a.yaml").name == "flutter")
        #expect(settings.exclusions.excludes(base + "/build/x.yaml"))
        #expect(!settings.exclusions.excludes(base + "/traces/x.yaml"))
    }

    @Test func aFlagGivenWins() throws {
        let settings = try Self.resolve(Self.config) {
            $0.paths = ["mine"]
            $0.jobs = 2
            $0.format = .text
            $0.rules = "fd-1.1"
            $0.exclude = ["*.tmp"]
        }
        #expect(settings.paths == ["mine"] && settings.jobs == 2 && settings.format == .text)
        // --rules over the overrides and the config's rules.
        let base = (try Self.resolve(Self.config).paths[0] as NSString).deletingLastPathComponent
        #expect(try settings.rules.rules(for: base + "/traces/flutter/a.yaml").name == "fd-1.1")
        // --exclude adds to the config's `exclude`, relative to the current folder.
        #expect(settings.exclusions.excludes("x.tmp"))
        #expect(settings.exclusions.rules.count == 2)
    }

    /// `--strict` and `--require-goldens` can only turn a check on: false is "not given".
    @Test func aFlagCannotTurnOffWhatTheConfigTurnsOn() throws {
        let on = try Self.resolve("format: popgesture-config/1\nstrict: true\n") { $0.paths = ["a"] }
        #expect(on.strict && !on.requireGoldens)
        let flag = try Self.resolve("format: popgesture-config/1\n") {
            $0.paths = ["a"]
            $0.requireGoldens = true
        }
        #expect(!flag.strict && flag.requireGoldens)
    }

    @Test func withoutAConfigTheDefaults() throws {
        let settings = try RunSettings.resolve(RunFlags(paths: ["a"], noConfig: true, allowEmpty: true), defaultJobs: 7)
        #expect(settings.config == nil && settings.jobs == 7 && settings.format == .text)
        #expect(!settings.strict && !settings.requireGoldens && settings.allowEmpty && settings.exclusions.isEmpty)
        #expect(try settings.rules.rules(for: "a.yaml").name == "fd")
    }

    @Test func noPathsIsAnErrorThatSaysWhereTheyComeFrom() {
        #expect(
            throws: Diagnostic(
                message: "no trace files or folders given",
                suggestion: "name them, e.g. `traces/`, or list them under `include` in .popgesture.yml")
        ) { try RunSettings.resolve(RunFlags(noConfig: true)) }
    }

    /// Every key of a config is checked: an unknown key, a bad preset, a bad number and a bad override
    /// are said in one run, in the file's order.
    @Test func everyErrorOfAConfigAtOnce() throws {
        try withFolder([
            "c.yml": """
            format: popgesture-config/1
            incloode: [traces]
            rules: fdd
            jobs: 0
            overrides:
              - {files: "a/**", rules: flutter}
              - {files: "b/**", rulez: fd}

            """
        ]) { folder in
            let path = folder + "/c.yml"
            #expect(throws: Diagnostic.self) { try RunSettings.resolve(RunFlags(paths: ["a"], config: path)) }
            do {
                _ = try RunSettings.resolve(RunFlags(paths: ["a"], config: path))
            } catch {
                #expect(
                    "\(error)" == """
                        \(path):2:1: error: unknown key `incloode` in a config document; expected one of `format`, `include`, `exclude`, `rules`, `overrides`, `strict`, `requireGoldens`, `jobs`, `reportFormat` (did you mean `include`?)
                        \(path):3:8: error: `rules: fdd`: unknown preset or file `fdd` (did you mean `fd`?)
                        \(path):4:7: error: expected `jobs` to be an integer >= 1, found 0
                        \(path):7:21: error: unknown key `rulez` in an override; expected one of `files`, `rules` (did you mean `rules`?)
                        """)
            }
        }
    }
}
