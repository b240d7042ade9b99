#!/usr/bin/env python3
"""A recording of about MEGABYTES MB for `popgesture import --from FORMAT` (evemu, getevent or csv):
one finger swiping right across a 800 x 480 touchscreen again and again, 8 ms a sample, 40 samples a
stroke, 100 ms between strokes. For the bench's peak-memory rows and the signal tests: nothing in it
depends on its size but its length.

Usage: scripts/big-recording.py FORMAT MEGABYTES OUT
"""
import sys

# An Atmel maXTouch's description as evemu-record prints it (Tests/Data/recordings/raw/evemu), without
# its comments: multitouch protocol B, 10 slots, x 0-799, y 0-479.
EVEMU_HEADER = """# EVEMU 1.3
N: Atmel maXTouch Touchscreen
I: 0018 0000 0000 0000
P: 02 00 00 00 00 00 00 00
B: 00 0b 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 04 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 02 00 00 00 00 00 00 00 00
B: 03 03 00 00 00 00 80 e0 0a
B: 04 00 00 00 00 00 00 00 00
B: 05 00 00 00 00 00 00 00 00
B: 11 00 00 00 00 00 00 00 00
B: 12 00 00 00 00 00 00 00 00
B: 14 00 00 00 00 00 00 00 00
B: 15 00 00 00 00 00 00 00 00
B: 15 00 00 00 00 00 00 00 00
A: 00 0 799 0 0 0
A: 01 0 479 0 0 0
A: 2f 0 9 0 0 0
A: 35 0 799 0 0 0
A: 36 0 479 0 0 0
A: 37 0 2 0 0 0
A: 39 0 65535 0 0 0
A: 3b 0 1 0 0 0
"""

GETEVENT_HEADER = """add device 1: /dev/input/event2
  name:     "Atmel maXTouch Touchscreen"
  events:
    KEY (0001): BTN_TOUCH
    ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                ABS_MT_POSITION_X     : value 0, min 0, max 799, fuzz 0, flat 0, resolution 0
                ABS_MT_POSITION_Y     : value 0, min 0, max 479, fuzz 0, flat 0, resolution 0
                ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
  input props:
    INPUT_PROP_DIRECT
"""

SAMPLES = 40


def strokes():
    """(stroke number, sample number, time in microseconds, x, y) of every sample, forever."""
    stroke = 0
    while True:
        start = stroke * (SAMPLES * 8000 + 100000)
        for i in range(SAMPLES):
            yield stroke, i, start + i * 8000, 20 + i * 18, 200 + (stroke % 50)
        stroke += 1


def evemu(t, event_type, code, value):
    return "E: %d.%06d %04x %04x %04d\n" % (t // 1000000, t % 1000000, event_type, code, value)


def getevent(t, event_type, code, value):
    return "[%6d.%06d] /dev/input/event2: %-12s %-20s %08x\n" % (t // 1000000, t % 1000000, event_type, code, value)


def lines(form):
    """The recording's text, a sample at a time, with whether the sample ends a stroke."""
    if form == "csv":
        yield "t,x,y,finger,phase\n", False
        for stroke, i, t, x, y in strokes():
            phase = "down" if i == 0 else "up" if i == SAMPLES - 1 else "move"
            # A lift row's position is no sample: lifted where the last move was, it says nothing new.
            x = x - 18 if phase == "up" else x
            yield "%d.%03d,%d,%d,0,%s\n" % (t // 1000, t % 1000, x, y, phase), i == SAMPLES - 1
    elif form in ("evemu", "getevent"):
        event = evemu if form == "evemu" else getevent
        key, syn = (1, 0) if form == "evemu" else ("EV_KEY", "EV_SYN")
        abs_ = 3 if form == "evemu" else "EV_ABS"
        code = {"id": 0x39, "x": 0x35, "y": 0x36, "touch": 0x14A, "report": 0}
        if form == "getevent":
            code = {"id": "ABS_MT_TRACKING_ID", "x": "ABS_MT_POSITION_X", "y": "ABS_MT_POSITION_Y",
                    "touch": "BTN_TOUCH", "report": "SYN_REPORT"}
        yield (EVEMU_HEADER if form == "evemu" else GETEVENT_HEADER), False
        for stroke, i, t, x, y in strokes():
            text = ""
            if i == 0:
                text += event(t, abs_, code["id"], stroke % 65536) + event(t, key, code["touch"], 1)
            text += event(t, abs_, code["x"], x) + event(t, abs_, code["y"], y)
            if i == SAMPLES - 1:
                # evemu-record prints -1 as -001; getevent a 32-bit ffffffff.
                text += event(t, abs_, code["id"], -1 if form == "evemu" else 0xFFFFFFFF)
                text += event(t, key, code["touch"], 0)
            yield text + event(t, syn, code["report"], 0), i == SAMPLES - 1
    else:
        sys.exit("big-recording.py: FORMAT is evemu, getevent or csv")


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    form, size, out = sys.argv[1], float(sys.argv[2]) * 1e6, sys.argv[3]
    written = 0
    with open(out, "w") as f:
        for text, ends_stroke in lines(form):
            f.write(text)
            written += len(text)
            # Whole strokes only: the recording ends with every finger lifted.
            if written >= size and ends_stroke:
                break


if __name__ == "__main__":
    main()
