#!/usr/bin/env bash
# Issue 41's rows: --jobs on a corpus shaped like a CI fleet's, many small traces. Made here with
# `popgesture synth --seed 7 --count 16000 --gestures 10` (16,000 files of about 3.3 KB, 53 MB;
# --quick: 2,000), kept in BENCH_DIR between runs. For check, replay --format json and a sweep of ten
# versions, in rounds (scripts/paired.py, seven rounds of --jobs 2, two --jobs 1 processes on halves
# and --jobs 1, medians of each round's ratios):
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
rounds() { python3 scripts/paired.py -n 7 "$@"; }
cmd() { printf '%q ' "$@"; }

echo "many small traces: $count files, $(($(du -sb "$corpus" | cut -f1) / 1000000)) MB; $(nproc) cores"
sweep=(sweep --vary maxStartX=20..200/20)
for name in check replay sweep; do
    case $name in
    check) words=(check) label="check" ;;
    replay) words=(replay --format json) label="replay --format json" ;;
    sweep) words=("${sweep[@]}") label="sweep, 10 versions" ;;
    esac
    processes="$(cmd "$bin" "${words[@]}" --jobs 1 "$halves/a") & $(cmd "$bin" "${words[@]}" --jobs 1 "$halves/b"); wait"
    # One rotation of the three, so that both ratios come from the same moments.
    { read -r two _ twowall twocpu; read -r _ one _ cpu; } < <(rounds "$(cmd "$bin" "${words[@]}" --jobs 2 "$corpus")" \
        "$processes" "$(cmd "$bin" "${words[@]}" --jobs 1 "$corpus")")
    printf '%-22s --jobs 2 %ss, --jobs 1 %ss; against two processes on halves: wall %sx (target <= 1.05), CPU time %sx; CPU time %sx --jobs 1 (target <= 1.05)\n' \
        "$label" "$two" "$one" "$twowall" "$twocpu" "$cpu"
done
# What running on both cores at once costs this machine whatever the program: two processes on
# halves against one on all, and a loop that touches no memory run twice at once against once. A
# CPU-time ratio above 1 here is the floor of --jobs 2's against --jobs 1 (on a virtual machine the
# two "cores" may share a physical one).
read -r _ _ _ machine <<<"$(pair "$(cmd "$bin" check --jobs 1 "$halves/a") & $(cmd "$bin" check --jobs 1 "$halves/b"); wait" \
    "$(cmd "$bin" check --jobs 1 "$corpus")")"
spin='i=0; while ((i < 600000)); do i=$((i + 1)); done'
read -r _ _ _ loop <<<"$(pair "bash -c '$spin' & bash -c '$spin'; wait" "bash -c '$spin'")"
printf 'both cores at once     CPU time of two check processes on halves %sx one on all; of a loop run twice at once %sx twice its one run\n' \
    "$machine" "$(python3 -c "print(round($loop / 2, 4))")"

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
