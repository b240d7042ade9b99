#!/usr/bin/env bash
# A client of this repository, as an app team would set one up: a scratch package in a private
# temporary folder that depends on this checkout by path and
#   - builds a library target that imports PopGesture and nothing else (the public API suffices);
#   - cannot name PopGestureCore or PopGestureKit (they are no products);
#   - runs a Swift Testing test that calls expectTrace on a failing trace: it fails at the test's line
#     with check's and explain's words, and `--attachments-path` receives the trace's SVG timeline;
#   - runs `swift package popgesture check traces/` (the command plugin, no flags), which finds the
#     package's .popgesture.yml, refuses to write goldens, while `popgesture-write` writes them only
#     with --allow-writing-to-package-directory.
# The scratch package builds popgesture's modules in debug (a few minutes on 2 cores).
#   scripts/check-client.sh        prints one line per check, then `client package: N passed, N failed`
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd -P)
identity=$(basename "$root" | tr '[:upper:]' '[:lower:]')
scratch=$(mktemp -d)
[[ -n ${KEEP_CLIENT:-} ]] && echo "scratch package kept in $scratch" || trap 'rm -rf "$scratch"' EXIT
passed=0 failed=0

# check NAME STATUS: counts and prints a check's verdict; `fail` prints what was seen.
pass() { passed=$((passed + 1)); echo "ok: $1"; }
fail() { failed=$((failed + 1)); echo "FAILED: $1"; [[ -n ${2:-} ]] && printf '%s\n' "$2" | tail -n 30 | sed 's/^/    /'; }

client=$scratch/client
mkdir -p "$client/Sources/Client" "$client/Tests/ClientTests/Traces" "$client/traces"
cat > "$client/Package.swift" << MANIFEST
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "client",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "$root")],
    targets: [
        .target(name: "Client", dependencies: [.product(name: "PopGesture", package: "$identity")]),
        .testTarget(
            name: "ClientTests",
            dependencies: [
                "Client",
                .product(name: "PopGesture", package: "$identity"),
                .product(name: "PopGestureTesting", package: "$identity"),
            ],
            exclude: ["Traces"]
        ),
    ]
)
MANIFEST
cat > "$client/Sources/Client/SwipeRules.swift" << 'SWIFT'
import PopGesture

/// An app's own use of the library: its trace folder replayed under its rules, read as values.
public enum SwipeRules {
    public static func summary(of path: String, rules spec: String = "uikit") throws -> [String] {
        let rules = try Rules(spec)
        var lines: [String] = []
        for trace in try Trace.load(contentsOf: path) {
            let report = trace.replay(rules: rules)
            for gesture in report.gestures {
                let pop = gesture.pop.map { "\($0.result) by \($0.by ?? "-"): \($0.why ?? "")" } ?? "no pop"
                lines.append("\(report.source) gesture \(gesture.index): \(gesture.outcome), \(pop)")
            }
            lines += report.bar.map { "bar \($0.t) \($0.hidden) \($0.cause)" }
            lines += report.anomalies.map { "\($0.kind) \($0.detail)" }
            lines += report.expectations.failures.map(\.description)
            if let failure = report.check(.final(stack: ["inbox"])) { lines.append(failure.message) }
            if report.final.barHidden, let first = report.gestures.first,
                first.check(.pop(.completed)) != nil
            {
                lines.append(report.explanation(gesture: first.index))
            }
        }
        let sweep = try Sweep(paths: [path], base: spec, vary: ["maxStartX=40,80"]).run()
        lines.append("best: \(sweep.best.map { sweep.versions[$0].values })")
        return lines
    }
}
SWIFT
cat > "$client/Tests/ClientTests/SwipeTests.swift" << 'SWIFT'
import PopGesture
import PopGestureTesting
import Testing

@Test func recordedSwipeBackCompletes() {
    expectTrace("Traces/swipe.yaml", rules: .fd)
}
SWIFT
sed 's/pop: cancelled/pop: completed/' traces/example/cancelled-swipe.yaml > "$client/Tests/ClientTests/Traces/swipe.yaml"
cp traces/example/cancelled-swipe.yaml "$client/traces/"
printf 'format: popgesture-config/1\ninclude: [traces]\nstrict: true\n' > "$client/.popgesture.yml"
cd "$client"

# The public API is enough for a client, and the only one it can name.
if out=$(swift build 2>&1); then
    pass "a target importing PopGesture alone builds against the public API"
else
    fail "swift build of a target importing PopGesture" "$out"
fi
mkdir -p "$scratch/internal/Sources/Inside"
echo 'import PopGestureCore' > "$scratch/internal/Sources/Inside/Inside.swift"
cat > "$scratch/internal/Package.swift" << MANIFEST
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "inside",
    dependencies: [.package(path: "$root")],
    targets: [.target(name: "Inside", dependencies: [.product(name: "PopGestureCore", package: "$identity")])]
)
MANIFEST
out=$(cd "$scratch/internal" && swift build 2>&1)
if [[ $out == *"product 'PopGestureCore' required by package 'internal' target 'Inside' not found"* ]]; then
    pass "PopGestureCore is no product a client can depend on"
else
    fail "a client naming the PopGestureCore product was not refused" "$out"
fi

# A Swift Testing test on a failing trace fails at the caller's line with check's and explain's words.
line=$(grep -n 'expectTrace(' Tests/ClientTests/SwipeTests.swift | cut -d: -f1)
mkdir "$scratch/attachments"
out=$(swift test --attachments-path "$scratch/attachments" 2>&1)
status=$?
if ((status != 0)) && [[ $out == *"recorded an issue at SwipeTests.swift:$line:"* ]] \
    && [[ $out == *"swipe.yaml:16:5: expectation failed: cancelled-swipe-between-bar-and-no-bar (fd): expect[1]: gesture 1: expected pop completed, got cancelled by projection: progress 0.046"* ]] \
    && [[ $out == *"release: projection: n >= 3 and moved, so the projection decides"* ]]; then
    pass "expectTrace fails the test at SwipeTests.swift:$line with check's and explain's words"
else
    fail "swift test on the failing trace (exit $status)" "$out"
fi
if grep -qs '<svg' "$scratch"/attachments/*.svg; then
    pass "the failing trace's SVG timeline is attached ($(cd "$scratch/attachments" && ls))"
else
    fail "no SVG attachment in --attachments-path" "$(ls -la "$scratch/attachments" 2>&1)"
fi

# The command plugin: reads with no flag, finds .popgesture.yml, writes only through popgesture-write.
out=$(swift package popgesture check traces/ 2>&1)
status=$?
if ((status == 0)) && [[ $out == *"1 trace in 1 file: 1 passed, 0 failed, 0 errors"* ]]; then
    pass "swift package popgesture check traces/"
else
    fail "swift package popgesture check traces/ (exit $status)" "$out"
fi
out=$(swift package popgesture check 2>&1)
status=$?
if ((status == 0)) && [[ $out == *"1 trace in 1 file: 1 passed"* ]]; then
    pass "swift package popgesture check (the paths from the package's .popgesture.yml)"
else
    fail "swift package popgesture check without paths (exit $status)" "$out"
fi
out=$(swift package popgesture check Tests/ClientTests/Traces 2>&1)
status=$?
if ((status != 0)) && [[ $out == *"Tests/ClientTests/Traces/swipe.yaml:16:5: error: expectation failed"* ]] \
    && [[ $out == *"popgesture exited with 1 (findings)"* ]]; then
    pass "a failing trace fails the plugin with check's line"
else
    fail "swift package popgesture check on a failing trace (exit $status)" "$out"
fi
out=$(swift package popgesture check --update-goldens traces/ 2>&1)
status=$?
if ((status != 0)) && [[ $out == *"popgesture-write check --update-goldens traces/"* ]] \
    && [[ ! -e traces/cancelled-swipe.yaml.golden.jsonl ]]; then
    pass "popgesture refuses --update-goldens and names popgesture-write"
else
    fail "popgesture --update-goldens was not refused (exit $status)" "$out"
fi
out=$(swift package popgesture-write check --update-goldens traces/ < /dev/null 2>&1)
status=$?
if ((status != 0)) && [[ $out == *"--allow-writing-to-package-directory"* ]] \
    && [[ ! -e traces/cancelled-swipe.yaml.golden.jsonl ]]; then
    pass "popgesture-write needs --allow-writing-to-package-directory"
else
    fail "popgesture-write ran without the permission (exit $status)" "$out"
fi
out=$(swift package --allow-writing-to-package-directory popgesture-write check --update-goldens traces/ 2>&1)
status=$?
if ((status == 0)) && [[ -s traces/cancelled-swipe.yaml.golden.jsonl ]]; then
    pass "popgesture-write --update-goldens writes the golden with the permission"
else
    fail "popgesture-write --update-goldens (exit $status)" "$out"
fi
echo "client package: $passed passed, $failed failed"
((failed == 0))
