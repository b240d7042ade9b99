#!/usr/bin/env bash
# The scroll-direction detector's blind spot as a table (README, "Detectors"): drags up a list at
# several speeds and two touch sample rates, made by `popgesture synth --drag-speeds`, replayed under
# the detector as written (compare: previous) and comparing with the drag's start (dragStart).
# Usage: scripts/detector-table.sh [BINARY]   (default .build/debug/popgesture)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/debug/popgesture}
speeds="100 200 250 290 310 400 590 610 1000"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for rate in 60 120; do
    "$bin" synth --drag-speeds $speeds --frame-rate $rate > "$work/drags-$rate.yaml"
    for mode in scroll-detector scroll-detector-dragstart; do
        "$bin" replay --format json --rules traces/rules/$mode.yaml "$work/drags-$rate.yaml" > "$work/$rate-$mode.jsonl"
    done
done
python3 - "$work" $speeds <<'PY'
import json, sys
work, speeds = sys.argv[1], sys.argv[2:]
def cells(rate, mode):
    out = []
    for line in open(f"{work}/{rate}-{mode}.jsonl"):
        r = json.loads(line)
        n = len(r["detections"])
        missed = any(a["kind"] == "missedScroll" for a in r["anomalies"])
        out.append("missed (missedScroll)" if missed else f"reported x{n}")
    return out
cols = [cells(rate, mode) for rate in (60, 120) for mode in ("scroll-detector", "scroll-detector-dragstart")]
print("| drag speed | 60 Hz, previous | 60 Hz, dragStart | 120 Hz, previous | 120 Hz, dragStart |")
print("|---|---|---|---|---|")
for i, speed in enumerate(speeds):
    print(f"| {speed} pt/s | " + " | ".join(c[i] for c in cols) + " |")
PY
