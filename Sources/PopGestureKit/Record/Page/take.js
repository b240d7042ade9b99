"use strict";
// The recorder page's take assembly: pointer events in, one trace document out. No DOM here, so
// that Node.js tests it (Tests/page/take.test.js); recorder.js feeds it the page's events and draws.
//
// A take is every pointer from the first down until no finger has been down for QUIET_MS: each
// stroke's down, its moves (every coalesced event where the browser has getCoalescedEvents), and
// its lift or cancel. Times are the events' own timestamps in ms from the take's first down,
// rounded to 0.001 ms; positions CSS px, rounded to 0.001 px. The take also says what the phone
// gave: the clock's grain, the sample rate, whether moves were coalesced, the page's context.

const QUIET_MS = 500;
// A back swipe whose first touch starts further than this from the edge (CSS px, the points UIKit
// uses on iOS) may have had its start taken by the phone's own back gesture.
const EDGE_SUSPECT = 24;

function round3(v) {
  const r = Math.round(v * 1000) / 1000;
  return Object.is(r, -0) ? 0 : r;
}

// The median of a list of numbers (null for none).
function median(values) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

// The smallest step of a clock: the least positive difference between the distinct values it gave
// (null for fewer than two).
function smallestStep(times) {
  const sorted = [...new Set(times)].sort((a, b) => a - b);
  let least = null;
  for (let i = 1; i < sorted.length; i++) {
    const step = sorted[i] - sorted[i - 1];
    if (step > 0 && (least === null || step < least)) least = step;
  }
  return least;
}

// Whether times are whole milliseconds apart: WebKit rounds its clock down to 1 ms before taking
// the page's time origin away, so the times themselves share a fraction and their steps are whole.
// False for fewer than two distinct times.
function wholeMilliseconds(times) {
  const distinct = [...new Set(times)];
  if (distinct.length < 2) return false;
  return distinct.every((t) => {
    const step = t - distinct[0];
    return Math.abs(step - Math.round(step)) < 1e-6;
  });
}

// The step of a clock read in a tight loop (performance.now): the least change seen over `changes`
// changes, within `budget` ms of the clock and a million reads (null when it never changed).
function clockTick(now, changes = 40, budget = 30) {
  const start = now();
  let last = start;
  let seen = 0;
  const steps = [];
  for (let reads = 0; seen < changes && reads < 1e6; reads++) {
    const t = now();
    if (t !== last) {
      steps.push(t - last);
      last = t;
      seen += 1;
    }
    if (t - start > budget) break;
  }
  const positive = steps.filter((s) => s > 0);
  return positive.length ? round3(Math.min(...positive)) : null;
}

// Records takes from pointer events. `timers` is {set(fn, ms), clear(id)} (setTimeout and
// clearTimeout in the page); `onTake(take)` gets each finished take.
class TakeRecorder {
  constructor(timers, onTake) {
    this.timers = timers;
    this.onTake = onTake;
    this.take = null;
    this.fingers = new Map(); // pointerId -> stroke
    this.quiet = null;
  }

  get recording() {
    return this.take !== null;
  }

  rel(ts) {
    return round3(ts - this.take.t0);
  }

  // A sample at the same rounded time as the one before it replaces that one's position: times in
  // a stroke strictly increase.
  addSample(stroke, ts, x, y) {
    const t = this.rel(ts);
    const last = stroke.samples[stroke.samples.length - 1];
    if (ts !== this.take.times[this.take.times.length - 1]) this.take.times.push(ts);
    if (t <= last[0]) {
      if (t === last[0]) {
        last[1] = round3(x);
        last[2] = round3(y);
      }
      return;
    }
    stroke.samples.push([t, round3(x), round3(y)]);
  }

  // A finger down: the take's first opens it. `prompt` and `date` are the take's.
  down(e, prompt, date) {
    this.timers.clear(this.quiet);
    this.quiet = null;
    if (!this.take) {
      this.take = { t0: e.timeStamp, strokes: [], date, prompt, cancelled: false, coalesced: null, times: [] };
    }
    const busy = new Set([...this.fingers.values()].map((s) => s.finger));
    let finger = 1;
    while (busy.has(finger)) finger++;
    const stroke = { finger, samples: [[this.rel(e.timeStamp), round3(e.clientX), round3(e.clientY)]], end: null };
    this.take.times.push(e.timeStamp);
    this.take.strokes.push(stroke);
    this.fingers.set(e.pointerId, stroke);
    return stroke;
  }

  // A move: every coalesced event the browser kept, else the event itself.
  move(e) {
    const stroke = this.fingers.get(e.pointerId);
    if (!stroke) return false;
    const hasCoalesced = typeof e.getCoalescedEvents === "function";
    const events = hasCoalesced ? e.getCoalescedEvents() : [];
    if (this.take.coalesced === null || !hasCoalesced) this.take.coalesced = hasCoalesced && events.length > 0;
    for (const c of events.length ? events : [e]) this.addSample(stroke, c.timeStamp, c.clientX, c.clientY);
    return true;
  }

  // A lift ("up") or a cancel; a lift away from the last sample adds a sample at the lift's time.
  end(e, kind) {
    const stroke = this.fingers.get(e.pointerId);
    if (!stroke) return null;
    this.fingers.delete(e.pointerId);
    this.take.times.push(e.timeStamp);
    const last = stroke.samples[stroke.samples.length - 1];
    const t = Math.max(this.rel(e.timeStamp), last[0]);
    if (kind === "up" && (round3(e.clientX) !== last[1] || round3(e.clientY) !== last[2])) {
      this.addSample(stroke, e.timeStamp, e.clientX, e.clientY);
    }
    stroke.end = { kind, t };
    if (kind === "cancel") this.take.cancelled = true;
    // The take ends when no finger has been down for QUIET_MS after the last lift or cancel.
    if (this.fingers.size === 0) this.quiet = this.timers.set(() => this.finish(), QUIET_MS);
    return stroke;
  }

  finish() {
    const take = this.take;
    this.take = null;
    this.quiet = null;
    if (take) this.onTake(take);
  }
}

// What the phone gave during a take: its clock (the smallest step between distinct timestamps, and
// whether all were whole milliseconds apart), its sample rate (the median interval between a stroke's
// samples), whether moves came coalesced.
function measure(take) {
  const intervals = [];
  for (const s of take.strokes) {
    for (let i = 1; i < s.samples.length; i++) intervals.push(s.samples[i][0] - s.samples[i - 1][0]);
  }
  const interval = median(intervals);
  const step = smallestStep(take.times);
  return {
    smallestStep: step === null ? null : round3(step),
    wholeMilliseconds: wholeMilliseconds(take.times),
    sampleInterval: interval === null ? null : round3(interval),
    sampleRate: interval ? Math.round((1000 / interval) * 10) / 10 : null,
    coalesced: take.coalesced,
  };
}

// Whether the phone's own back gesture may have taken the start of a `back` take: its first touch
// starts more than EDGE_SUSPECT px from the left edge (Android's gesture navigation keeps touches
// in its inset), or the browser cancelled it. Null for other takes.
function edgeSuspect(take) {
  if (take.prompt.intent !== "back" || !take.strokes.length) return null;
  const firstX = take.strokes[0].samples[0][1];
  const reasons = [];
  if (firstX > EDGE_SUSPECT) reasons.push("its first touch starts " + firstX + " px from the edge");
  if (take.cancelled) reasons.push("the browser cancelled it");
  return { suspected: reasons.length > 0, firstX, cancelled: take.cancelled, reasons };
}

// A user's screen (--stack-config): its stack scaled from the config's screen to the viewport, w x h,
// by one ratio (the smaller of the two), so that shapes keep their proportions and the whole screen
// fits; frames, scroll offsets and maxStartX are lengths and scale, the rest stays. The ratio to
// 0.001; each length to 0.001.
function scaledConfig(config, w, h) {
  const scale = round3(Math.min(w / config.screen.width, h / config.screen.height));
  const length = (v) => (v === undefined || v === null ? v : round3(v * scale));
  const stack = config.stack.map((vc) => {
    const scaled = { ...vc };
    if (vc.maxStartX !== undefined) scaled.maxStartX = length(vc.maxStartX);
    if (vc.content) {
      scaled.content = vc.content.map((r) => {
        const region = { ...r, frame: r.frame.map(length) };
        if (r.offset !== undefined) region.offset = length(r.offset);
        if (r.maxOffset !== undefined) region.maxOffset = length(r.maxOffset);
        return region;
      });
    }
    return scaled;
  });
  return { scale, stack };
}

// ---- A take as a trace document ----

// A double-quoted YAML scalar: JSON's escapes, and every character past ASCII escaped.
function yamlString(s) {
  let out = "";
  for (const ch of JSON.stringify(String(s))) {
    const cp = ch.codePointAt(0);
    out +=
      cp < 0x7f ? ch : cp <= 0xffff ? "\\u" + cp.toString(16).padStart(4, "0") : "\\U" + cp.toString(16).padStart(8, "0");
  }
  return out;
}

// A value in flow style: strings quoted unless they are a plain word of `plain`, numbers and
// booleans as they are, lists and mappings of those.
function flow(value, plain) {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number") return String(Object.is(value, -0) ? 0 : value);
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return "[" + value.map((v) => flow(v, plain)).join(", ") + "]";
  if (typeof value === "object") {
    return (
      "{" +
      Object.keys(value)
        .filter((k) => value[k] !== undefined)
        .map((k) => k + ": " + flow(value[k], plain))
        .join(", ") +
      "}"
    );
  }
  return plain && plain.has(value) ? value : yamlString(value);
}

// Words a region's keys take that are written bare, as the trace format spells them.
const PLAIN_WORDS = new Set(["scroll", "swipeRow", "control", "horizontal", "vertical", "both", "back", "stay"]);

function regionYAML(r) {
  const keys = ["id", "kind", "frame", "axis", "offset", "maxOffset", "open", "protected"].filter(
    (k) => r[k] !== undefined,
  );
  const fields = {};
  for (const k of keys) fields[k] = r[k];
  return flow(fields, PLAIN_WORDS);
}

// The trace document of a take. `page` holds what is the same for every take: recorder,
// userAgent, devicePixelRatio, viewport, screen, tick (performance.now's step), secureContext,
// crossOriginIsolated and, for a user's screen, config (its name), scale, barAppearanceManaged and
// initialBarHidden; `stack` the take's stack, bottom to top.
function takeYAML(take, number, page, stack) {
  const p = take.prompt;
  const m = measure(take);
  const edge = edgeSuspect(take);
  const lines = [];
  lines.push("format: popgesture-trace/1");
  lines.push("name: " + yamlString(p.scenario + "-" + number));
  lines.push("origin:");
  lines.push("  recorder: " + yamlString(page.recorder));
  lines.push("  userAgent: " + yamlString(page.userAgent));
  lines.push("  devicePixelRatio: " + page.devicePixelRatio);
  lines.push("  viewport: " + flow(page.viewport));
  lines.push("  date: " + yamlString(take.date));
  lines.push("  scenario: " + yamlString(p.scenario));
  lines.push("  prompt: " + yamlString(p.text));
  lines.push(
    "  clock: " + flow({ tick: page.tick, smallestStep: m.smallestStep, wholeMilliseconds: m.wholeMilliseconds }),
  );
  lines.push("  sampleInterval: " + flow(m.sampleInterval));
  lines.push("  sampleRate: " + flow(m.sampleRate));
  lines.push("  coalescedEvents: " + flow(m.coalesced));
  lines.push("  secureContext: " + flow(page.secureContext));
  lines.push("  crossOriginIsolated: " + flow(page.crossOriginIsolated));
  if (edge) lines.push("  systemBack: " + flow({ suspected: edge.suspected, firstX: edge.firstX, cancelled: edge.cancelled }));
  if (page.config) lines.push("  stackConfig: " + yamlString(page.config));
  if (page.scale !== undefined) lines.push("  scale: " + flow(page.scale));
  lines.push("screen: " + flow(page.screen));
  if (page.barAppearanceManaged === false) lines.push("barAppearanceManaged: false");
  if (page.initialBarHidden !== undefined) lines.push("initialBarHidden: " + flow(page.initialBarHidden));
  lines.push("stack:");
  for (const vc of stack) {
    const head = { id: vc.id, barHidden: vc.barHidden, popDisabled: vc.popDisabled, maxStartX: vc.maxStartX };
    const keys = Object.keys(head).filter((k) => head[k] !== undefined);
    lines.push("  - id: " + yamlString(vc.id));
    for (const k of keys.slice(1)) lines.push("    " + k + ": " + flow(head[k]));
    if (vc.content && vc.content.length) {
      lines.push("    content:");
      for (const r of vc.content) lines.push("      - " + regionYAML(r));
    }
  }
  lines.push("events:");
  for (const s of take.strokes) {
    lines.push("  - touch: " + s.finger);
    lines.push("    samples: [" + s.samples.map((x) => "[" + x.join(", ") + "]").join(", ") + "]");
    if (s.end) lines.push("    " + s.end.kind + ": " + s.end.t);
  }
  lines.push("expect:");
  lines.push("  - {gesture: 1, intent: " + p.intent + "}");
  return lines.join("\n") + "\n";
}

// The words a take's answer is shown with, as the terminal says them: each rule version's verdict,
// and after it ` [missed back]` or ` [false pop]` when the take's label failed under it.
function verdictWords(verdicts) {
  return verdicts.map((v) => v.rules + ": " + v.text + (v.finding ? " [" + v.finding + "]" : "")).join("; ");
}

// 12 for "take-0012.yaml"; null for any other name.
function takeNumber(file) {
  const match = /^take-(\d{4,})\.yaml$/.exec(file || "");
  return match ? Number(match[1]) : null;
}

if (typeof module === "object" && module.exports) {
  module.exports = {
    QUIET_MS,
    EDGE_SUSPECT,
    round3,
    median,
    smallestStep,
    wholeMilliseconds,
    clockTick,
    TakeRecorder,
    measure,
    edgeSuspect,
    scaledConfig,
    yamlString,
    flow,
    regionYAML,
    takeYAML,
    verdictWords,
    takeNumber,
  };
}
