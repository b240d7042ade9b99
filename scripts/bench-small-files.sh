#!/usr/bin/env bash
# Issue 41's rows: --jobs on a corpus shaped like a CI fleet's, many small traces. Made here with
# `popgesture synth --seed 7 --count 16000 --gestures 10` (16,000 files of about 4.5 KB, 70 MB;
# --quick: 2,000), kept in BENCH_DIR between runs. For check, replay --format json and a sweep of ten
# versions, paired runs (scripts/paired.py, five pairs, medians of the pairs' ratios):
#   - --jobs 2 against two independent --jobs 1 processes on half the files each, at once: wall
#     (target <= 1.05: --jobs 2 scales like two processes);
#   - --jobs 2 against --jobs 1: CPU time, user + system (target <= 1.05: running in parallel costs
#     no work of its own);
#   - more jobs than cores, with the process held to two cores (taskset -c 0,1): --jobs 4 and 8
#     against --jobs 2, wall (target <= 1.05: more jobs never make it slower);
# and the system calls a file costs (strace -f -c over check --jobs 2: openat and read per file,
# target 1 each).
# Usage: scripts/bench-small-files.sh BINARY [--quick]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$1
count=16000
[[ ${2:-} == --quick ]] && count=2000
work=${BENCH_DIR:-/tmp/popgesture-bench}
corpus=$work/small-$count
halves=$work/small-halves-$count
mkdir -p "$work"
[[ -d $corpus ]] || "$bin" synth --seed 7 --count $count --gestures 10 --out "$corpus" >/dev/null
if [[ ! -d $halves ]]; then
    mkdir -p "$halves/a" "$halves/b"
    i=0
    for file in "$corpus"/*.yaml; do
        ln -s "$(realpath "$file")" "$halves/$([[ $((i % 2)) == 0 ]] && echo a || echo b)/"
        i=$((i + 1))
    done
fi
pair() { python3 scripts/paired.py -n 5 "$1" "$2"; }
cmd() { printf '%q ' "$@"; }

echo "many small traces: $count files, $(($(du -sb "$corpus" | cut -f1) / 1000000)) MB; $(nproc) cores"
sweep=(sweep --vary maxStartX=20..200/20)
for name in check replay sweep; do
    case $name in
    check) words=(check) label="check" ;;
    replay) words=(replay --format json) label="replay --format json" ;;
    sweep) words=("${sweep[@]}") label="sweep, 10 versions" ;;
    esac
    read -r two _ twowall _ <<<"$(pair "$(cmd "$bin" "${words[@]}" --jobs 2 "$corpus")" \
        "$(cmd "$bin" "${words[@]}" --jobs 1 "$halves/a") & $(cmd "$bin" "${words[@]}" --jobs 1 "$halves/b"); wait")"
    read -r _ one _ cpu <<<"$(pair "$(cmd "$bin" "${words[@]}" --jobs 2 "$corpus")" \
        "$(cmd "$bin" "${words[@]}" --jobs 1 "$corpus")")"
    printf '%-22s --jobs 2 %ss, --jobs 1 %ss; wall %sx two processes on halves (target <= 1.05); CPU time %sx --jobs 1 (target <= 1.05)\n' \
        "$label" "$two" "$one" "$twowall" "$cpu"
done
for jobs in 4 8; do
    read -r many _ wall _ <<<"$(pair "taskset -c 0,1 $(cmd "$bin" check --jobs $jobs "$corpus")" \
        "taskset -c 0,1 $(cmd "$bin" check --jobs 2 "$corpus")")"
    printf 'check --jobs %s on 2 cores  %ss; wall %sx --jobs 2 on the same cores (target <= 1.05)\n' "$jobs" "$many" "$wall"
done
if command -v strace >/dev/null; then
    strace -f -c -e trace=openat,read -o "$work/strace-small.txt" "$bin" check --jobs 2 "$corpus" >/dev/null 2>&1 || true
    awk -v n=$count '$NF == "openat" || $NF == "read" { printf "%s per file: %.2f (target 1)\n", $NF, $4 / n }' \
        "$work/strace-small.txt"
else
    echo "strace per file: not measured (strace is not installed)"
fi
