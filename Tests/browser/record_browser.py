#!/usr/bin/env python3
"""`popgesture record` end to end in headless Chromium, driven over the DevTools protocol
(--remote-debugging-pipe, standard library only): `record --serve` on loopback into a folder that
holds two takes of an earlier run, touch sequences dispatched with known times and positions (a back
swipe, a vertical scroll, a carousel drag, a vertical drag labelled back); the takes written must be
numbered from 3 on the page, the terminal and the files alike, hold exactly those samples
(positions to 0.01 px, times to 0.25 ms) and what the page measured (the median interval of those
samples, a clock finer than 1 ms, coalesced moves, a secure, isolated context), pass `popgesture
check` by the intents the page wrote with no warning, and show the server's verdict in the page in
the terminal's words (a missed back said as such, and the back take that starts 200 px in said to
may have lost its edge, on both). Undo takes the last file and asks for its number again. The page
warns about a tab it can go back from, and not in a tab of its own. `--stack-config`: a config's
screen drawn scaled to the viewport, prompts from its regions, its stack scaled in the takes. Then
`record --page`: a take
and a cancelled take recorded in the file's page and saved by its Download button. Skips, saying
so, where no Chromium is installed (scripts/setup.sh installs it)."""
import argparse
import base64
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from check_browser import find_chromium

WIDTH, HEIGHT = 390, 844


class Browser:
    """Chromium with the DevTools protocol on a pipe: commands on its fd 3, answers and events on fd 4."""

    def __init__(self, binary, profile, url="about:blank"):
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()

        def wire():
            # Through fresh numbers first: either pipe end may itself be fd 3 or 4.
            read_end, write_end = os.dup(to_browser_read), os.dup(from_browser_write)
            os.dup2(read_end, 3)
            os.dup2(write_end, 4)

        self.process = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--remote-debugging-pipe",
             f"--user-data-dir={profile}", f"--window-size={WIDTH},{HEIGHT}", url],
            preexec_fn=wire, pass_fds=(3, 4),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None

    def send(self, method, params=None, session=True):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.receive()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def receive(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                raise RuntimeError("the browser closed its DevTools pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def attach(self):
        targets = self.send("Target.getTargets", session=False)["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self.session = self.send("Target.attachToTarget", {"targetId": page["targetId"], "flatten": True},
                                 session=False)["sessionId"]
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 3, "mobile": True})
        self.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression, seconds=10):
        """The expression's value once it is truthy; an exception (a page still loading) is waited out."""
        deadline = time.time() + seconds
        last = None
        while time.time() < deadline:
            try:
                value = self.evaluate(expression)
            except RuntimeError as error:
                value, last = None, error
            if value:
                return value
            time.sleep(0.05)
        raise RuntimeError(f"timed out waiting for {expression}" + (f" (last: {last})" if last else ""))

    def touch(self, stroke, end="touchEnd"):
        """One finger's stroke: [(t ms, x, y), ...] down, moves, then the lift (or `touchCancel`) at `up` ms."""
        # Each event is sent at its time, and says so: Chromium takes a time from the past or future
        # only within limits (one before the page's time origin becomes 0).
        base = time.time() + 0.05
        points, up = stroke
        events = [("touchStart" if i == 0 else "touchMove", t, [{"x": x, "y": y, "id": 0}]) for i, (t, x, y) in enumerate(points)]
        for kind, t, touch_points in events + [(end, up, [])]:
            time.sleep(max(0.0, base + t / 1000 - time.time()))
            self.send("Input.dispatchTouchEvent", {"type": kind, "timestamp": base + t / 1000, "touchPoints": touch_points})

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except (RuntimeError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


# The dispatched takes: a fast swipe from the left edge (a completed pop under fd, labelled back), a
# vertical drag down the table (no pop, labelled stay), a leftward drag across the carousel (no pop,
# labelled stay), then the vertical drag again on the plain screen, labelled back: a missed back,
# and a back take whose first touch is 200 px in from the edge. Positions have fractions, so that
# rounding anywhere would show.
BACK = ([(0, 6.25, 420.5), (16.5, 30.75, 421), (33, 80.5, 422.25), (50, 150.25, 423), (66.75, 230.5, 423.5)], 70)
SCROLL = ([(0, 200.5, 300.25), (16, 201, 330.5), (33.25, 201.5, 380.75), (50, 202, 450), (66.5, 202.5, 520.5)], 90.25)
CAROUSEL = ([(0, 300.5, 260.5), (16, 270.25, 261), (32.5, 220.75, 262), (49, 160.5, 262.5), (65.5, 100.25, 263)], 80)
TAKES = [("plain", "back", "Swipe back", BACK), ("table", "stay", "Scroll the list down", SCROLL),
         ("carousel", "stay", "Scroll the carousel to the left", CAROUSEL), ("plain", "back", "Swipe back", SCROLL)]
# Two takes of an earlier run are in OUT: this run's are numbered from 3, on the page, the terminal
# and the files alike.
EARLIER = 2
EARLIER_TAKE = """format: popgesture-trace/1
name: earlier
stack: [{id: inbox}, {id: thread}]
events:
- touch: 1
  samples: [[0.5, 3, 400], [16.5, 42, 401], [33.5, 80, 402], [50.5, 140, 402]]
  up: 60.5
expect:
- {gesture: 1, intent: back}
"""


def recorded_stroke(text, end="up"):
    """The first stroke of a take the page wrote: its samples and its lift (or cancel)."""
    samples = json.loads(re.search(r"^    samples: (\[.*\])$", text, re.M).group(1))
    up = float(re.search(rf"^    {end}: (.*)$", text, re.M).group(1))
    return samples, up


def compare(name, recorded, dispatched):
    samples, up = recorded
    points, lift = dispatched
    failures = []
    if len(samples) != len(points):
        return [f"{name}: {len(samples)} samples recorded, {len(points)} dispatched: {samples}"]
    for (t, x, y), (rt, rx, ry) in zip(points, samples):
        if abs(rt - t) > 0.25 or abs(rx - x) > 0.01 or abs(ry - y) > 0.01:
            failures.append(f"{name}: sample {[rt, rx, ry]} recorded for {[t, x, y]} dispatched")
    if abs(up - lift) > 0.25:
        failures.append(f"{name}: up {up} recorded for {lift} dispatched")
    return failures


def measurements(name, text):
    """What the page measured, in the take's origin, against its own samples: the median interval,
    a clock finer than a millisecond, coalesced moves, a secure, isolated context (127.0.0.1)."""
    failures = []
    samples, _ = recorded_stroke(text)
    intervals = sorted(b[0] - a[0] for a, b in zip(samples, samples[1:]))
    middle = len(intervals) // 2
    median = intervals[middle] if len(intervals) % 2 else (intervals[middle - 1] + intervals[middle]) / 2
    interval = re.search(r"^  sampleInterval: (.*)$", text, re.M)
    if not interval or abs(float(interval.group(1)) - median) > 0.001:
        failures.append(f"{name}: sampleInterval {interval and interval.group(1)}, its samples' median {median}")
    clock = re.search(r"^  clock: \{tick: ([0-9.]+), smallestStep: ([0-9.]+), wholeMilliseconds: false\}$", text, re.M)
    if not clock or not float(clock.group(1)) < 1:
        failures.append(f"{name}: no clock finer than 1 ms in {re.findall(r'^  clock: .*$', text, re.M)}")
    for line in ("  coalescedEvents: true", "  secureContext: true", "  crossOriginIsolated: true"):
        if line not in text.splitlines():
            failures.append(f"{name}: no line {line!r}")
    return failures


def serve_and_record(binary, browser, work, keep):
    failures = []
    out = os.path.join(work, "OUT")
    os.mkdir(out)
    for number in range(1, EARLIER + 1):
        with open(os.path.join(out, f"take-{number:04}.yaml"), "w", encoding="utf-8") as f:
            f.write(EARLIER_TAKE)
    server = subprocess.Popen([binary, "record", "--serve", "--port", "0", "--host", "127.0.0.1", "--out", out,
                               "--scenario", "plain", "table", "carousel", "--prompts", "back,stay,stay,back"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        url = server.stdout.readline().strip()
        page = Browser(browser, os.path.join(work, "profile-serve"))
        try:
            page.attach()
            page.send("Page.navigate", {"url": url})
            page.wait_for("document.readyState === 'complete' && document.getElementById('prompt').textContent !== ''")
            if page.evaluate("self.crossOriginIsolated") is not True:
                failures.append("the served page is not cross-origin isolated (COOP/COEP)")
            # Navigated to from about:blank: the tab has a page to go back to, and the page says so.
            warning = page.evaluate("document.getElementById('warning').textContent")
            if not warning.startswith("This tab has pages to go back to"):
                failures.append(f"the page opened after another says {warning!r}")
            for offset, (scenario, intent, prompt, stroke) in enumerate(TAKES):
                number = EARLIER + 1 + offset
                try:
                    page.wait_for(f"document.getElementById('prompt').textContent === {json.dumps(f'Take {number}: {prompt}')}")
                except RuntimeError:
                    shown = page.evaluate("document.getElementById('prompt').textContent")
                    failures.append(f"take {number}: the prompt is {shown!r}")
                page.touch(stroke)
                verdict = page.wait_for(f"(document.querySelector('#log li[data-take=\"{number}\"] .verdict') || {{}}).textContent")
                terminal = server.stdout.readline().strip()
                expected = f"take {number} ({intent}): "
                # The page says what the terminal says, findings included.
                if not terminal.startswith(expected) or verdict != ": " + terminal[len(expected):]:
                    failures.append(f"take {number}: the page shows {verdict!r}, the terminal {terminal!r}")
                if offset == 0 and not verdict.startswith(": fd: began; pop completed"):
                    failures.append(f"take {number}: the back swipe's verdict is {verdict!r}")
                if offset == 1:
                    # The next take's prompt and scenario (the carousel) show 350 ms after a take.
                    page.wait_for(f"document.getElementById('prompt').textContent === {json.dumps(f'Take {number + 1}: ' + TAKES[2][2])}")
                    time.sleep(0.2)
                    clip = {"x": 0, "y": 0, "width": WIDTH, "height": HEIGHT, "scale": 0.5}
                    shot = base64.b64decode(page.send("Page.captureScreenshot", {"format": "png", "clip": clip})["data"])
                    with open(os.path.join(work, "recorder.png"), "wb") as f:
                        f.write(shot)
                    if keep:
                        shutil.copy(os.path.join(work, "recorder.png"), keep)
                if offset == 3:
                    # A missed back, said in words as on the terminal; and its first touch 200 px in.
                    if not verdict.endswith(" [missed back]"):
                        failures.append(f"take {number}: the missed back is shown as {verdict!r}")
                    classes = page.evaluate(f"document.querySelector('#log li[data-take=\"{number}\"]').className")
                    if classes != "missed":
                        failures.append(f"take {number}: the line's class is {classes!r}")
                    edge = server.stdout.readline().strip()
                    said = ("the phone's own back gesture may have taken the edge "
                            "(its first touch starts 200.5 pt from the edge)")
                    if edge != f"take {number}: {said}; on Android, switch to three-button navigation while recording; the take is kept":
                        failures.append(f"take {number}: the terminal's next line is {edge!r}")
                    notice = page.evaluate("document.getElementById('notice').textContent")
                    if not notice.startswith(f"Take {number}: the phone's own back gesture may have taken the edge "
                                             "(its first touch starts 200.5 px from the edge)"):
                        failures.append(f"take {number}: the page's notice is {notice!r}")
            # Undo the missed back: its file goes, and the take is asked for again under its number.
            last = EARLIER + len(TAKES)
            page.wait_for(f"document.getElementById('prompt').textContent === {json.dumps(f'Take {last + 1}: Swipe back')}")
            page.evaluate("document.getElementById('undo').click()")
            undone = server.stdout.readline().strip()
            if undone != f"take {last}: undone, take-{last:04}.yaml removed":
                failures.append(f"after Undo the terminal says {undone!r}")
            page.wait_for(f"document.getElementById('prompt').textContent === {json.dumps(f'Take {last}: Swipe back')}")
            page.touch(BACK)
            verdict = page.wait_for(f"(document.querySelector('#log li[data-take=\"{last}\"] .verdict') || {{}}).textContent")
            terminal = server.stdout.readline().strip()
            if not terminal.startswith(f"take {last} (back): fd: began; pop completed") or not verdict.startswith(": fd: began"):
                failures.append(f"the take after Undo: the page shows {verdict!r}, the terminal {terminal!r}")
        finally:
            page.close()
        # A tab opened at the address has no page to go back to: no warning.
        fresh = Browser(browser, os.path.join(work, "profile-fresh"), url=url)
        try:
            fresh.attach()
            fresh.wait_for("document.readyState === 'complete' && !!(document.getElementById('prompt') || {}).textContent")
            warning = fresh.evaluate("history.length + ' ' + document.getElementById('warning').textContent")
            if warning != "1 ":
                failures.append(f"a page opened in a tab of its own says {warning!r}")
        finally:
            fresh.close()
    finally:
        server.send_signal(2)
        summary, _ = server.communicate(timeout=10)
    if summary != "fd: 4 takes, 0 missed backs, 0 false pops\n":
        failures.append(f"the summary at Ctrl-C is {summary!r}")
    files = sorted(os.listdir(out))
    numbers = range(EARLIER + 1, EARLIER + len(TAKES) + 1)
    if files != [f"take-{n:04}.yaml" for n in range(1, EARLIER + len(TAKES) + 1)]:
        return failures + [f"OUT holds {files}"]
    for number, (scenario, intent, prompt, stroke) in zip(numbers, TAKES[:-1] + [("plain", "back", "Swipe back", BACK)]):
        name = f"take-{number:04}.yaml"
        text = open(os.path.join(out, name), encoding="utf-8").read()
        failures += compare(name, recorded_stroke(text), stroke)
        failures += measurements(name, text)
        for line in (f"name: \"{scenario}-{number}\"", f"  - {{gesture: 1, intent: {intent}}}",
                     f"screen: {{width: {WIDTH}, height: {HEIGHT}}}", "  devicePixelRatio: 3"):
            if line not in text.splitlines():
                failures.append(f"{name}: no line {line!r}")
    region = '      - {id: "table", kind: scroll, frame: [0, 56, 390, 788], axis: vertical, offset: 0, maxOffset: 1600}'
    table = open(os.path.join(out, f"take-{EARLIER + 2:04}.yaml"), encoding="utf-8").read().splitlines()
    if region not in table:
        failures.append(f"take-{EARLIER + 2:04}.yaml: the table's region is not the one drawn: {[l for l in table if 'id: ' in l]}")
    # Chromium's clock is finer than a millisecond: no take is warned about.
    check = subprocess.run([binary, "check", out], capture_output=True, text=True)
    if check.returncode != 0 or f"{EARLIER + len(TAKES)} passed, 0 failed" not in check.stdout or check.stderr:
        failures.append(f"check on the takes: exit {check.returncode}: {check.stdout}{check.stderr}")
    return failures


SHOP = """format: popgesture-stack/1
name: shop
screen: {width: 375, height: 667}
stack:
  - {id: catalog}
  - id: product
    maxStartX: 100
    content:
      - {id: photos, kind: scroll, frame: [0, 150, 375, 200], axis: horizontal, offset: 0, maxOffset: 750}
      - {id: size, kind: control, frame: [20, 400, 335, 44], axis: horizontal}
"""


def serve_user_screen(binary, browser, work):
    """`record --serve --stack-config`: the config's top view controller drawn, scaled from its
    375 x 667 screen to the 390 x 844 viewport by 390 / 375 = 1.04; prompts from its regions; the
    takes carry its stack scaled alike."""
    failures = []
    config = os.path.join(work, "shop.yaml")
    with open(config, "w", encoding="utf-8") as f:
        f.write(SHOP)
    out = os.path.join(work, "SHOP")
    server = subprocess.Popen([binary, "record", "--serve", "--port", "0", "--host", "127.0.0.1", "--out", out,
                               "--stack-config", config, "--prompts", "stay,back"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        url = server.stdout.readline().strip()
        page = Browser(browser, os.path.join(work, "profile-shop"))
        try:
            page.attach()
            page.send("Page.navigate", {"url": url})
            page.wait_for("document.getElementById('prompt').textContent === 'Take 1: Scroll photos to the left'")
            drawn = page.evaluate("JSON.stringify([...document.querySelectorAll('#content .region')].map(r => "
                                  "[r.offsetLeft, r.offsetTop, r.offsetWidth, r.offsetHeight]).concat("
                                  "[[document.getElementById('title').textContent, document.getElementById('back').textContent]]))")
            # Boxes are laid out in whole CSS px: 20.8 and 348.4 show as 21 and 348.
            if drawn != '[[0,156,390,208],[21,416,348,46],["product","\u2039 catalog"]]':
                failures.append(f"the user's screen is drawn as {drawn}")
            page.touch(CAROUSEL)
            page.wait_for("(document.querySelector('#log li[data-take=\"1\"] .verdict') || {}).textContent")
            page.wait_for("document.getElementById('prompt').textContent === 'Take 2: Swipe back'")
            page.touch(BACK)
            page.wait_for("(document.querySelector('#log li[data-take=\"2\"] .verdict') || {}).textContent")
        finally:
            page.close()
    finally:
        server.send_signal(2)
        server.communicate(timeout=10)
    files = sorted(os.listdir(out))
    if files != ["take-0001.yaml", "take-0002.yaml"]:
        return failures + [f"SHOP holds {files}"]
    text = open(os.path.join(out, files[0]), encoding="utf-8").read()
    expected = """screen: {width: 390, height: 844}
stack:
  - id: "catalog"
    barHidden: false
    popDisabled: false
    maxStartX: 0
  - id: "product"
    barHidden: false
    popDisabled: false
    maxStartX: 104
    content:
      - {id: "photos", kind: scroll, frame: [0, 156, 390, 208], axis: horizontal, offset: 0, maxOffset: 780}
      - {id: "size", kind: control, frame: [20.8, 416, 348.4, 45.76], axis: horizontal, protected: true}
events:
"""
    if expected not in text:
        failures.append(f"{files[0]}: the scaled stack is not in {text}")
    for line in ('name: "shop-1"', '  stackConfig: "shop"', "  scale: 1.04", '  scenario: "shop"',
                 '  prompt: "Scroll photos to the left"', "  - {gesture: 1, intent: stay}"):
        if line not in text.splitlines():
            failures.append(f"{files[0]}: no line {line!r}")
    failures += compare(files[0], recorded_stroke(text), CAROUSEL)
    check = subprocess.run([binary, "check", out], capture_output=True, text=True)
    if check.returncode != 0 or "2 passed, 0 failed" not in check.stdout:
        failures.append(f"check on the user's screen's takes: exit {check.returncode}: {check.stdout}{check.stderr}")
    return failures


def page_download(binary, browser, work):
    """`record --page`: the page from a file, one take, the Download button's takes.yaml."""
    html = os.path.join(work, "recorder.html")
    subprocess.run([binary, "record", "--page", "-o", html, "--scenario", "plain", "--prompts", "back"],
                   check=True, capture_output=True)
    downloads = os.path.join(work, "downloads")
    os.mkdir(downloads)
    page = Browser(browser, os.path.join(work, "profile-page"))
    try:
        page.attach()
        page.send("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads}, session=False)
        page.send("Page.navigate", {"url": "file://" + html})
        page.wait_for("document.readyState === 'complete' && document.getElementById('prompt').textContent !== ''")
        page.touch(BACK)
        page.wait_for("(document.querySelector('#log li[data-take=\"1\"] .verdict') || {}).textContent")
        # The browser takes the second take's touch away: recorded as a cancel, and the page says so.
        page.wait_for("document.getElementById('prompt').textContent === 'Take 2: Swipe back'")
        page.touch(BACK, end="touchCancel")
        page.wait_for("(document.querySelector('#log li[data-take=\"2\"] .verdict') || {}).textContent")
        notice = page.evaluate("document.getElementById('notice').textContent")
        page.evaluate("document.getElementById('download').click()")
        target = os.path.join(downloads, "takes.yaml")
        deadline = time.time() + 10
        while not os.path.exists(target) and time.time() < deadline:
            time.sleep(0.05)
    finally:
        page.close()
    if not os.path.exists(target):
        return [f"--page: no takes.yaml downloaded ({os.listdir(downloads)})"]
    text = open(target, encoding="utf-8").read()
    takes = text.split("---\n")
    if len(takes) != 3 or takes[0] != "" or not all(t.startswith("format: popgesture-trace/1\n") for t in takes[1:]):
        return [f"takes.yaml is not two documents: {text[:200]!r}"]
    failures = compare("takes.yaml#1", recorded_stroke(takes[1]), BACK)
    failures += compare("takes.yaml#2", recorded_stroke(takes[2], end="cancel"), BACK)
    if not notice.startswith("The browser took a touch away (cancel)"):
        failures.append(f"after a cancel the page says {notice!r}")
    # The cancelled swipe, labelled back, is a missed back: the pop is cancelled by the touch cancel.
    check = subprocess.run([binary, "check", target], capture_output=True, text=True)
    if check.returncode != 1 or "1 passed, 1 failed" not in check.stdout or "missed back" not in check.stdout:
        failures.append(f"check on takes.yaml: exit {check.returncode}: {check.stdout}{check.stderr}")
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--keep", help="copy the screenshot of the page after a take to this path")
    args = parser.parse_args()
    browser = find_chromium()
    if browser is None:
        print("SKIP recorder browser test: chromium not found on PATH (scripts/setup.sh installs it with apt-get)")
        return 0
    binary = os.path.abspath(args.binary)
    with tempfile.TemporaryDirectory() as work:
        failures = serve_and_record(binary, browser, work, args.keep)
        failures += serve_user_screen(binary, browser, work)
        failures += page_download(binary, browser, work)
    for failure in failures:
        print("FAIL", failure)
    print(f"recorder browser test: {len(TAKES) + 1} served takes (one undone), 2 on a user's screen and 2 downloaded "
          f"takes in {os.path.basename(browser)}, "
          f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
