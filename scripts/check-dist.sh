#!/usr/bin/env bash
# `make dist-test`, after `make dist`: the prebuilt binaries used as a CI job or a team would use them.
#   - they need no Swift toolchain: no library from it, no run path into it (only $ORIGIN), and they
#     run with an environment that has none;
#   - the tarball unpacks to bin/ and share/ (man page, completions), checks the bundled corpus against
#     its goldens, and its popgesture execs the popgesture-record beside it;
#   - the zip's checksum file is the zip's SHA-256, as `swift package compute-checksum` computes it;
#   - a scratch package in a private temporary folder with `.binaryTarget(name:path:)` on the zip and a
#     command plugin on it (as SwiftLintPlugins does) runs `swift package popgesture check traces/`;
#   - action.yml's steps run with the tarball (Tests/action/check_action.py --tarball).
# Ends with `dist: N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd -P)
out=${DIST:-dist}
passed=0 failed=0
pass() { passed=$((passed + 1)); echo "ok: $1"; }
fail() { failed=$((failed + 1)); echo "FAILED: $1"; [[ -n ${2:-} ]] && printf '%s\n' "$2" | tail -n 30 | sed 's/^/    /'; }

zip=$(ls "$out"/popgesture-*.artifactbundle.zip 2> /dev/null | head -n 1)
tarball=$(ls "$out"/popgesture-*.tar.gz 2> /dev/null | head -n 1)
if [[ -z $zip || -z $tarball ]]; then
    echo "no artifact bundle or tarball in $out/: run make dist first" >&2
    exit 2
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

tar -xzf "$tarball" -C "$scratch"
top=$(ls -d "$scratch"/popgesture-*/)
top=${top%/}
for tool in popgesture popgesture-record; do
    libraries=$(ldd "$top/bin/$tool" 2>&1)
    runpath=$(readelf -d "$top/bin/$tool" 2> /dev/null | grep -E 'RPATH|RUNPATH' || true)
    toolchain=$(dirname "$(dirname "$(command -v swift)")")
    # $ORIGIN (the folder of the binary) is the only run path it may have.
    if [[ $libraries != *"$toolchain"* && $libraries != *"not found"* && $runpath != *"$toolchain"* ]]; then
        pass "$tool needs no toolchain library: $(awk '/=>/ {print $1}' <<< "$libraries" | sed 's/\.so.*//' | sort -u | tr '\n' ' ')"
    else
        fail "$tool depends on the toolchain" "$libraries$runpath"
    fi
done
if out=$(env -i PATH=/usr/bin:/bin "$top/bin/popgesture" check traces/ --require-goldens 2>&1); then
    pass "the tarball's popgesture checks the bundled corpus with no toolchain in its environment: ${out##*$'\n'}"
else
    fail "the tarball's popgesture on the bundled corpus" "$out"
fi
serve=$("$top/bin/popgesture" record --serve --host phone.local --out "$scratch/takes" 2>&1 || true)
if [[ $serve == "error: --host phone.local is not an IPv4 address"* ]]; then
    pass "record --serve execs the popgesture-record beside it"
else
    fail "record --serve did not reach popgesture-record" "$serve"
fi
if [[ -s $top/share/man/man1/popgesture.1 && -s $top/share/bash-completion/completions/popgesture \
    && -s $top/share/zsh/site-functions/_popgesture && -s $top/share/fish/vendor_completions.d/popgesture.fish ]] \
    && bash -c "source '$top/share/bash-completion/completions/popgesture' && complete -p popgesture" > /dev/null; then
    pass "the tarball holds the man page and the bash, zsh and fish completions"
else
    fail "the tarball's share/" "$(cd "$top" && find . -type f)"
fi
expected=$( { sha256sum "$zip" 2> /dev/null || shasum -a 256 "$zip"; } | cut -d' ' -f1)
if [[ $(cat "$zip.checksum") == "$expected" ]]; then
    pass "the bundle's checksum file is the zip's SHA-256 ($expected)"
else
    fail "the checksum file does not match the zip" "$(cat "$zip.checksum") != $expected"
fi

# A package that uses the bundle as SwiftLintPlugins uses SwiftLint's: a binary target and a plugin.
client=$scratch/client
mkdir -p "$client/Plugins/PopGestureBundled" "$client/traces"
cp "$zip" "$client/"
cat > "$client/Package.swift" << MANIFEST
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "bundled",
    products: [.plugin(name: "PopGestureBundled", targets: ["PopGestureBundled"])],
    targets: [
        .binaryTarget(name: "PopGestureBinary", path: "$(basename "$zip")"),
        .plugin(
            name: "PopGestureBundled",
            capability: .command(intent: .custom(verb: "popgesture", description: "popgesture from the artifact bundle")),
            dependencies: ["PopGestureBinary"]
        ),
    ]
)
MANIFEST
cat > "$client/Plugins/PopGestureBundled/Plugin.swift" << 'SWIFT'
import Foundation
import PackagePlugin

@main
struct PopGestureBundled: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let process = Process()
        process.executableURL = try context.tool(named: "popgesture").url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { Diagnostics.error("popgesture exited with \(process.terminationStatus)") }
    }
}
SWIFT
cp traces/example/cancelled-swipe.yaml "$client/traces/"
cd "$client"
start=$SECONDS
out=$(swift package popgesture check traces/ 2>&1)
status=$?
if ((status == 0)) && [[ $out == *"1 trace in 1 file: 1 passed, 0 failed, 0 errors"* ]]; then
    pass "a scratch package's plugin runs the bundle: swift package popgesture check traces/ ($((SECONDS - start)) s, plugin compiled)"
else
    fail "swift package popgesture check traces/ with the bundle (exit $status)" "$out"
fi
out=$(swift package popgesture record --serve --host phone.local --out "$scratch/takes" 2>&1)
if [[ $out == *"error: --host phone.local is not an IPv4 address"* ]]; then
    pass "the bundle's popgesture execs the bundle's popgesture-record"
else
    fail "record --serve through the bundle" "$out"
fi
cd "$root"

out=$(python3 Tests/action/check_action.py --binary "$top/bin/popgesture" --tarball "$tarball" 2>&1)
if [[ $? == 0 ]]; then
    pass "action.yml's steps with the tarball: ${out##*$'\n'}"
else
    fail "action.yml with the tarball" "$out"
fi
echo "dist: $passed passed, $failed failed"
((failed == 0))
