#!/usr/bin/env python3
"""Renders popgesture's pictures in headless Chromium: the SVG of `plot` and of `sweep`, and the HTML pages of
`check --format html` and `sweep --format html`, must draw something (a screenshot of more than one colour) and hold their labels in the
DOM the browser built; a sweep's trade-off marks as its front exactly the points no other beats, as its JSON does.
Skips, saying so, where no Chromium is installed (scripts/setup.sh installs it)."""
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


# Measures every <text> of each inline <svg> with getBBox() (mapped through getCTM() into the svg's own
# coordinates) and writes what is wrong, as JSON, into <pre id="out">: a label must lie inside the
# picture; one anchored inside a plot's time range, between its first lane's top and its last lane's
# bottom, must lie inside one lane (the frames, fill #fafafa); the difference bands of a two-rule
# plot (fill #F0E442) must not cover the time axis's labels (the texts below a plot's last lane).
LABEL_SCRIPT = r"""
const problems = [];
const left = 150, right = 1160;
document.querySelectorAll('svg').forEach((svg, index) => {
  const name = svg.getAttribute('data-name');
  const W = svg.width.baseVal.value, H = svg.height.baseVal.value;
  function box(element) {
    const b = element.getBBox(), m = element.getCTM(), root = svg.getCTM();
    // Translations only: the plots place their halves with translate().
    const dx = m.e - root.e, dy = m.f - root.f;
    return {x: b.x + dx, y: b.y + dy, right: b.x + b.width + dx, bottom: b.y + b.height + dy};
  }
  function anchor(element) {
    const m = element.getCTM(), root = svg.getCTM();
    return {x: parseFloat(element.getAttribute('x')) + m.e - root.e, y: parseFloat(element.getAttribute('y')) + m.f - root.f};
  }
  const lanes = [...svg.querySelectorAll('rect[fill="#fafafa"]')].map(box);
  // A plot's lanes run down to its axis; a two-rule picture has two plots, one below the other.
  const plots = [];
  for (const lane of lanes) {
    const last = plots[plots.length - 1];
    if (last && lane.y - last.bottom < 40) { last.bottom = lane.bottom; last.lanes.push(lane); }
    else plots.push({top: lane.y, bottom: lane.bottom, lanes: [lane]});
  }
  const texts = [...svg.querySelectorAll('text')];
  const axisLabels = [];
  for (const text of texts) {
    const b = box(text), a = anchor(text), what = JSON.stringify(text.textContent);
    if (b.right - b.x <= 0) continue;
    if (b.x < -0.5 || b.y < -0.5 || b.right > W + 0.5 || b.bottom > H + 0.5) {
      problems.push(`${name}: ${what} leaves the picture (${b.x.toFixed(1)}..${b.right.toFixed(1)} x ${b.y.toFixed(1)}..${b.bottom.toFixed(1)} of ${W} x ${H})`);
    }
    const plot = plots.find(p => a.y >= p.top && a.y <= p.bottom + 0.5);
    if (plot && a.x >= left - 0.5) {
      const inside = plot.lanes.some(l => b.x >= l.x - 0.5 && b.right <= l.right + 0.5 && b.y >= l.y - 0.5 && b.bottom <= l.bottom + 0.5);
      if (!inside) problems.push(`${name}: ${what} is not inside its lane (${b.x.toFixed(1)}..${b.right.toFixed(1)} x ${b.y.toFixed(1)}..${b.bottom.toFixed(1)})`);
    }
    if (plots.some(p => a.y > p.bottom && a.y < p.bottom + 60)) axisLabels.push([text, b]);
  }
  for (const band of svg.querySelectorAll('rect[fill="#F0E442"]')) {
    const r = box(band);
    for (const [text, b] of axisLabels) {
      if (r.x < b.right && b.x < r.right && r.y < b.bottom && b.y < r.bottom) {
        problems.push(`${name}: a difference band covers the axis label ${JSON.stringify(text.textContent)}`);
      }
    }
  }
});
document.getElementById('out').textContent = JSON.stringify(problems);
"""


def check_labels(browser, svgs, page):
    """The label rules of LABEL_SCRIPT over `svgs` (name, SVG text), all on one page: the problems found."""
    import html
    import json
    body = "".join(text.replace("<svg ", f'<svg data-name="{html.escape(name)}" ', 1) for name, text in svgs)
    with open(page, "w", encoding="utf-8") as f:
        f.write(f'<!DOCTYPE html><html><body style="margin:0">{body}<pre id="out">not run</pre>'
                f"<script>{LABEL_SCRIPT}</script></body></html>")
    dom = chromium(browser, "--dump-dom", "--window-size=1200,900", "file://" + os.path.abspath(page)).stdout
    start = dom.find('<pre id="out">')
    end = dom.find("</pre>", start)
    if start < 0 or end < 0:
        return [f"{page}: the label check did not run"]
    found = html.unescape(dom[start + len('<pre id="out">'):end])
    try:
        return json.loads(found)
    except ValueError:
        return [f"{page}: the label check did not run ({found[:200]})"]


# Reads the trade-off panel of a sweep picture as the browser drew it: every point group
# (g.version-point) with its counts and versions, where its marker landed (getBBox), and whether it is
# marked on the front; then checks that the marked points are exactly those no other point beats (as
# few or fewer of both counts, fewer of one), that markers sit left to right by false pops and bottom
# to top by missed backs, and that every version is drawn once. Writes {front, problems} into <pre id="out">.
FRONT_SCRIPT = r"""
const problems = [];
const points = [...document.querySelectorAll('g.version-point')].map(g => {
  const b = g.querySelector('path').getBBox();
  return {fp: +g.dataset.falsePops, mb: +g.dataset.missedBacks, front: g.dataset.front === 'true',
          versions: g.dataset.versions.split(' ').map(Number), x: b.x + b.width / 2, y: b.y + b.height / 2};
});
const beaten = p => points.some(q => q.fp <= p.fp && q.mb <= p.mb && (q.fp < p.fp || q.mb < p.mb));
for (const p of points) {
  if (p.front === beaten(p)) problems.push(`(${p.fp}, ${p.mb}) is ${p.front ? '' : 'not '}marked on the front`);
  for (const q of points) {
    if (p.fp < q.fp && !(p.x < q.x)) problems.push(`(${p.fp}, ${p.mb}) is not left of (${q.fp}, ${q.mb})`);
    if (p.mb < q.mb && !(p.y > q.y)) problems.push(`(${p.fp}, ${p.mb}) is not below (${q.fp}, ${q.mb})`);
  }
}
const all = points.flatMap(p => p.versions).sort((a, b) => a - b);
if (all.some((v, i) => v !== i)) problems.push(`versions drawn: ${all}`);
const front = points.filter(p => p.front).flatMap(p => p.versions).sort((a, b) => a - b);
document.getElementById('out').textContent = JSON.stringify({front, problems});
"""


def check_front(browser, name, svg, expected, page):
    """FRONT_SCRIPT over one sweep picture: the problems found, and a difference from the JSON's `front`."""
    import html
    import json
    with open(page, "w", encoding="utf-8") as f:
        f.write(f'<!DOCTYPE html><html><body style="margin:0">{svg}<pre id="out">not run</pre>'
                f"<script>{FRONT_SCRIPT}</script></body></html>")
    dom = chromium(browser, "--dump-dom", "--window-size=1200,900", "file://" + os.path.abspath(page)).stdout
    start = dom.find('<pre id="out">')
    end = dom.find("</pre>", start)
    try:
        found = json.loads(html.unescape(dom[start + len('<pre id="out">'):end]))
    except ValueError:
        return [f"{name}: the front check did not run"]
    failures = [f"{name}: {problem}" for problem in found["problems"]]
    if found["front"] != sorted(expected):
        failures.append(f"{name}: the points marked on the front hold versions {found['front']}, the JSON's front is {expected}")
    return failures


def fronts(binary, work, browser):
    """The trade-off's front as the browser reads it: a corpus whose answer is known by hand (three swipes,
    SweepTests.handCorpus: versions 4-6 and 0-3 on the front, 7-10 beaten) and every preset over the intent corpus."""
    import json
    hand = os.path.join(work, "hand")
    os.mkdir(hand)
    for name, interval, intent in [("t1", 40, "back"), ("t2", 30, "back"), ("t3", 40, "stay")]:
        t = [interval * k for k in range(1, 5)]
        with open(os.path.join(hand, f"{name}.yaml"), "w", encoding="utf-8") as f:
            f.write("format: popgesture-trace/1\nstack: [{id: a}, {id: b}]\nevents:\n"
                    f"  - {{touch: 1, samples: [[0, 30, 400], [{t[0]}, 42, 400], [{t[1]}, 54, 400], [{t[2]}, 66, 400]], up: {t[3]}}}\n"
                    f"expect:\n  - {{gesture: 1, intent: {intent}}}\n")
    failures = []
    for name, arguments, folder, known in [
            ("hand-made corpus", ["--vary", "completion.projectionDistance=100..200/10"], hand, [4, 5, 6, 0, 1, 2, 3]),
            ("every preset", ["--vary", "rules=all"], os.path.join(ROOT, "traces/intent"), None)]:
        front = json.loads(subprocess.run([binary, "sweep", *arguments, "--format", "json", folder],
                                          capture_output=True, text=True).stdout)["front"]
        if known is not None and front != known:
            failures.append(f"{name}: the JSON's front is {front}, not {known}")
        svg = subprocess.run([binary, "sweep", *arguments, "--format", "svg", folder], capture_output=True, text=True).stdout
        failures += check_front(browser, name, svg, front, os.path.join(work, f"front-{len(failures)}.html"))
    return failures


def plots_of_the_corpus(binary, work):
    """Every bundled trace's plot under its own rules, and two-rule plots of traces with several gestures
    and a projection (the label cases of issue 40): (name, SVG text) each."""
    svgs = []
    out = os.path.join(work, "plots")
    os.mkdir(out)
    traces = sorted(os.path.join(folder, name) for folder, _, names in os.walk(os.path.join(ROOT, "traces"))
                    for name in names if name.endswith(".yaml") and "/rules" not in folder and "/stacks" not in folder)
    pairs = [(trace, []) for trace in traces]
    pairs += [(os.path.join(ROOT, "traces", name), ["--rules", a, "--rules", b]) for name, a, b in
              [("pop/projection.yaml", "fd-1.1", "fd"), ("example/cancelled-swipe.yaml", "fd", "cupertino"),
               ("intent/swipes.yaml", "fd", "uikit")] if os.path.exists(os.path.join(ROOT, "traces", name))]
    for index, (trace, rules) in enumerate(pairs):
        target = os.path.join(out, f"{index}.svg")
        run = subprocess.run([binary, "plot", trace, *rules, "-o", target], capture_output=True, text=True)
        if run.returncode not in (0, 1):
            continue
        for name in sorted(os.listdir(out)):
            if name == f"{index}.svg" or name.startswith(f"{index}-"):
                label = os.path.relpath(trace, ROOT) + (" " + " ".join(rules) if rules else "") + \
                    ("" if name == f"{index}.svg" else " " + name[len(str(index)) + 1:-4])
                svgs.append((label, open(os.path.join(out, name), encoding="utf-8").read()))
    return svgs


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
        sweep_rules = os.path.join(work, "sweep-rules.svg")
        subprocess.run([binary, "sweep", "--vary", "rules=all", "--format", "svg", "-o", sweep_rules,
                        os.path.join(ROOT, "traces/intent")], capture_output=True)
        sweep_html = os.path.join(work, "sweep.html")
        subprocess.run([binary, "sweep", "--vary", "maxStartX=0..200/40", "--vary", "completion.projectionDistance=150..250/50",
                        "--format", "html", "-o", sweep_html, os.path.join(ROOT, "traces/intent")], capture_output=True)
        shots = [(svg, ["finger x (pt)", "pop progress", "transitions", "barFlicker", "#1 began",
                        "interactivePop thread→inbox cancelled", "time (ms)"], "plot-cancelled-swipe.png"),
                 (html, ["1 passed", "1 failed", "FAIL cancelled-swipe-between-bar-and-no-bar",
                         "expected pop completed, got cancelled", "pop progress"], "check-report.png"),
                 (sweep_svg, ["missed backs", "false pops", "failed expectations", "best: #3 maxStartX=120", "maxStartX=0: 5 false pops",
                              "on the Pareto front", "#3 maxStartX=120, #4 maxStartX=160"],
                  "sweep-maxStartX.png"),
                 (sweep_rules, ["popgesture sweep: rules", "#0 rules=fd", "by rules", "on the Pareto front"], "sweep-rules.png"),
                 (sweep_html, ["missed backs (darker = more", "★ best", "◆ front", "refused(beyondMaxStartX) at versions"],
                  "sweep-report.png")]
        for path, labels, name in shots:
            failures += check_page(browser, path, labels, os.path.join(work, name))
            if args.keep:
                shutil.copy(os.path.join(work, name), os.path.join(args.keep, name))
        # Every label inside the picture and its lane, and no difference band over the axis's labels.
        svgs = plots_of_the_corpus(binary, work)
        failures += check_labels(browser, svgs, os.path.join(work, "labels.html"))
        # The trade-off's front, drawn as the JSON says and as the definition says.
        failures += fronts(binary, work, browser)
    for failure in failures:
        print("FAIL", failure)
    print(f"browser test: {len(shots)} pages rendered in {os.path.basename(browser)}, labels of {len(svgs)} plots measured, "
          f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
