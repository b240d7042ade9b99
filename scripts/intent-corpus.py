#!/usr/bin/env python3
"""Writes traces/intent/: labelled swipes for `popgesture sweep` (see traces/intent/README.md).

real-takes.yaml: one take per stroke cut from Tests/Data/recordings/evemu-touchscreens.yaml (whot/
evemu-devices, MIT, Copyright Red Hat), times from the stroke's touch down, labelled by what the
stroke plainly is: a vertical scroll (|dy| > 3 |dx| and |dy| >= 100) or a short horizontal drag
(|dx| <= 40, |dy| < |dx|) is `stay`; no stroke there is an edge swipe travelling most of the width, so
the recordings give no `back` takes. hand-made.yaml: edge swipes (`back`) and carousel flicks from
mid-screen (`stay`) at 60 Hz at one speed, lifted while moving. Every screen sets maxStartX 120, the value the
corpus's app was tuned to: all labels hold under fd, and `sweep --vary maxStartX=...` shows why.
Run from the repository root: python3 scripts/intent-corpus.py
"""
import math
import os
import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECORDINGS = os.path.join(ROOT, "Tests", "Data", "recordings", "evemu-touchscreens.yaml")
OUT = os.path.join(ROOT, "traces", "intent")
HEADER = "format: popgesture-trace/1\nscreen: {width: 390, height: 844}\nstack:\n- {id: feed, maxStartX: 120}\n- {id: detail, maxStartX: 120}\n"


def n(value):
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def document(name, comment, samples, intent, origin):
    rows = "\n".join(f"  - [{n(t)}, {n(x)}, {n(y)}]" for t, x, y in samples)
    return (f"# {comment}\n{HEADER.replace('format:', f'name: {name}' + chr(10) + 'format:', 1)}events:\n- touch: 1\n  samples:\n{rows}\n"
            f"  up: {n(samples[-1][0] + 8)}\nexpect:\n- {{gesture: 1, intent: {intent}}}\norigin:\n{origin}")


def real_takes():
    out = ["# Takes cut from real touchscreen recordings: whot/evemu-devices (commit 3fa30580, MIT, Copyright\n"
           "# Red Hat), via Tests/Data/recordings/evemu-touchscreens.yaml; one take per stroke.\n"]
    for doc in yaml.safe_load_all(open(RECORDINGS, encoding="utf-8")):
        for index, event in enumerate(doc.get("events", [])):
            if "touch" not in event or len(event["samples"]) < 5:
                continue
            s = event["samples"]
            dx, dy = s[-1][1] - s[0][1], s[-1][2] - s[0][2]
            if abs(dy) > 3 * abs(dx) and abs(dy) >= 100:
                what = f"a vertical scroll ({n(dy)} pt down)" if dy > 0 else f"a vertical scroll ({n(-dy)} pt up)"
            elif abs(dx) <= 40 and abs(dy) < abs(dx):
                what = f"a short horizontal drag ({n(dx)} pt)"
            else:
                continue
            t0 = s[0][0]
            samples = [(t - t0, x, y) for t, x, y in s]
            name = f"{doc['name']}-stroke-{index + 1}"
            origin = (f"  recording: evemu-touchscreens.yaml#{doc['name']}\n  stroke: {index + 1}\n"
                      f"  source: whot/evemu-devices 3fa30580 (MIT, Copyright Red Hat)\n  label: \"{what}, stay\"\n")
            out.append("---\n" + document(name, f"{what}: a person scrolling or dragging content, not going back.", samples, "stay", origin))
    return "".join(out)


def stroke(x0, y0, travel, duration, rise=0.0):
    """60 Hz samples of a drag at one speed, lifted while moving (a flick, as a swipe back is)."""
    samples, t = [], 0.0
    while t <= duration + 1e-9:
        u = t / duration
        eased = u
        samples.append((t, x0 + travel * eased, y0 + rise * eased))
        t += 1000 / 60
    return samples


def hand_made():
    out = ["# Hand-made labelled swipes (popgesture's own): edge swipes back and carousel flicks from mid-screen.\n"]
    backs = [(12, 300, 250), (30, 280, 300), (60, 260, 220), (80, 240, 260), (20, 200, 420), (45, 330, 380), (20, 110, 420)]
    for i, (x0, travel, duration) in enumerate(backs, 1):
        name = f"back-{i}-from-{x0}"
        comment = f"back: from x = {x0}, {travel} pt to the right in {duration} ms (an edge swipe travelling most of the width)."
        origin = f"  recorder: hand-made\n  label: \"edge swipe, {travel} pt, back\"\n"
        out.append(("---\n" if i > 1 else "") + document(name, comment, stroke(x0, 420 + 10 * i, travel, duration, rise=6), "back", origin))
    stays = [(150, 90, 120), (180, 110, 150), (210, 70, 100), (240, 120, 160), (160, 60, 90)]
    for i, (x0, travel, duration) in enumerate(stays, 1):
        name = f"stay-{i}-carousel-from-{x0}"
        comment = f"stay: a carousel flick from x = {x0}, {travel} pt in {duration} ms (FD's fullscreen pop takes it unless maxStartX stops it)."
        origin = "  recorder: hand-made\n  label: \"carousel flick from mid-screen, stay\"\n"
        out.append("---\n" + document(name, comment, stroke(x0, 300, travel, duration, rise=-4), "stay", origin))
    return "".join(out)


os.makedirs(OUT, exist_ok=True)
open(os.path.join(OUT, "real-takes.yaml"), "w", encoding="utf-8").write(real_takes())
open(os.path.join(OUT, "hand-made.yaml"), "w", encoding="utf-8").write(hand_made())
