// The recorder page's take assembly (Sources/PopGestureKit/Record/Page/take.js) under Node.js's own
// test runner: `node --test Tests/page/`. With POPGESTURE set to a built popgesture, the takes it
// writes are also checked by it.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const vm = require("node:vm");
const take = require("../../Sources/PopGestureKit/Record/Page/take.js");
const PAGE_DIR = path.join(__dirname, "../../Sources/PopGestureKit/Record/Page");

// Timers the test fires by hand: set returns an id, fire runs what is due.
function fakeTimers() {
  const pending = new Map();
  let next = 1;
  return {
    set(fn, ms) {
      pending.set(next, { fn, ms });
      return next++;
    },
    clear(id) {
      pending.delete(id);
    },
    fire() {
      const due = [...pending.values()];
      pending.clear();
      for (const { fn } of due) fn();
    },
    pending,
  };
}

// A pointer event as the page sees one; `coalesced` lists the events getCoalescedEvents returns.
function pointer(id, timeStamp, clientX, clientY, coalesced) {
  const e = { pointerId: id, timeStamp, clientX, clientY };
  if (coalesced) e.getCoalescedEvents = () => coalesced.map(([t, x, y]) => ({ timeStamp: t, clientX: x, clientY: y }));
  return e;
}

const BACK = { scenario: "plain", intent: "back", text: "Swipe back" };
const STAY = { scenario: "table", intent: "stay", text: "Scroll the list down" };

function record(events, prompt = BACK) {
  const timers = fakeTimers();
  const takes = [];
  const recorder = new take.TakeRecorder(timers, (t) => takes.push(t));
  for (const [kind, e] of events) {
    if (kind === "down") recorder.down(e, prompt, "2026-11-27T10:00:00.000Z");
    else if (kind === "move") recorder.move(e);
    else recorder.end(e, kind);
  }
  return { recorder, timers, takes };
}

const PAGE = {
  recorder: "popgesture-recorder/1",
  userAgent: "test",
  devicePixelRatio: 3,
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
  tick: 1,
  secureContext: false,
  crossOriginIsolated: false,
};
const STACK = [{ id: "home" }, { id: "plain", content: [] }];

test("times are relative to the first down, rounded to 0.001 ms, and every coalesced move is a sample", () => {
  const { takes, timers } = record([
    ["down", pointer(1, 1000.1234, 6.25, 420.5)],
    [
      "move",
      pointer(1, 1016.7, 30.75, 421, [
        [1008.4, 18.5, 420.75],
        [1016.7, 30.75, 421],
      ]),
    ],
    ["move", pointer(1, 1033.3, 80.5, 422.25, [[1033.3, 80.5, 422.25]])],
    ["up", pointer(1, 1040, 80.5, 422.25)],
  ]);
  assert.equal(takes.length, 0, "no take before the quiet time");
  assert.equal([...timers.pending.values()][0].ms, take.QUIET_MS);
  timers.fire();
  assert.equal(takes.length, 1);
  const stroke = takes[0].strokes[0];
  // 1008.4 - 1000.1234 = 8.2766, 1016.7 - 1000.1234 = 16.5766, 1033.3 - 1000.1234 = 33.1766.
  assert.deepEqual(stroke.samples, [
    [0, 6.25, 420.5],
    [8.277, 18.5, 420.75],
    [16.577, 30.75, 421],
    [33.177, 80.5, 422.25],
  ]);
  // The lift at the last sample's place adds no sample; its time is its own.
  assert.deepEqual(stroke.end, { kind: "up", t: 39.877 });
  assert.equal(takes[0].coalesced, true);
});

test("a second finger takes the lowest free number; a sample at the same time replaces the one before", () => {
  const { takes, timers } = record([
    ["down", pointer(7, 0, 10, 10)],
    ["down", pointer(9, 5, 100, 100)],
    ["up", pointer(7, 6, 10, 10)],
    ["down", pointer(11, 7, 50, 50)],
    ["move", pointer(11, 7.0001, 51, 52)],
    ["move", pointer(11, 7.0002, 53, 54)],
    ["up", pointer(9, 20, 120, 100)],
    ["up", pointer(11, 21, 53, 54)],
  ]);
  timers.fire();
  const strokes = takes[0].strokes;
  assert.deepEqual(
    strokes.map((s) => s.finger),
    [1, 2, 1],
  );
  // 7.0001 and 7.0002 round to 7: the down's position is replaced, twice.
  assert.deepEqual(strokes[2].samples, [[7, 53, 54]]);
  // A lift away from the last sample adds one at the lift's time.
  assert.deepEqual(strokes[1].samples, [
    [5, 100, 100],
    [20, 120, 100],
  ]);
  // Without getCoalescedEvents the event itself is the sample.
  assert.equal(takes[0].coalesced, false);
});

test("a finger down within the quiet time continues the take; a cancel is recorded and marks the take", () => {
  const { recorder, takes, timers } = record([
    ["down", pointer(1, 0, 10, 10)],
    ["up", pointer(1, 10, 10, 10)],
  ]);
  assert.equal(timers.pending.size, 1);
  recorder.down(pointer(2, 300, 40, 40), BACK, "later");
  assert.equal(timers.pending.size, 0, "the down clears the quiet timer");
  recorder.move(pointer(2, 316, 60, 40));
  recorder.end(pointer(2, 320, 70, 40), "cancel");
  timers.fire();
  assert.equal(takes.length, 1);
  assert.equal(takes[0].strokes.length, 2);
  assert.equal(takes[0].date, "2026-11-27T10:00:00.000Z");
  // A cancel adds no sample at its place.
  assert.deepEqual(takes[0].strokes[1], {
    finger: 1,
    samples: [
      [300, 40, 40],
      [316, 60, 40],
    ],
    end: { kind: "cancel", t: 320 },
  });
  assert.equal(takes[0].cancelled, true);
  // An event for a pointer that is not down is not the take's.
  assert.equal(recorder.move(pointer(5, 400, 1, 1)), false);
  assert.equal(recorder.end(pointer(5, 400, 1, 1), "up"), null);
});

test("the measurements: the clock's smallest step, whole milliseconds, the median interval, coalescing", () => {
  // Safari on a page that is not cross-origin isolated: whole milliseconds, 8 or 9 ms apart at 120 Hz.
  const safari = record([
    ["down", pointer(1, 5000, 10, 400)],
    [
      "move",
      pointer(1, 5017, 40, 400, [
        [5008, 25, 400],
        [5017, 40, 400],
      ]),
    ],
    [
      "move",
      pointer(1, 5033, 90, 400, [
        [5025, 60, 400],
        [5033, 90, 400],
      ]),
    ],
    ["up", pointer(1, 5040, 90, 400)],
  ]);
  safari.timers.fire();
  // Intervals 8, 9, 8, 8: median 8; steps between distinct times 8, 9, 8, 8, 7 (the lift): least 7.
  assert.deepEqual(take.measure(safari.takes[0]), {
    smallestStep: 7,
    wholeMilliseconds: true,
    sampleInterval: 8,
    sampleRate: 125,
    coalesced: true,
  });
  // Chromium: 100 µs steps.
  const chromium = record([
    ["down", pointer(1, 100.1, 10, 400)],
    ["move", pointer(1, 116.8, 40, 400, [[116.8, 40, 400]])],
    ["move", pointer(1, 133.3, 90, 400, [[133.3, 90, 400]])],
  ]);
  const m = take.measure(chromium.recorder.take);
  assert.equal(m.wholeMilliseconds, false);
  assert.equal(m.smallestStep, 16.5);
  // Intervals 16.7 and 16.5 (each to 0.001 ms): median 16.6, 60.2 Hz.
  assert.equal(m.sampleInterval, 16.6);
  assert.equal(m.sampleRate, 60.2);
});

test("whole milliseconds are steps, not values: WebKit's times share the time origin's fraction", () => {
  // WebKitGTK 2.50 over plain http (measured): 1 ms steps after a time origin of .37 ms.
  assert.equal(take.wholeMilliseconds([1200.37, 1203.37, 1224.37, 1246.37000000001]), true);
  assert.equal(take.wholeMilliseconds([1200, 1216.5]), false);
  assert.equal(take.wholeMilliseconds([1200]), false);
  assert.equal(take.wholeMilliseconds([]), false);
});

test("the clock's tick is the least change of a clock read in a loop", () => {
  let t = 0;
  // A clock that moves by 1 ms every third read.
  let reads = 0;
  const now = () => {
    reads += 1;
    if (reads % 3 === 0) t += 1;
    return t;
  };
  assert.equal(take.clockTick(now, 10), 1);
  let u = 0;
  assert.equal(
    take.clockTick(() => (u += 0.1), 5),
    0.1,
  );
  assert.equal(
    take.clockTick(() => 4, 5, 0),
    null,
  );
});

test("a back take that starts past 24 px from the edge, or that the browser cancelled, is suspected", () => {
  const far = record([
    ["down", pointer(1, 0, 30.5, 400)],
    ["move", pointer(1, 16, 90, 400)],
    ["up", pointer(1, 30, 90, 400)],
  ]);
  far.timers.fire();
  assert.deepEqual(take.edgeSuspect(far.takes[0]), {
    suspected: true,
    firstX: 30.5,
    cancelled: false,
    reasons: ["its first touch starts 30.5 px from the edge"],
  });
  const near = record([
    ["down", pointer(1, 0, 24, 400)],
    ["up", pointer(1, 30, 90, 400)],
  ]);
  near.timers.fire();
  assert.equal(take.edgeSuspect(near.takes[0]).suspected, false);
  const cancelled = record([
    ["down", pointer(1, 0, 3, 400)],
    ["cancel", pointer(1, 30, 3, 400)],
  ]);
  cancelled.timers.fire();
  assert.deepEqual(take.edgeSuspect(cancelled.takes[0]).reasons, ["the browser cancelled it"]);
  // Not a back take: nothing to suspect.
  const stay = record(
    [
      ["down", pointer(1, 0, 200, 400)],
      ["up", pointer(1, 30, 200, 500)],
    ],
    STAY,
  );
  stay.timers.fire();
  assert.equal(take.edgeSuspect(stay.takes[0]), null);
});

test("the take's document carries the measurements in its origin", () => {
  const { takes, timers } = record([
    ["down", pointer(1, 5000, 30.5, 400)],
    [
      "move",
      pointer(1, 5017, 40, 400, [
        [5008, 25, 400],
        [5017, 40, 400],
      ]),
    ],
    ["up", pointer(1, 5020, 40, 400)],
  ]);
  timers.fire();
  assert.equal(
    take.takeYAML(takes[0], 3, PAGE, [
      { id: "home" },
      { id: "table", barHidden: true, content: [{ id: "t\u00e9", kind: "scroll", frame: [0, 56, 390, 788], axis: "vertical", offset: 0, maxOffset: 1600 }] },
    ]),
    `format: popgesture-trace/1
name: "plain-3"
origin:
  recorder: "popgesture-recorder/1"
  userAgent: "test"
  devicePixelRatio: 3
  viewport: {width: 390, height: 844}
  date: "2026-11-27T10:00:00.000Z"
  scenario: "plain"
  prompt: "Swipe back"
  clock: {tick: 1, smallestStep: 3, wholeMilliseconds: true}
  sampleInterval: 8.5
  sampleRate: 117.6
  coalescedEvents: true
  secureContext: false
  crossOriginIsolated: false
  systemBack: {suspected: true, firstX: 30.5, cancelled: false}
screen: {width: 390, height: 844}
stack:
  - id: "home"
  - id: "table"
    barHidden: true
    content:
      - {id: "t\\u00e9", kind: scroll, frame: [0, 56, 390, 788], axis: vertical, offset: 0, maxOffset: 1600}
events:
  - touch: 1
    samples: [[0, 30.5, 400], [8, 25, 400], [17, 40, 400]]
    up: 20
expect:
  - {gesture: 1, intent: back}
`,
  );
});

test("a user's screen is scaled to the viewport by one ratio: frames, offsets and maxStartX", () => {
  const config = {
    screen: { width: 375, height: 667 },
    stack: [
      { id: "catalog", barHidden: false, maxStartX: 0 },
      {
        id: "product",
        barHidden: true,
        maxStartX: 100,
        content: [
          { id: "photos", kind: "scroll", frame: [0, 150, 375, 200], axis: "horizontal", offset: 10, maxOffset: 750 },
          { id: "size", kind: "control", frame: [20, 400, 335, 44], axis: "horizontal", protected: true },
        ],
      },
    ],
  };
  // 390 / 375 = 1.04 against 844 / 667 = 1.265: the width decides.
  const { scale, stack } = take.scaledConfig(config, 390, 844);
  assert.equal(scale, 1.04);
  assert.deepEqual(stack, [
    { id: "catalog", barHidden: false, maxStartX: 0 },
    {
      id: "product",
      barHidden: true,
      maxStartX: 104,
      content: [
        { id: "photos", kind: "scroll", frame: [0, 156, 390, 208], axis: "horizontal", offset: 10.4, maxOffset: 780 },
        { id: "size", kind: "control", frame: [20.8, 416, 348.4, 45.76], axis: "horizontal", protected: true },
      ],
    },
  ]);
  // A wide viewport: the height decides (844 / 667 against 1000 / 375).
  assert.equal(take.scaledConfig(config, 1000, 844).scale, 1.265);
  // The config itself is left as it was.
  assert.deepEqual(config.stack[1].content[0].frame, [0, 150, 375, 200]);
});

test("the verdict's words say a finding as the terminal does", () => {
  assert.equal(
    take.verdictWords([
      { rules: "fd", text: "began; pop completed", finding: null },
      { rules: "uikit", text: "refused(outsideEdge): edge distance 30 > edgeWidth 15", finding: "missed back" },
    ]),
    "fd: began; pop completed; uikit: refused(outsideEdge): edge distance 30 > edgeWidth 15 [missed back]",
  );
  assert.equal(take.takeNumber("take-0012.yaml"), 12);
  assert.equal(take.takeNumber("take-12.yaml"), null);
  assert.equal(take.takeNumber(null), null);
});

test("check warns about a take in whole milliseconds and not about one in finer steps", { skip: !process.env.POPGESTURE && "POPGESTURE (a built popgesture) is not set" }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "popgesture-page-"));
  try {
    // A fast swipe from the edge sampled at 120 Hz: Safari's whole milliseconds, then Chromium's 0.1 ms.
    const stroke = (times) => {
      const events = [["down", pointer(1, times[0], 5, 400)]];
      times.slice(1).forEach((t, i) => events.push(["move", pointer(1, t, 5 + 14 * (i + 1), 400, [[t, 5 + 14 * (i + 1), 400]])]));
      events.push(["up", pointer(1, times[times.length - 1] + 4, 5 + 14 * (times.length - 1), 400)]);
      const { takes, timers } = record(events);
      timers.fire();
      return take.takeYAML(takes[0], 1, { ...PAGE, tick: null }, STACK);
    };
    fs.writeFileSync(path.join(dir, "safari.yaml"), stroke([2000, 2008, 2017, 2025, 2033, 2042, 2050]));
    fs.writeFileSync(path.join(dir, "chromium.yaml"), stroke([2000.1, 2008.4, 2016.8, 2025.1, 2033.4, 2041.8, 2050.1]));
    const run = (file) => spawnSync(process.env.POPGESTURE, ["check", file], { cwd: dir, encoding: "utf8" });
    const safari = run("safari.yaml");
    assert.match(safari.stderr, /^safari\.yaml:1:1: warning: safari\.yaml#1 was recorded with a clock of 1 ms or coarser \(the page saw only whole milliseconds\): its release velocity under fd \(uikit\), /);
    assert.equal(run("chromium.yaml").stderr, "");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the page's script is one script that parses: take.js then recorder.js, as the page holds them", () => {
  const html = fs.readFileSync(path.join(PAGE_DIR, "recorder.html"), "utf8");
  for (const place of ["/*@STYLE@*/", "/*@SETTINGS@*/", "/*@SCRIPT@*/"]) {
    assert.equal(html.split(place).length, 2, place + " once in recorder.html");
  }
  const script = ["take.js", "recorder.js"].map((f) => fs.readFileSync(path.join(PAGE_DIR, f), "utf8")).join("");
  // Compiled, not run: a syntax error anywhere in either file fails here, not on a phone.
  new vm.Script('"use strict";\nconst SETTINGS = {};\n' + script, { filename: "recorder page" });
});
