#!/usr/bin/env bash
# Fuzzes popgesture's readers with libFuzzer (Sources/PopGestureFuzz), one target after another, each
# for a share of the time, seeded from the repository's own files, with its format's dictionary:
#   trace     load -> replay -> report -> explain (the bundled traces, Tests/Data/conformance)
#   evemu, libinput, csv, getevent, uikit
#             `import --from FORMAT` (Tests/Data/recordings/raw, fuzz/seeds/): a positioned error or
#             traces that load back
#   merge     `merge` over one shard output (check json/junit, replay json, diff json as shard 1/1,
#             generated here with the debug build): a refusal or valid output
#   rules     the rules and stack-config loaders (traces/rules, traces/stacks, Tests/Data/conformance/rules)
#   config    `.popgesture.yml` (fuzz/seeds/config): an error at a line inside it, or a config the
#             inputs' loader also takes
#   baseline  `check --baseline` (baselines written here with the debug build): an error at a line
#             inside it, or entries that are written again as JSON and load back the same
#   vary      `sweep --vary`, one argument a line (fuzz/seeds/vary): a refusal with an error, or the
#             sweep's JSON and text whole
#   scripts/fuzz.sh [SECONDS]   (default 600, shared by the targets: each gets SECONDS / targets, at
#                                least 5; FUZZ_TARGETS="merge rules" fuzzes only those; FUZZ_WORKERS=N
#                                runs N processes a target at once, default 1; FUZZ_RUNS=N stops each
#                                worker after N executions, if sooner; FUZZ_SANITIZE=fuzzer builds
#                                without AddressSanitizer in .build-fuzz-fuzzer: about 1.5 times the
#                                executions; Swift's own bounds and overflow checks stay on, but leaks
#                                and the C shim's memory errors go unseen)
# Builds the target first (release, -sanitize=fuzzer,address, lld), in .build-fuzz so that the
# normal build is left alone. Exits non-zero on any crash, leak, failed check or slow input (over
# FUZZ_TIMEOUT seconds, default 10), whose reproducer is kept in .build-fuzz/artifacts/TARGET/;
# prints each target's executions, coverage and time. Corpora grow in .build-fuzz/corpus/TARGET
# (never committed); fuzz/regressions/TARGET/ holds the reproducers of findings, replayed first.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
workers=${FUZZ_WORKERS:-1}
timeout=${FUZZ_TIMEOUT:-10}
runs=${FUZZ_RUNS:--1}
sanitize=${FUZZ_SANITIZE:-fuzzer,address}
targets=(${FUZZ_TARGETS:-trace evemu libinput csv getevent uikit merge rules config baseline vary})
work=.build-fuzz
[[ $sanitize == fuzzer,address ]] || work=.build-fuzz-${sanitize//,/-}
bin=$work/release/popgesture-fuzz
share=$((seconds / ${#targets[@]}))
((share >= 5)) || share=5

POPGESTURE_FUZZ=1 swift build -c release --product popgesture-fuzz --scratch-path "$work" \
    -Xswiftc -sanitize="$sanitize" -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld >&2

# seed TARGET FOLDER FIND-ARGS...: copies the matching files under FOLDER (when it is there) into
# TARGET's seeds, small enough to mutate, named uniquely.
seed() {
    local target=$1 folder=$2
    shift 2
    [[ -d $folder ]] || { echo "fuzz: $folder is absent; seeding $target without it" >&2; return 0; }
    find "$folder" -type f \( "$@" \) -size -64k -print0 |
        while IFS= read -r -d '' file; do cp "$file" "$work/seeds/$target/$(printf '%s' "$file" | cksum | cut -d' ' -f1)-${file##*/}"; done
}

# Shard outputs as `merge` reads them: each machine-readable format as shard 1/1 of a run, which
# merges alone; a folder with a failing trace gives error and failure items too.
shard_outputs() {
    local out=$work/seeds/merge popgesture=.build/debug/popgesture
    swift build --product popgesture >&2
    for folder in traces/presets traces/pop Tests/Fixtures/schema/invalid; do
        local tag=${folder//\//-}
        "$popgesture" check --format json --shard 1/1 "$folder" >"$out/check-$tag.json" 2>/dev/null || true
        "$popgesture" check --format junit --shard 1/1 "$folder" >"$out/junit-$tag.xml" 2>/dev/null || true
        "$popgesture" replay --format json --shard 1/1 "$folder" >"$out/replay-$tag.jsonl" 2>/dev/null || true
        "$popgesture" diff --format json --base fd --head cupertino --shard 1/1 "$folder" >"$out/diff-$tag.json" 2>/dev/null || true
    done
    find "$out" -type f -size +64k -delete
}

# Baselines as `check --write-baseline` writes them: of passing traces (no entry), and of folders
# with failing expectations and errors.
baselines() {
    local out=$work/seeds/baseline popgesture=.build/debug/popgesture
    swift build --product popgesture >&2
    for folder in traces/presets traces/fd-issues Tests/Fixtures/schema/invalid; do
        "$popgesture" check --no-config --write-baseline "$out/${folder//\//-}.json" "$folder" >/dev/null 2>&1 || true
    done
    find "$out" -type f -size +64k -delete
}

rm -rf "$work/seeds"
for target in "${targets[@]}"; do mkdir -p "$work/seeds/$target" "$work/corpus/$target" "$work/artifacts/$target" "fuzz/regressions/$target"; done
raw=Tests/Data/recordings/raw
for target in "${targets[@]}"; do
    case $target in
        trace) seed trace traces -name '*.yaml' -o -name '*.yml'; seed trace Tests/Data/conformance -name '*.yaml' -o -name '*.yml' ;;
        evemu) seed evemu "$raw/evemu" -name '*.evemu' ;;
        libinput) seed libinput "$raw/libinput" -name '*.yml' -o -name '*.yaml' ;;
        csv) seed csv "$raw/csv" -name '*.csv' ;;
        getevent) seed getevent fuzz/seeds/getevent -name '*' ;;
        uikit) seed uikit fuzz/seeds/uikit -name '*'; seed uikit "$raw/csv" -name '*.csv' ;;
        merge) shard_outputs ;;
        rules) seed rules traces/rules -name '*.yaml'; seed rules traces/stacks -name '*.yaml'; seed rules Tests/Data/conformance/rules -name '*.yaml' ;;
        config) seed config fuzz/seeds/config -name '*' ;;
        baseline) baselines ;;
        vary) seed vary fuzz/seeds/vary -name '*' ;;
        *) echo "fuzz: no target $target" >&2; exit 2 ;;
    esac
done

dictionary() {
    case $1 in
        trace | rules) echo fuzz/popgesture.dict ;;
        uikit) echo fuzz/csv.dict ;;
        *) echo "fuzz/$1.dict" ;;
    esac
}

# Each worker is a process of its own; a target's workers share its corpus folder (libFuzzer reloads
# what the others add every second). The reported figures are summed over the workers.
status=0
total=0
start=$(date +%s)
for target in "${targets[@]}"; do
    rm -f "$work/fuzz-$target"-*.log
    pids=()
    for ((i = 1; i <= workers; i++)); do
        POPGESTURE_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${FUZZ_ASAN_OPTIONS:-detect_leaks=1:malloc_context_size=0} \
            "$bin" "$work/corpus/$target" "fuzz/regressions/$target" "$work/seeds/$target" -dict="$(dictionary "$target")" -max_len=65536 \
            -max_total_time="$share" -runs="$runs" -timeout="$timeout" -rss_limit_mb=2048 -artifact_prefix="$work/artifacts/$target/" \
            -print_final_stats=1 >"$work/fuzz-$target-$i.log" 2>&1 &
        pids+=($!)
    done
    failed=0
    for pid in "${pids[@]}"; do wait "$pid" || failed=$?; done
    logs=("$work/fuzz-$target"-*.log)
    executions=$(cat "${logs[@]}" | grep -oE 'stat::number_of_executed_units: [0-9]+' | awk '{s += $2} END {print s + 0}')
    total=$((total + executions))
    echo "fuzz: $target: $executions executions; $(grep -hE '^#[0-9]+' "${logs[@]}" | tail -n 1)"
    if ((failed != 0)) || cat "${logs[@]}" | grep -qE '^==[0-9]+==ERROR|^SUMMARY: |ALARM: working on the last Unit'; then
        status=1
        cat "${logs[@]}" | grep -E 'ERROR|SUMMARY|ALARM|Test unit written|Fatal error' | head -n 20 >&2
        echo "fuzz: $target: FINDING (exit $failed); reproducer(s) in $work/artifacts/$target/, run again with full stacks:" >&2
        for artifact in "$work/artifacts/$target"/*; do
            [[ -f $artifact ]] || continue
            echo "  POPGESTURE_FUZZ_TARGET=$target $bin $artifact" >&2
            POPGESTURE_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no "$bin" "$artifact" 2>&1 | grep -vE '^INFO|^Running|^Executed' | head -n 40 >&2 || true
        done
    fi
done
echo "fuzz: $(($(date +%s) - start))s, ${#targets[@]} target(s) of ${share}s, $workers worker(s) each, $total executions in all"
exit $status
