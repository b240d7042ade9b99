import CFuzzer
import Foundation
import PopGestureCore
import PopGestureKit

// The libFuzzer targets (`make fuzz`, scripts/fuzz.sh), one binary: POPGESTURE_FUZZ_TARGET names the
// one a process fuzzes (`trace` when unset). One binary rather than an executable per target
// because the fuzz build (release, AddressSanitizer, the whole of PopGestureKit) is most of `make
// fuzz`'s cost and each executable would link all of it again; a target is a class of a few lines,
// and libFuzzer learns coverage per process, so targets in one binary do not mix their corpora.
// A crash, a leak, a failed check (fatalError) or a slow input is a finding.

let targets: [String: () -> any FuzzTarget] = [
    "trace": { TraceTarget() },
    "evemu": { ImportTarget(format: .evemu) },
    "libinput": { ImportTarget(format: .libinput) },
    "getevent": { ImportTarget(format: .getevent) },
    "csv": { ImportTarget(format: .csv) },
    "uikit": { ImportTarget(format: .uikit) },
    "merge": { MergeTarget() },
    "rules": { RulesTarget() },
    "config": { ConfigTarget() },
    "baseline": { BaselineTarget() },
    "vary": { VaryTarget() },
]

let name = ProcessInfo.processInfo.environment["POPGESTURE_FUZZ_TARGET"] ?? "trace"
guard let make = targets[name] else {
    FileHandle.standardError.write(
        Data(
            "popgesture-fuzz: no target `\(name)`; targets are \(targets.keys.sorted().joined(separator: ", "))\n".utf8)
    )
    exit(2)
}
nonisolated(unsafe) let target = make()
// libFuzzer ends a run that reached -max_total_time or -runs with exit(), never returning here.
atexit { for file in target.scratchFiles { file.remove() } }

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    target.run(data, size)
    return 0
}
exit(status)
