#!/usr/bin/env bash
# `make test`'s runner: each step's whole output goes to a log under .build/test-logs/, and the
# terminal gets one line per test suite, every failure, and one summary line per other check
# (schemas, the bundled corpus, the browser), with the log's path when a step fails; last, every
# skipped check with its reason, and one closing line over all steps, `total: N passed, N failed,
# N skipped`. Exits non-zero when any step fails: each step's own status is kept, never a pipe's.
#   scripts/quiet-test.sh BINARY -- SCHEMA-CHECK-ARGUMENTS...
#   scripts/quiet-test.sh --filter < LOG    (the swift test filter alone, on a log)
set -uo pipefail
cd "$(dirname "$0")/.."

# The lines of `swift test` output worth a person's eyes: each suite's verdict, each failed test and
# the issues it recorded, XCTest's failures, and the run's summary.
filter_swift_test() {
    grep -E '^(✔|✘|━) Suite |^✘ |^(✔|✘|━) Test run|^error: |^timed out after |Executed [0-9]+ tests?|: error: -\[' || true
}

if [[ ${1:-} == --filter ]]; then
    filter_swift_test
    exit 0
fi

binary=$1
shift
[[ ${1:-} == -- ]] && shift
logs=.build/test-logs
mkdir -p "$logs"
failed=0
total_passed=0 total_failed=0 total_skipped=0
skipped_lines=()

# count LOG STATUS: adds the step's checks to the totals. swift test's are its tests (a failed
# parameterized test counts once); another step's are the `N passed`, `N failed` (`N errors`) and
# `N skipped` its last line states, or, where it states none, the step as one check; each line
# `skipped: ...` or `SKIP ...` it printed is a skipped check, named in the closing list.
count() {
    local log=$1 status=$2 passed=0 fail=0 skip=0 last
    if [[ $log == */swift-*.log ]]; then
        local all
        all=$(grep -Eo 'Test run with [0-9]+ tests?' "$log" | tail -1 | grep -Eo '[0-9]+' || true)
        fail=$(grep -Ec '^✘ Test [^ ]+( with [0-9]+ test cases?)? failed' "$log" || true)
        skip=$(grep -Ec '^[^ ]+ (Test|Suite) .* skipped' "$log" || true)
        while IFS= read -r line; do skipped_lines+=("swift test: $line"); done \
            < <(grep -E '^[^ ]+ (Test|Suite) .* skipped' "$log" | sed -E 's/^[^ ]+ //' || true)
        if [[ -z $all ]]; then all=0; ((status == 0)) || fail=$((fail > 0 ? fail : 1)); fi
        # XCTest's tests run first; its last `Executed N tests, with M failures` line counts them all.
        local xctest xc_all xc_fail
        xctest=$(grep -Eo 'Executed [0-9]+ tests?, with [0-9]+ failures?' "$log" | tail -1 || true)
        xc_all=$(grep -Eo '^Executed [0-9]+' <<< "$xctest" | grep -Eo '[0-9]+' || true)
        xc_fail=$(grep -Eo 'with [0-9]+' <<< "$xctest" | grep -Eo '[0-9]+' || true)
        all=$((all + ${xc_all:-0}))
        fail=$((fail + ${xc_fail:-0}))
        passed=$((all - fail - skip))
        ((passed < 0)) && passed=0
    else
        last=$(tail -n 1 "$log")
        local p f e s
        p=$(grep -Eo '[0-9]+ passed' <<< "$last" | grep -Eo '[0-9]+' | head -1 || true)
        f=$(grep -Eo '[0-9]+ failed' <<< "$last" | grep -Eo '[0-9]+' | head -1 || true)
        e=$(grep -Eo '[0-9]+ errors?' <<< "$last" | grep -Eo '[0-9]+' | head -1 || true)
        s=$(grep -Eo '[0-9]+ skipped' <<< "$last" | grep -Eo '[0-9]+' | head -1 || true)
        local listed=0
        while IFS= read -r line; do skipped_lines+=("$name: $line"); listed=$((listed + 1)); done \
            < <(grep -E '^(skipped: |SKIP )' "$log" | sed -E 's/^(skipped: |SKIP )//' || true)
        if [[ -n $p || -n $f ]]; then
            passed=${p:-0} fail=$((${f:-0} + ${e:-0})) skip=${s:-$listed}
            ((status == 0 || fail > 0)) || fail=1
        elif ((listed > 0 && status == 0)); then
            # Skipped whole when its last word is the skip; else the checks that ran count as one.
            [[ $last =~ ^(skipped: |SKIP ) ]] || passed=1
            skip=$listed
        elif ((status == 0)); then
            passed=1
        else
            fail=1
        fi
    fi
    total_passed=$((total_passed + passed)) total_failed=$((total_failed + fail)) total_skipped=$((total_skipped + skip))
}

# step NAME LOG-NAME COMMAND...: runs COMMAND with its output in the log; prints what `summarise`
# makes of the log, and the log's path when the command failed.
step() {
    local name=$1 log=$logs/$2.log
    shift 2
    local start=$SECONDS status
    step_log=$log "$@" > "$log" 2>&1
    status=$?
    count "$log" "$status"
    local summary
    # A failed check's last lines say what failed; a passing one's last line is its summary.
    summary=$( ((status == 0)) && tail_lines=1 summarise "$log" || tail_lines=20 summarise "$log")
    if ((status == 0)); then
        printf '%s: %s (%ds)\n' "$name" "$summary" $((SECONDS - start))
    else
        failed=1
        printf '%s: FAILED (exit %d, %ds)\n%s\n  full log: %s\n' "$name" "$status" $((SECONDS - start)) "$summary" "$log"
    fi
}

summarise() {
    case $1 in
        */swift-*.log) filter_swift_test < "$1" ;;
        # Everything else says what it found in its last lines.
        *) tail -n "${tail_lines:-1}" "$1" ;;
    esac
}

# The recorder page's script under Node.js's test runner (Tests/page/), with the built popgesture to
# check the takes it writes; node's TAP ends with `# pass N`, `# fail N` and `# skipped N`, said
# here as the one line `count` reads.
node_tests() {
    if ! command -v node > /dev/null; then
        echo "skipped: the page script's tests: no node (scripts/setup.sh --test installs it)"
        return 0
    fi
    local out status absolute
    absolute="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
    out=$(POPGESTURE=$absolute node --test --test-reporter=tap "$@" 2>&1)
    status=$?
    printf '%s\n' "$out"
    local pass fail skip
    pass=$(sed -n 's/^# pass //p' <<< "$out" | tail -1)
    fail=$(sed -n 's/^# fail //p' <<< "$out" | tail -1)
    skip=$(sed -n 's/^# skipped //p' <<< "$out" | tail -1)
    printf 'node --test: %s passed, %s failed, %s skipped\n' "${pass:-0}" "${fail:-0}" "${skip:-0}"
    return $status
}

step "swift format lint (.swift-format)" format sh -c 'swift format lint --strict --recursive --parallel Sources Tests Plugins Package.swift && echo "no findings"'
# A test that blocks (a deadlock, a child waiting on a pipe) would otherwise hold the run until CI's
# own limit kills it with nothing said; all of swift test takes about 10 minutes on 2 cores.
bounded() {
    timeout --kill-after=30 "${STEP_TIMEOUT:-2400}" "$@"
    local status=$?
    if ((status == 124 || status == 137)); then
        echo "timed out after ${STEP_TIMEOUT:-2400} s (STEP_TIMEOUT sets the limit); started and never finished:"
        # Swift Testing says `◇ Test NAME started.` and later `✔ Test NAME passed ...` or `✘ Test NAME ...`.
        grep -oE '^◇ Test [^ ]+ started' "$step_log" | sed -E 's/^◇ Test (.*) started$/\1/' | sort -u |
            while IFS= read -r test; do
                grep -qE "^(✔|✘) Test $(printf '%s' "$test" | sed 's/[][().*^$]/\\&/g') " "$step_log" ||
                    echo "error: never finished: $test"
            done
    fi
    return $status
}

# The tests by kind (Package.swift): in-process on small inputs, in-process over generated inputs,
# then the built binaries and the libraries' public API.
step "swift test --filter Unit (unit suites, in-process)" swift-unit bounded swift test --skip-build --filter Unit
step "swift test --filter Randomized (generated inputs, in-process)" swift-randomized bounded swift test --skip-build --filter Randomized
step "swift test --skip 'Unit|Randomized' (end to end, and the public API)" swift-endtoend bounded swift test --skip-build --skip 'Unit|Randomized'
step "schemas" schemas python3 Tests/schema/check_schemas.py --binary "$binary" "$@"
step "bundled corpus (check traces/ --require-goldens)" corpus "$binary" check traces/ --require-goldens
step "browser" browser python3 Tests/browser/check_browser.py --binary "$binary"
step "recorder page script (node --test Tests/page)" page-script node_tests Tests/page/take.test.js
step "recorder in a browser" record-browser python3 Tests/browser/record_browser.py --binary "$binary"
step "recorder in WebKit (WebKitGTK's MiniBrowser)" record-webkit python3 Tests/browser/record_webkit.py --binary "$binary"
step "install (make install into a temporary PREFIX, then uninstall)" install bash scripts/check-install.sh
step "GitHub Action (action.yml's steps run with the runner's variables)" action python3 Tests/action/check_action.py --binary "$binary"
step "client package (library, testing helpers, command plugin)" client bash scripts/check-client.sh
step "documentation (DocC, warnings as errors)" docs sh -c 'POPGESTURE_DOCS=1 swift package generate-documentation --target PopGesture --target PopGestureTesting --warnings-as-errors && echo "no warnings"'
for line in "${skipped_lines[@]}"; do printf 'skipped: %s\n' "$line"; done
printf 'total: %d passed, %d failed, %d skipped\n' "$total_passed" "$total_failed" "$total_skipped"
exit $failed
