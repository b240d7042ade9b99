#!/usr/bin/env python3
"""`popgesture record` end to end in headless Chromium, driven over the DevTools protocol
(--remote-debugging-pipe, standard library only): `record --serve` on loopback, touch sequences
dispatched with known times and positions (a back swipe, a vertical scroll, a carousel drag); the
takes written must hold exactly those samples (positions to 0.01 px, times to 0.25 ms), pass
`popgesture check` by the intents the page wrote, and show the server's verdict in the page. Then
`record --page`: a take and a cancelled take recorded in the file's page and saved by its Download
button. Skips, saying
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

    def __init__(self, binary, profile):
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()

        def wire():
            # Through fresh numbers first: either pipe end may itself be fd 3 or 4.
            read_end, write_end = os.dup(to_browser_read), os.dup(from_browser_write)
            os.dup2(read_end, 3)
            os.dup2(write_end, 4)

        self.process = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--remote-debugging-pipe",
             f"--user-data-dir={profile}", f"--window-size={WIDTH},{HEIGHT}", "about:blank"],
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
        deadline = time.time() + seconds
        while time.time() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.05)
        raise RuntimeError(f"timed out waiting for {expression}")

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
# labelled stay). Positions have fractions, so that rounding anywhere would show.
BACK = ([(0, 6.25, 420.5), (16.5, 30.75, 421), (33, 80.5, 422.25), (50, 150.25, 423), (66.75, 230.5, 423.5)], 70)
SCROLL = ([(0, 200.5, 300.25), (16, 201, 330.5), (33.25, 201.5, 380.75), (50, 202, 450), (66.5, 202.5, 520.5)], 90.25)
CAROUSEL = ([(0, 300.5, 260.5), (16, 270.25, 261), (32.5, 220.75, 262), (49, 160.5, 262.5), (65.5, 100.25, 263)], 80)
TAKES = [("plain", "back", "Swipe back", BACK), ("table", "stay", "Scroll the list down", SCROLL),
         ("carousel", "stay", "Scroll the carousel to the left", CAROUSEL)]


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


def serve_and_record(binary, browser, work, keep):
    failures = []
    out = os.path.join(work, "OUT")
    server = subprocess.Popen([binary, "record", "--serve", "--port", "0", "--host", "127.0.0.1", "--out", out,
                               "--scenario", "plain", "table", "carousel", "--prompts", "back,stay,stay"],
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
            for number, (scenario, intent, prompt, stroke) in enumerate(TAKES, 1):
                try:
                    page.wait_for(f"document.getElementById('prompt').textContent === {json.dumps(f'Take {number}: {prompt}')}")
                except RuntimeError:
                    shown = page.evaluate("document.getElementById('prompt').textContent")
                    failures.append(f"take {number}: the prompt is {shown!r}")
                page.touch(stroke)
                verdict = page.wait_for(f"(document.querySelector('#log li[data-take=\"{number}\"] .verdict') || {{}}).textContent")
                terminal = server.stdout.readline().strip()
                expected = f"take {number} ({intent}): "
                if not terminal.startswith(expected) or verdict != ": " + terminal[len(expected):].replace(" [missed back]", "").replace(" [false pop]", ""):
                    failures.append(f"take {number}: the page shows {verdict!r}, the terminal {terminal!r}")
                if number == 1 and not verdict.startswith(": fd: began; pop completed"):
                    failures.append(f"take 1: the back swipe's verdict is {verdict!r}")
                if number == 2:
                    # The next take's prompt and scenario (the carousel) show 350 ms after a take.
                    page.wait_for(f"document.getElementById('prompt').textContent === {json.dumps('Take 3: ' + TAKES[2][2])}")
                    time.sleep(0.2)
                    clip = {"x": 0, "y": 0, "width": WIDTH, "height": HEIGHT, "scale": 0.5}
                    shot = base64.b64decode(page.send("Page.captureScreenshot", {"format": "png", "clip": clip})["data"])
                    with open(os.path.join(work, "recorder.png"), "wb") as f:
                        f.write(shot)
                    if keep:
                        shutil.copy(os.path.join(work, "recorder.png"), keep)
        finally:
            page.close()
    finally:
        server.send_signal(2)
        summary, _ = server.communicate(timeout=10)
    if summary != "fd: 3 takes, 0 missed backs, 0 false pops\n":
        failures.append(f"the summary at Ctrl-C is {summary!r}")
    files = sorted(os.listdir(out))
    if files != ["take-0001.yaml", "take-0002.yaml", "take-0003.yaml"]:
        return failures + [f"OUT holds {files}"]
    for number, (scenario, intent, prompt, stroke) in enumerate(TAKES, 1):
        text = open(os.path.join(out, files[number - 1]), encoding="utf-8").read()
        failures += compare(files[number - 1], recorded_stroke(text), stroke)
        for line in (f"name: \"{scenario}-{number}\"", f"  - {{gesture: 1, intent: {intent}}}",
                     f"screen: {{width: {WIDTH}, height: {HEIGHT}}}", "  devicePixelRatio: 3"):
            if line not in text.splitlines():
                failures.append(f"{files[number - 1]}: no line {line!r}")
    region = '      - {id: "table", kind: scroll, frame: [0, 56, 390, 788], axis: vertical, offset: 0, maxOffset: 1600}'
    table = open(os.path.join(out, files[1]), encoding="utf-8").read().splitlines()
    if region not in table:
        failures.append(f"take-0002.yaml: the table's region is not the one drawn: {[l for l in table if 'id: ' in l]}")
    check = subprocess.run([binary, "check", out], capture_output=True, text=True)
    if check.returncode != 0 or "3 passed, 0 failed" not in check.stdout:
        failures.append(f"check on the takes: exit {check.returncode}: {check.stdout}{check.stderr}")
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
        failures += page_download(binary, browser, work)
    for failure in failures:
        print("FAIL", failure)
    print(f"recorder browser test: {len(TAKES)} served takes and 2 downloaded takes in {os.path.basename(browser)}, "
          f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
