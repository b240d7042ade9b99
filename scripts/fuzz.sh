#!/usr/bin/env bash
# Fuzzes the whole load -> replay -> report path with libFuzzer (Sources/PopGestureFuzz), seeded with
# the bundled traces and every suite of ../shared/conformance, with the format's dictionary.
#   scripts/fuzz.sh [SECONDS]   (default 600; FUZZ_WORKERS=N runs N processes at once, default 1;
#                                FUZZ_RUNS=N stops each worker after N executions, if sooner;
#                                FUZZ_SANITIZE=fuzzer builds without AddressSanitizer in
#                                .build-fuzz-fuzzer: about 1,500 executions a second a worker here
#                                against about 1,000; Swift's own bounds and overflow checks stay on,
#                                but leaks and the C shim's memory errors go unseen)
# Builds the target first (release, -sanitize=fuzzer,address, lld), in .build-fuzz so that the
# normal build is left alone. Exits non-zero on any crash, leak, failed check or slow input (over
# FUZZ_TIMEOUT seconds, default 10), whose reproducer is kept in .build-fuzz/artifacts/; prints the
# executions, coverage and time in the end. The corpus grows in .build-fuzz/corpus (never committed);
# fuzz/regressions/ holds the reproducers of findings, replayed first on every run.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
workers=${FUZZ_WORKERS:-1}
timeout=${FUZZ_TIMEOUT:-10}
runs=${FUZZ_RUNS:--1}
sanitize=${FUZZ_SANITIZE:-fuzzer,address}
work=.build-fuzz
[[ $sanitize == fuzzer,address ]] || work=.build-fuzz-${sanitize//,/-}
bin=$work/release/popgesture-fuzz

POPGESTURE_FUZZ=1 swift build -c release --product popgesture-fuzz --scratch-path "$work" \
    -Xswiftc -sanitize="$sanitize" -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld >&2

# Seeds: every YAML input of the bundled corpus and of the shared suites, small enough to mutate.
rm -rf "$work/seeds"
mkdir -p "$work/seeds" "$work/corpus" "$work/artifacts" fuzz/regressions
for folder in traces ../shared/conformance; do
    [[ -d $folder ]] || { echo "fuzz: $folder is absent; seeding without it" >&2; continue; }
    find "$folder" -type f \( -name '*.yaml' -o -name '*.yml' \) -size -64k -print0 |
        while IFS= read -r -d '' file; do cp "$file" "$work/seeds/$(printf '%s' "$file" | cksum | cut -d' ' -f1)-${file##*/}"; done
done

# Each worker is a process of its own; they share the corpus folder (libFuzzer reloads what the
# others add every second). The reported figures are summed over the workers.
rm -f "$work"/fuzz-*.log
start=$(date +%s)
pids=()
for ((i = 1; i <= workers; i++)); do
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${FUZZ_ASAN_OPTIONS:-detect_leaks=1:malloc_context_size=0} \
        "$bin" "$work/corpus" fuzz/regressions "$work/seeds" -dict=fuzz/popgesture.dict -max_len=65536 \
        -max_total_time="$seconds" -runs="$runs" -timeout="$timeout" -rss_limit_mb=2048 -artifact_prefix="$work/artifacts/" \
        -print_final_stats=1 >"$work/fuzz-$i.log" 2>&1 &
    pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=$?; done
elapsed=$(( $(date +%s) - start ))

executions=$(cat "$work"/fuzz-*.log | grep -oE 'stat::number_of_executed_units: [0-9]+' | awk '{s += $2} END {print s + 0}')
for ((i = 1; i <= workers; i++)); do
    echo "fuzz: worker $i: $(grep -E '^#[0-9]+' "$work/fuzz-$i.log" | tail -n 1)"
done
echo "fuzz: ${elapsed}s, $workers worker(s), $executions executions in all"
if ((status != 0)) || cat "$work"/fuzz-*.log | grep -qE '^==[0-9]+==ERROR|^SUMMARY: |ALARM: working on the last Unit'; then
    cat "$work"/fuzz-*.log | grep -E 'ERROR|SUMMARY|ALARM|Test unit written|Fatal error' | head -n 20 >&2
    echo "fuzz: FINDING (exit $status); reproducer(s) in $work/artifacts/, run again with full stacks:" >&2
    for artifact in "$work"/artifacts/*; do
        [[ -f $artifact ]] || continue
        echo "  $bin $artifact" >&2
        SWIFT_BACKTRACE=enable=no "$bin" "$artifact" 2>&1 | grep -vE '^INFO|^Running|^Executed' | head -n 40 >&2 || true
    done
    exit 1
fi
