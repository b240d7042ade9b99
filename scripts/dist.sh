#!/usr/bin/env bash
# `make dist`: prebuilt popgesture for CI machines and SwiftPM plugins, in dist/:
#   popgesture-VERSION.artifactbundle/ and .artifactbundle.zip, with .zip.checksum (what `swift package
#       compute-checksum` prints, for a `.binaryTarget(url:checksum:)`): popgesture and popgesture-record
#       for this machine's triple (Linux: x86_64-unknown-linux-gnu here; macOS: arm64-apple-macosx and
#       x86_64-apple-macosx, one universal binary);
#   popgesture-VERSION-TRIPLE.tar.gz and .tar.gz.sha256: bin/ and share/ as `make install` lays them
#       out (the man page from swift-argument-parser's generate-manual plugin, bash, zsh and fish
#       completions).
# On Linux the binaries carry the Swift runtime and Foundation (--static-swift-stdlib): they need
# glibc, libstdc++ and libyaml, not a Swift toolchain. They are built in .build-dist, beside the
# debug and release builds. Prints the sizes and the build's time at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
scratch=.build-dist
out=${DIST:-dist}
start=$SECONDS

case "$(uname -s)" in
    Linux)
        triple=$("$swift" -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["unversionedTriple"])')
        triples=("$triple")
        build=(-c release --static-swift-stdlib --scratch-path "$scratch")
        products=$scratch/release
        platform=$triple
        ;;
    Darwin)
        triples=(arm64-apple-macosx x86_64-apple-macosx)
        build=(-c release --arch arm64 --arch x86_64 --scratch-path "$scratch")
        products=$scratch/apple/Products/Release
        platform=universal-apple-macosx
        ;;
    *)
        echo "make dist: no artifact bundle for $(uname -s)" >&2
        exit 2
        ;;
esac

"$swift" build "${build[@]}" --product popgesture
"$swift" build "${build[@]}" --product popgesture-record
# The man page: swift-argument-parser's generate-manual, the tool behind its plugin (which `make install`
# runs), run on the binary itself. Through the plugin it would cost a second build of popgesture.
"$swift" build "${build[@]}" --product generate-manual
built=$((SECONDS - start))

version=$("$products/popgesture" --version)
name=popgesture-$version
mkdir -p "$out"
out=$(cd "$out" && pwd -P)

# The artifact bundle: one folder per variant, popgesture-record beside popgesture (which execs it).
bundle=$out/$name.artifactbundle
rm -rf "$bundle" "$bundle.zip"
variant=$name-$platform
mkdir -p "$bundle/$variant/bin"
cp "$products/popgesture" "$products/popgesture-record" "$bundle/$variant/bin/"
strip "$bundle/$variant/bin/popgesture" "$bundle/$variant/bin/popgesture-record" 2> /dev/null || true
python3 - "$bundle/info.json" "$version" "$variant" "${triples[@]}" << 'PYTHON'
import json, sys
path, version, variant, *triples = sys.argv[1:]
artifact = lambda tool: {"version": version, "type": "executable",
                         "variants": [{"path": f"{variant}/bin/{tool}", "supportedTriples": triples}]}
with open(path, "w") as file:
    json.dump({"schemaVersion": "1.0", "artifacts": {tool: artifact(tool) for tool in ("popgesture", "popgesture-record")}},
              file, indent=2)
    file.write("\n")
PYTHON
(cd "$out" && rm -f "$name.artifactbundle.zip" && zip -qry "$name.artifactbundle.zip" "$name.artifactbundle")
"$swift" package compute-checksum "$bundle.zip" > "$bundle.zip.checksum"

# The tarball: make install's layout under popgesture-VERSION-PLATFORM/.
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
top=$stage/$variant
mkdir -p "$top/bin" "$top/share/man/man1" "$top/share/bash-completion/completions" \
    "$top/share/zsh/site-functions" "$top/share/fish/vendor_completions.d"
cp "$bundle/$variant/bin/popgesture" "$bundle/$variant/bin/popgesture-record" "$top/bin/"
"$products/generate-manual" "$top/bin/popgesture" --output-directory "$top/share/man/man1" > /dev/null
"$top/bin/popgesture" --generate-completion-script bash > "$top/share/bash-completion/completions/popgesture"
"$top/bin/popgesture" --generate-completion-script zsh > "$top/share/zsh/site-functions/_popgesture"
"$top/bin/popgesture" --generate-completion-script fish > "$top/share/fish/vendor_completions.d/popgesture.fish"
tarball=$out/$variant.tar.gz
tar -czf "$tarball" -C "$stage" "$variant"
(cd "$out" && { sha256sum "$variant.tar.gz" 2> /dev/null || shasum -a 256 "$variant.tar.gz"; } > "$variant.tar.gz.sha256")

size() { du -k "$1" | cut -f1 | awk '{printf "%.1f MB", $1 / 1024}'; }
echo "built in ${built}s (release, $(IFS=,; echo "${triples[*]}"))"
echo "popgesture $(size "$bundle/$variant/bin/popgesture"), popgesture-record $(size "$bundle/$variant/bin/popgesture-record") (stripped)"
echo "$bundle.zip: $(size "$bundle.zip"), checksum $(cat "$bundle.zip.checksum")"
echo "$tarball: $(size "$tarball")"
