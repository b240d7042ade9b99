#!/usr/bin/env bash
# popgesture's benchmark: builds release, generates corpora with `popgesture synth`, and measures,
# side by side in one run:
#   1. single-core throughput of `check` and `replay --format json` against a bare libyaml event scan
#      of the same bytes (scripts/yaml-floor.c), as a ratio of the floor's time to ours;
#   2. batch scaling: --jobs 2 against --jobs 1 on 2,000 files;
#   3. peak resident memory on one long recording (check, replay, validate, diff) and on one file of
#      many documents;
#   4. start-up: `check` on one small trace.
# Usage: scripts/bench.sh [--quick]   (--quick: smaller corpora, for trying the script out)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
quick=${1:-}
work=${BENCH_DIR:-/tmp/popgesture-bench}
mkdir -p "$work"
swift build -c release --product popgesture >/dev/null
bin=.build/release/popgesture
cc -O2 -o "$work/yaml-floor" scripts/yaml-floor.c $(pkg-config --cflags --libs yaml-0.1 2>/dev/null || echo -lyaml)

if [[ $quick == --quick ]]; then files=200; gestures=130; long=200000; docs=5000; else files=2000; gestures=155; long=4000000; docs=100000; fi

corpus=$work/corpus-$files-$gestures
[[ -d $corpus ]] || $bin synth --seed 1 --count $files --gestures $gestures --out "$corpus" >/dev/null
longdir=$work/long-$long
[[ -d $longdir ]] || $bin synth --seed 2 --count 1 --gestures $long --out "$longdir" >/dev/null
manydir=$work/many-$docs
[[ -d $manydir ]] || $bin synth --seed 3 --count $docs --per-file $docs --gestures 27 --out "$manydir" >/dev/null

# Best of three wall-clock seconds of a command, its output discarded.
best() {
    local best=""
    for _ in 1 2 3; do
        local s e
        s=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s.%N)
        best=$(python3 -c "import sys; a=float(sys.argv[1]); b=sys.argv[2]; print(f'{a if b == \"\" else min(a, float(b)):.3f}')" "$(python3 -c "print($e-$s)")" "$best")
    done
    echo "$best"
}
# Peak resident set size in MB of a command.
peak() {
    /usr/bin/time -f "%M" "$@" 2>&1 >/dev/null | tail -n 1 | python3 -c "import sys; print(round(int(sys.stdin.read())/1024, 1))"
}
ratio() { python3 -c "import sys; print(f'{float(sys.argv[1])/float(sys.argv[2]):.2f}')" "$1" "$2"; }

bytes=$(du -sb "$corpus" | cut -f1)
echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -m); corpus: $files files, $((bytes / 1000000)) MB"
floor=$(best "$work/yaml-floor" "$corpus"/*.yaml)
check1=$(best $bin check --jobs 1 "$corpus")
replay1=$(best $bin replay --format json --jobs 1 "$corpus")
check2=$(best $bin check --jobs 2 "$corpus")
echo "libyaml floor (event scan)        ${floor}s  $(python3 -c "print(f'{$bytes/$floor/1e6:.0f}')") MB/s"
echo "check --jobs 1                    ${check1}s  $(ratio "$floor" "$check1") of the floor's throughput (target >= 0.60)"
echo "replay --format json --jobs 1     ${replay1}s  $(ratio "$floor" "$replay1") of the floor's throughput (target >= 0.60)"
echo "check --jobs 2                    ${check2}s  $(ratio "$check1" "$check2")x --jobs 1 (target >= 1.70)"

longfile=$(ls "$longdir"/*.yaml)
manyfile=$(ls "$manydir"/*.yaml)
echo "long recording: $(( $(stat -c %s "$longfile") / 1000000 )) MB in one document; many documents: $(( $(stat -c %s "$manyfile") / 1000000 )) MB in $docs documents"
echo "peak RSS check, long recording          $(peak $bin check "$longfile") MB (target < 64)"
echo "peak RSS replay text, long recording    $(peak $bin replay "$longfile") MB (target < 64)"
echo "peak RSS replay json, long recording    $(peak $bin replay --format json "$longfile") MB"
# diff and validate streamed too (issue 13): a diff keeps what differs, validate keeps positions.
echo "peak RSS validate, long recording       $(peak $bin validate "$longfile") MB (target < 128)"
echo "peak RSS diff fd -> cupertino, long rec $(peak $bin diff --base fd --head cupertino "$longfile") MB (target < 128)"
echo "peak RSS diff --format json, long rec   $(peak $bin diff --base fd --head cupertino --format json "$longfile") MB (target < 128)"
for command in "check" "replay" "replay --format json" "validate"; do
    echo "peak RSS $command, many documents$(printf '%*s' $((19 - ${#command})) '') $(peak $bin $command "$manyfile") MB (target < 64)"
done
small=traces/example/cancelled-swipe.yaml
startup=$(best $bin check "$small")
echo "start-up: check on one small trace    $(python3 -c "print(f'{$startup*1000:.0f}')") ms (target < 50)"
