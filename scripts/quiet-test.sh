#!/usr/bin/env bash
# `make test`'s runner: each step's whole output goes to a log under .build/test-logs/, and the
# terminal gets one line per test suite, every failure, and one summary line per other check
# (schemas, the bundled corpus, the browser), with the log's path when a step fails. Exits non-zero
# when any step fails: each step's own status is kept, never a pipe's.
#   scripts/quiet-test.sh BINARY -- SCHEMA-CHECK-ARGUMENTS...
#   scripts/quiet-test.sh --filter < LOG    (the swift test filter alone, on a log)
set -uo pipefail
cd "$(dirname "$0")/.."

# The lines of `swift test` output worth a person's eyes: each suite's verdict, each failed test and
# the issues it recorded, XCTest's failures, and the run's summary.
filter_swift_test() {
    grep -E '^(✔|✘) Suite |^✘ |^(✔|✘) Test run|^error: |Executed [0-9]+ tests?|: error: -\[' || true
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

# step NAME LOG-NAME COMMAND...: runs COMMAND with its output in the log; prints what `summarise`
# makes of the log, and the log's path when the command failed.
step() {
    local name=$1 log=$logs/$2.log
    shift 2
    local start=$SECONDS status
    "$@" > "$log" 2>&1
    status=$?
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
        *unit.log) filter_swift_test < "$1" ;;
        # Everything else says what it found in its last lines.
        *) tail -n "${tail_lines:-1}" "$1" ;;
    esac
}

step "swift format lint (.swift-format)" format sh -c 'swift format lint --strict --recursive --parallel Sources Tests Package.swift && echo "no findings"'
step "swift test" unit swift test --skip-build
step "schemas" schemas python3 Tests/schema/check_schemas.py --binary "$binary" "$@"
step "bundled corpus (check traces/ --require-goldens)" corpus "$binary" check traces/ --require-goldens
step "browser" browser python3 Tests/browser/check_browser.py --binary "$binary"
step "recorder in a browser" record-browser python3 Tests/browser/record_browser.py --binary "$binary"
step "install (make install into a temporary PREFIX, then uninstall)" install bash scripts/check-install.sh
exit $failed
