import Foundation
import PopGestureCore

/// `--shard auto`: K/N from the variables a CI system sets on each of a job's parallel copies, so that
/// one command line serves every machine.
extension Shard {
    /// One CI system's pair of variables, and where its index starts.
    struct CIVariables: Sendable {
        var system: String
        var index: String
        var total: String
        /// The index's first value: 1 when the system counts jobs from 1, else 0.
        var base: Int
    }

    static let ciVariables = [
        // GitLab: "CI_NODE_INDEX: Index of the job in the job set" (from 1, set only for `parallel:`
        // jobs); "CI_NODE_TOTAL: Total number of instances of this job running in parallel. Set to 1
        // if the job does not use parallel" (docs.gitlab.com, ci/variables/predefined_variables).
        CIVariables(system: "GitLab", index: "CI_NODE_INDEX", total: "CI_NODE_TOTAL", base: 1),
        // Buildkite: BUILDKITE_PARALLEL_JOB "the index of this job within a parallel step, starting
        // at 0", BUILDKITE_PARALLEL_JOB_COUNT the step's `parallelism` (buildkite.com/docs, pipelines/
        // environment-variables).
        CIVariables(
            system: "Buildkite", index: "BUILDKITE_PARALLEL_JOB", total: "BUILDKITE_PARALLEL_JOB_COUNT", base: 0),
        // CircleCI: CIRCLE_NODE_INDEX "ranges from 0 to (CIRCLE_NODE_TOTAL - 1)" (circleci.com/docs,
        // variables: built-in environment variables).
        CIVariables(system: "CircleCI", index: "CIRCLE_NODE_INDEX", total: "CIRCLE_NODE_TOTAL", base: 0),
        // Bazel: TEST_SHARD_INDEX from 0 to TEST_TOTAL_SHARDS - 1, and a test that shards touches
        // TEST_SHARD_STATUS_FILE to say so (bazel.build/reference/test-encyclopedia, initial conditions).
        CIVariables(system: "Bazel", index: "TEST_SHARD_INDEX", total: "TEST_TOTAL_SHARDS", base: 0),
    ]

    /// What `--shard auto` found: the shard, and what to tell the person (which variables, or that
    /// none were set).
    public struct Automatic: Sendable {
        public var shard: Shard
        public var note: Diagnostic?
    }

    /// The shard the environment names. Every system whose variables are set must give a valid and
    /// the same K/N; none set is 1/1 (the whole run) with a note. GitLab sets `CI_NODE_TOTAL=1` on
    /// every job that is not parallel: alone, that names no shard. Under Bazel the status file is
    /// touched, as its sharding protocol asks of a test that shards.
    public static func automatic(environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<
        Automatic, Diagnostic
    > {
        var found: [(system: String, shard: Shard, variables: String)] = []
        for ci in ciVariables {
            let index = environment[ci.index]
            let total = environment[ci.total]
            if index == nil && total == nil { continue }
            if ci.system == "GitLab", index == nil, total == "1" { continue }
            let said = "\(ci.index)=\(index ?? "(unset)") \(ci.total)=\(total ?? "(unset)")"
            guard let indexText = index, let totalText = total else {
                return .failure(
                    Diagnostic(
                        message: "--shard auto: \(ci.system)'s variables are half set: \(said)",
                        suggestion: "set both, or give --shard K/N"))
            }
            guard let k = Int(indexText.trimmingCharacters(in: .whitespaces)),
                let n = Int(totalText.trimmingCharacters(in: .whitespaces))
            else {
                return .failure(
                    Diagnostic(
                        message:
                            "--shard auto: \(ci.system)'s variables do not name a shard: \(said) (both are whole numbers)",
                        suggestion: "fix the CI's parallelism settings, or give --shard K/N"))
            }
            // The one check `--shard K/N` makes, each reason in the CI's terms.
            let (kk, overflowed) = k.subtractingReportingOverflow(ci.base - 1)
            if let problem = Shard.problem(index: overflowed ? Int.min : kk, count: n) {
                let reason =
                    switch problem {
                    case .count: "\(ci.total) must be from 1 to \(Shard.maxCount), the most shards a run is split into"
                    case .index: "the index counts from \(ci.base) to the total\(ci.base == 0 ? " - 1" : "")"
                    }
                return .failure(
                    Diagnostic(
                        message: "--shard auto: \(ci.system)'s variables do not name a shard: \(said) (\(reason))",
                        suggestion: "fix the CI's parallelism settings, or give --shard K/N"))
            }
            let shard = Shard(index: kk, count: n)!
            found.append((ci.system, shard, said))
        }
        guard let first = found.first else {
            return .success(
                Automatic(
                    shard: Shard(index: 1, count: 1)!,
                    note: Diagnostic(
                        message:
                            "--shard auto: no CI shard variables set (\(ciVariables.map { "\($0.index)/\($0.total)" }.joined(separator: ", "))); working on every file (1/1)",
                        severity: .note)))
        }
        if let other = found.first(where: { $0.shard != first.shard }) {
            return .failure(
                Diagnostic(
                    message:
                        "--shard auto: the CI variables disagree: \(first.variables) (\(first.system), shard \(first.shard)) but \(other.variables) (\(other.system), shard \(other.shard))",
                    suggestion: "unset one system's variables, or give --shard K/N"))
        }
        if let status = environment["TEST_SHARD_STATUS_FILE"], !status.isEmpty, environment["TEST_TOTAL_SHARDS"] != nil
        {
            if let problem = touch(status) { return .failure(problem) }
        }
        return .success(Automatic(shard: first.shard, note: nil))
    }

    /// Creates the file, or updates its modification time.
    private static func touch(_ path: String) -> Diagnostic? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            return Diagnostic(
                path: path,
                message:
                    "--shard auto: cannot touch Bazel's TEST_SHARD_STATUS_FILE: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        guard futimens(descriptor, nil) == 0 else {
            return Diagnostic(
                path: path,
                message:
                    "--shard auto: cannot touch Bazel's TEST_SHARD_STATUS_FILE: \(String(cString: strerror(errno)))")
        }
        return nil
    }
}
