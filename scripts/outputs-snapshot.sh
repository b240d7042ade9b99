#!/usr/bin/env bash
# Every command's output over the bundled traces, in every format, one file each, so that a change
# meant to keep behaviour can be checked byte for byte: run it with the binary before and after, then
# `diff -r BEFORE AFTER`. Usage: scripts/outputs-snapshot.sh BINARY OUT_FOLDER (from the project root).
set -uo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
out=$2
rm -rf "$out" && mkdir -p "$out"
mkdir -p "$out"
run() { # name, command...
    local name=$1; shift
    "$bin" "$@" > "$out/$name.out" 2> "$out/$name.err"
    echo "exit $?" >> "$out/$name.err"
    # `wrote PATH` names the snapshot's own folder, which differs between the two snapshots.
    sed -i "s#$out#OUT#g" "$out/$name.out" "$out/$name.err"
}
run check-text check traces/
run check-json check --format json traces/
run check-junit check --format junit traces/
run check-html check --format html -o "$out/check.html" traces/
for format in github markdown sarif; do run "check-$format" check --format "$format" traces/; done
run check-json-o check --format json -o "$out/check-o.json" traces/
# Shards and their merge: each kind `merge` reads.
for k in 1 2 3; do
    run "shard-check-json-$k" check --format json --shard "$k/3" traces/
    run "shard-check-junit-$k" check --format junit --shard "$k/3" traces/
    run "shard-replay-json-$k" replay --format json --shard "$k/3" traces/
    run "shard-diff-json-$k" diff --base fd-1.1 --head fd --format json --shard "$k/3" traces/
done
run merge-check-json merge "$out"/shard-check-json-{1,2,3}.out
run merge-check-junit merge "$out"/shard-check-junit-{1,2,3}.out
run merge-replay-json merge "$out"/shard-replay-json-{1,2,3}.out
run merge-diff-json merge "$out"/shard-diff-json-{1,2,3}.out
run merge-o merge -o "$out/merge-o.json" "$out"/shard-diff-json-{1,2,3}.out
run sweep-json sweep --vary maxStartX=40..200/40 --format json traces/intent
run sweep-text sweep --vary maxStartX=40..200/40 traces/intent
run replay-text replay traces/
run replay-json replay --format json traces/
for rules in fd cupertino uikit flutter edge30 swipetransition sloppyswiper telegram framework7 ionic react-navigation react-navigation-8 rn-screens-fullscreen; do
    run "replay-json-$rules" replay --rules "$rules" --format json traces/
done
run diff-text diff --base fd-1.1 --head fd traces/
run diff-json diff --base fd-1.1 --head fd --format json traces/
run validate-text validate traces/ schemas/ Tests/Fixtures/schema/invalid
run validate-json validate --format json traces/ Tests/Fixtures/schema/invalid
run rules-list rules list
for p in fd fd-1.1 uikit tz cupertino edge30 flutter lh swipetransition sloppyswiper telegram framework7 ionic react-navigation react-navigation-8 rn-screens-fullscreen; do
    run "rules-show-$p" rules show "$p"
done
while IFS= read -r file; do
    name=$(echo "$file" | tr '/' '_')
    run "explain-$name" explain "$file"
    run "plot-$name" plot --document 1 "$file"
    run "plot-vs-$name" plot --document 1 --rules fd-1.1 --rules cupertino "$file"
done < <(find traces -name '*.yaml' | sort)
for raw in Tests/Data/recordings/raw/*/*.*; do
    [[ -f $raw ]] || continue
    run "import-$(basename "$raw")" import "$raw"
done
run synth synth --count 3 --per-file 2 --gestures 5 --out "$out/synth"
