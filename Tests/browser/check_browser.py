#!/usr/bin/env python3
"""Renders popgesture's pictures in headless Chromium: the SVG of `plot` and of `sweep`, and the HTML pages of
`check --format html` and `sweep --format html`, must draw something (a screenshot of more than one colour) and hold their labels in the
DOM the browser built. Skips, saying so, where no Chromium is installed (scripts/setup.sh installs it)."""
import argparse
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


def chromium(browser, *arguments):
    command = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", *arguments]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def png_colours(path, limit=16):
    """Distinct pixel values of an 8-bit RGB or RGBA PNG, up to `limit` (enough to tell blank from drawn)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path} is not a PNG")
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour_type = struct.unpack(">IIBB", body[:10])
            if depth != 8 or colour_type not in (2, 6):
                raise ValueError(f"{path}: unexpected PNG depth {depth} colour type {colour_type}")
            channels = 4 if colour_type == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    previous = bytearray(stride)
    colours = set()
    for row in range(height):
        start = row * (stride + 1)
        filter_type, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if filter_type == 1:
                line[i] = (line[i] + a) & 255
            elif filter_type == 2:
                line[i] = (line[i] + b) & 255
            elif filter_type == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif filter_type == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        if row % 7 == 0:
            for x in range(0, stride, channels * 3):
                colours.add(bytes(line[x:x + channels]))
            if len(colours) >= limit:
                return colours
        previous = line
    return colours


def check_page(browser, path, labels, screenshot):
    url = "file://" + os.path.abspath(path)
    shot = chromium(browser, f"--screenshot={screenshot}", "--window-size=1200,900", url)
    failures = []
    if not os.path.exists(screenshot) or os.path.getsize(screenshot) == 0:
        return [f"{path}: no screenshot ({shot.stderr.strip()[-300:]})"]
    colours = png_colours(screenshot)
    if len(colours) < 3:
        failures.append(f"{path}: the screenshot is blank ({len(colours)} colours)")
    dom = chromium(browser, "--dump-dom", url).stdout
    for label in labels:
        if label not in dom:
            failures.append(f"{path}: the browser's DOM lacks {label!r}")
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--keep", help="copy the screenshots into this folder")
    args = parser.parse_args()
    browser = find_chromium()
    if browser is None:
        print("SKIP browser test: chromium not found on PATH (scripts/setup.sh installs it with apt-get)")
        return 0
    binary = os.path.abspath(args.binary)
    failures = []
    with tempfile.TemporaryDirectory() as work:
        svg = os.path.join(work, "cancelled-swipe.svg")
        subprocess.run([binary, "plot", os.path.join(ROOT, "traces/example/cancelled-swipe.yaml"), "-o", svg],
                       check=True, capture_output=True)
        # A batch of one passing and one failing copy of the example: the failure comes first, with its plot.
        example = open(os.path.join(ROOT, "traces/example/cancelled-swipe.yaml"), encoding="utf-8").read()
        batch = os.path.join(work, "batch")
        os.mkdir(batch)
        open(os.path.join(batch, "passes.yaml"), "w", encoding="utf-8").write(example)
        open(os.path.join(batch, "fails.yaml"), "w", encoding="utf-8").write(
            example.replace("pop: cancelled}", "pop: completed}"))
        html = os.path.join(work, "report.html")
        subprocess.run([binary, "check", batch, "--format", "html", "-o", html], capture_output=True)
        # sweep: one key as a chart (SVG), two keys as heat maps on the html page.
        sweep_svg = os.path.join(work, "sweep.svg")
        subprocess.run([binary, "sweep", "--vary", "maxStartX=0..200/40", "--format", "svg", "-o", sweep_svg,
                        os.path.join(ROOT, "traces/intent")], capture_output=True)
        sweep_html = os.path.join(work, "sweep.html")
        subprocess.run([binary, "sweep", "--vary", "maxStartX=0..200/40", "--vary", "completion.projectionDistance=150..250/50",
                        "--format", "html", "-o", sweep_html, os.path.join(ROOT, "traces/intent")], capture_output=True)
        shots = [(svg, ["finger x (pt)", "pop progress", "transitions", "barFlicker", "#1 began",
                        "interactivePop thread→inbox cancelled", "time (ms)"], "plot-cancelled-swipe.png"),
                 (html, ["1 passed", "1 failed", "FAIL cancelled-swipe-between-bar-and-no-bar",
                         "expected pop completed, got cancelled", "pop progress"], "check-report.png"),
                 (sweep_svg, ["missed backs", "false pops", "failed expectations", "best: #3 maxStartX=120", "maxStartX=0: 5 false pops"],
                  "sweep-maxStartX.png"),
                 (sweep_html, ["missed backs (darker = more", "★ best", "refused(beyondMaxStartX) at versions"],
                  "sweep-report.png")]
        for path, labels, name in shots:
            failures += check_page(browser, path, labels, os.path.join(work, name))
            if args.keep:
                shutil.copy(os.path.join(work, name), os.path.join(args.keep, name))
    for failure in failures:
        print("FAIL", failure)
    print(f"browser test: {len(shots)} pages rendered in {os.path.basename(browser)}, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
