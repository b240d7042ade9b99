#!/usr/bin/env python3
"""`popgesture record --serve` in WebKit, Safari's engine: WebKitGTK's MiniBrowser driven by
WebKitWebDriver (Debian's webkit2gtk-driver) under a virtual X server (xvfb-run), over WebDriver's
HTTP protocol with the standard library only. A touch pointer's actions (a back swipe from the
left edge) record a take through the page.

Twice: on 127.0.0.1, a secure context that the server's COOP and COEP make cross-origin isolated,
where WebKit's clock steps 20 us (WebKit's Performance.cpp) and `check` says nothing of it; and on
this machine's network address over plain http, as a phone on the Wi-Fi opens it, where the page
is no secure context, WebKit's clock steps 1 ms, getCoalescedEvents is missing, and `check` warns
about the take's coarse clock. Skips, saying so, where WebKitWebDriver, MiniBrowser or xvfb-run is
not installed (scripts/setup.sh --test installs them) or the machine has no network address."""
import argparse
import glob
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

# The dispatched swipe: WebDriver moves are integral CSS px; each move takes `duration` ms.
SWIPE = [(6, 420), (30, 421), (80, 422), (150, 423), (230, 423)]


def mini_browser():
    found = sorted(glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser") + glob.glob("/usr/libexec/webkit2gtk-4.*/MiniBrowser"))
    return found[-1] if found else None


def network_address():
    """An IPv4 address of this machine other than loopback, as `record --serve` prints it."""
    try:
        out = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=5).stdout.split()
    except (OSError, subprocess.TimeoutExpired):
        return None
    return next((a for a in out if re.fullmatch(r"\d+\.\d+\.\d+\.\d+", a) and not a.startswith("127.")), None)


class Driver:
    """WebKitWebDriver on a free port, under xvfb-run; one session of MiniBrowser."""

    def __init__(self, browser):
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        self.port = probe.getsockname()[1]
        probe.close()
        self.process = subprocess.Popen(["xvfb-run", "-a", "WebKitWebDriver", f"--port={self.port}"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        deadline = time.time() + 30
        while True:
            try:
                self.call("GET", "/status", timeout=2)
                break
            except OSError:
                if time.time() > deadline:
                    raise RuntimeError("WebKitWebDriver did not answer within 30 s")
                time.sleep(0.1)
        options = {"binary": browser, "args": ["--automation"]}
        session = self.call("POST", "/session", {"capabilities": {"alwaysMatch": {"webkitgtk:browserOptions": options}}},
                            timeout=120)
        self.session = "/session/" + session["value"]["sessionId"]
        self.version = session["value"]["capabilities"].get("browserVersion", "?")

    def call(self, method, path, body=None, timeout=60):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return json.loads(response.read() or b"{}")
        except urllib.error.HTTPError as error:
            raise RuntimeError(f"{method} {path}: {error.code} {error.read().decode()[:300]}") from None

    def navigate(self, url):
        self.call("POST", self.session + "/url", {"url": url})

    def evaluate(self, script):
        return self.call("POST", self.session + "/execute/sync", {"script": "return " + script, "args": []})["value"]

    def wait_for(self, script, seconds=10):
        deadline = time.time() + seconds
        while time.time() < deadline:
            try:
                value = self.evaluate(script)
            except RuntimeError:
                value = None
            if value:
                return value
            time.sleep(0.1)
        raise RuntimeError(f"timed out waiting for {script}")

    def swipe(self, points, step_ms=16):
        (x0, y0), rest = points[0], points[1:]
        actions = [{"type": "pointerMove", "duration": 0, "x": x0, "y": y0}, {"type": "pointerDown", "button": 0}]
        actions += [{"type": "pointerMove", "duration": step_ms, "x": x, "y": y} for x, y in rest]
        actions.append({"type": "pointerUp", "button": 0})
        self.call("POST", self.session + "/actions",
                  {"actions": [{"type": "pointer", "id": "finger", "parameters": {"pointerType": "touch"}, "actions": actions}]})

    def close(self):
        try:
            self.call("DELETE", self.session, timeout=10)
        except (RuntimeError, OSError):
            pass
        try:
            os.killpg(self.process.pid, 15)
            self.process.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            os.killpg(self.process.pid, 9)


def record(binary, browser, work, host, address):
    """One take through WebKit on `address`; the take's text and `check`'s stderr on it."""
    out = os.path.join(work, "OUT-" + host)
    server = subprocess.Popen([binary, "record", "--serve", "--port", "0", "--host", host, "--out", out,
                               "--scenario", "plain", "--prompts", "back"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        urls = [server.stdout.readline().strip()]
        if host == "0.0.0.0":
            while address not in urls[-1]:
                urls.append(server.stdout.readline().strip())
        url = urls[-1]
        driver = Driver(browser)
        try:
            driver.navigate(url)
            driver.wait_for("document.getElementById('prompt').textContent === 'Take 1: Swipe back'")
            driver.swipe(SWIPE)
            verdict = driver.wait_for("(document.querySelector('#log li[data-take=\"1\"] .verdict') || {}).textContent")
            facts = driver.evaluate("JSON.stringify({tick: TICK, secure: isSecureContext, isolated: crossOriginIsolated})")
            version = driver.version
        finally:
            driver.close()
    finally:
        server.send_signal(2)
        server.communicate(timeout=10)
    text = open(os.path.join(out, "take-0001.yaml"), encoding="utf-8").read()
    check = subprocess.run([binary, "check", os.path.join(out, "take-0001.yaml")], capture_output=True, text=True)
    return text, verdict, json.loads(facts), check, version


def samples(text):
    return json.loads(re.search(r"^    samples: (\[.*\])$", text, re.M).group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", required=True)
    args = parser.parse_args()
    browser = mini_browser()
    missing = [name for name, found in (("WebKitWebDriver", shutil.which("WebKitWebDriver")),
                                        ("xvfb-run", shutil.which("xvfb-run")), ("MiniBrowser", browser)) if not found]
    if missing:
        print(f"SKIP recorder in WebKit: {', '.join(missing)} not installed (scripts/setup.sh --test installs "
              "webkit2gtk-driver and xvfb)")
        return 0
    binary = os.path.abspath(args.binary)
    failures = []
    checked = 0
    with tempfile.TemporaryDirectory() as work:
        # Loopback: a secure context, cross-origin isolated by the server's headers.
        text, verdict, facts, check, version = record(binary, browser, work, "127.0.0.1", "127.0.0.1")
        checked += 1
        recorded = samples(text)
        if [(x, y) for _, x, y in recorded] != SWIPE:
            failures.append(f"127.0.0.1: samples {recorded} recorded for {SWIPE} dispatched")
        if not verdict.startswith(": fd: began; pop completed"):
            failures.append(f"127.0.0.1: the verdict is {verdict!r}")
        if facts != {"tick": 0.02, "secure": True, "isolated": True}:
            failures.append(f"127.0.0.1: the page measured {facts}")
        for line in ("  secureContext: true", "  crossOriginIsolated: true", "  coalescedEvents: true"):
            if line not in text.splitlines():
                failures.append(f"127.0.0.1: no line {line!r} in the take")
        if check.returncode != 0 or check.stderr:
            failures.append(f"127.0.0.1: check said {check.stdout}{check.stderr}")
        # The network address over plain http, as a phone opens it.
        address = network_address()
        if address is None:
            print("skipped: WebKit over plain http: this machine has no network address but loopback")
        else:
            text, verdict, facts, check, _ = record(binary, browser, work, "0.0.0.0", address)
            checked += 1
            times = [t for t, _, _ in samples(text)]
            if facts != {"tick": 1, "secure": False, "isolated": False} or any(t != int(t) for t in times):
                failures.append(f"{address}: the page measured {facts}, times {times}")
            for line in ("  secureContext: false", "  crossOriginIsolated: false", "  coalescedEvents: false"):
                if line not in text.splitlines():
                    failures.append(f"{address}: no line {line!r} in the take")
            if check.returncode != 0 or "was recorded with a clock of 1 ms or coarser" not in check.stderr:
                failures.append(f"{address}: check said {check.stdout}{check.stderr}")
    for failure in failures:
        print("FAIL", failure)
    print(f"recorder in WebKit: {checked} takes through WebKitGTK {version}'s MiniBrowser, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
