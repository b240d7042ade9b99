// The recorder page (after take.js, in the same script): screens drawn at their regions' frames,
// guided prompts, the take sent to the server or kept for the download. What the screen does under
// the finger is only for the person's eyes: popgesture judges the samples, never this animation.
// SETTINGS comes from the server (RecorderPage.settings).

const BAR = 56;
const HYSTERESIS = 10;
const app = document.getElementById("app");
const topScreen = document.getElementById("top");
const rootScreen = document.getElementById("root");
const content = document.getElementById("content");
const promptBox = document.getElementById("prompt");
const notice = document.getElementById("notice");
const warning = document.getElementById("warning");
const log = document.getElementById("log");
const count = document.getElementById("count");
const token = new URLSearchParams(location.search).get("token") || "";
document.getElementById("download").style.display = SETTINGS.served ? "none" : "";

// The page's clock, read once: its step is the grain of every event time.
const TICK = clockTick(() => performance.now());

// Section 9 regions of the top view controller, in viewport (= navigation controller) CSS px.
function regionsOf(scenario, w, h) {
  switch (scenario) {
    case "carousel":
      return [{ id: "carousel", kind: "scroll", frame: [0, BAR + 120, w, 200], axis: "horizontal", offset: 0, maxOffset: 2 * w }];
    case "rows":
      return [0, 1, 2, 3, 4].map((i) => ({ id: "row" + (i + 1), kind: "swipeRow", frame: [0, BAR + 16 + 64 * i, w, 64], open: false }));
    case "slider":
      return [{ id: "slider", kind: "control", frame: [24, BAR + 200, w - 48, 44], axis: "horizontal", protected: true }];
    case "table":
      return [{ id: "table", kind: "scroll", frame: [0, BAR, w, h - BAR], axis: "vertical", offset: 0, maxOffset: 1600 }];
    default:
      return [];
  }
}

const state = { k: 0, issued: [], takes: [], scenario: null, regions: [], stack: [], scale: undefined, w: 0, h: 0, next: SETTINGS.next };

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text) e.textContent = text;
  return e;
}

function place(e, f) {
  e.style.left = f[0] + "px";
  e.style.top = f[1] + "px";
  e.style.width = f[2] + "px";
  e.style.height = f[3] + "px";
}

function drawRoot() {
  const list = document.getElementById("rootlist");
  list.textContent = "";
  const below = SETTINGS.config ? SETTINGS.config.stack[SETTINGS.config.stack.length - 2] : null;
  document.getElementById("roottitle").textContent = below ? below.id : "Home";
  for (const name of ["Inbox", "Settings", "Photos", "Music"]) list.appendChild(el("div", "row", name));
}

// Draws the scenario at its frames, in its initial state: every take starts where its trace says.
function draw(scenario) {
  state.scenario = scenario;
  state.w = window.innerWidth;
  state.h = window.innerHeight;
  let barHidden = false;
  if (SETTINGS.config) {
    const { scale, stack } = scaledConfig(SETTINGS.config, state.w, state.h);
    const top = stack[stack.length - 1];
    state.scale = scale;
    state.stack = stack;
    state.regions = top.content || [];
    barHidden = top.barHidden === true;
    document.getElementById("title").textContent = top.id;
    document.getElementById("back").textContent = "\u2039 " + stack[stack.length - 2].id;
  } else {
    state.regions = regionsOf(scenario, state.w, state.h);
    state.stack = [{ id: "home" }, { id: scenario, content: state.regions }];
    document.getElementById("title").textContent = scenario[0].toUpperCase() + scenario.slice(1);
  }
  topScreen.querySelector(".bar").style.display = barHidden ? "none" : "";
  content.textContent = "";
  if (scenario === "plain") {
    const list = el("div", "list");
    for (let i = 1; i <= 6; i++) list.appendChild(el("div", "row", "Item " + i));
    content.appendChild(list);
  }
  for (const r of state.regions) {
    const box = el("div", "region");
    place(box, r.frame);
    r.view = box;
    if (r.kind === "scroll" && r.axis === "horizontal") {
      const strip = el("div", "strip");
      ["#ff9500", "#34c759", "#5856d6"].forEach((colour, i) => {
        const card = el("div", "card", "Page " + (i + 1));
        card.style.width = r.frame[2] + "px";
        card.style.background = colour;
        strip.appendChild(card);
      });
      box.appendChild(strip);
      r.moving = strip;
    } else if (r.kind === "scroll") {
      const scroller = el("div", "scroller");
      for (let i = 1; i <= 40; i++) scroller.appendChild(el("div", "row", "Row " + i));
      box.appendChild(scroller);
      r.moving = scroller;
    } else if (r.kind === "swipeRow") {
      box.classList.add("swiperow");
      box.appendChild(el("div", "delete", "Delete"));
      const face = el("div", "face", r.id);
      box.appendChild(face);
      r.moving = face;
    } else {
      box.appendChild(el("div", "track"));
      const fill = el("div", "fill");
      const knob = el("div", "knob");
      box.appendChild(fill);
      box.appendChild(knob);
      r.fill = fill;
      r.moving = knob;
      r.value = 0.3;
      slide(r, 0);
    }
    content.appendChild(box);
  }
}

function slide(r, dx) {
  const v = Math.min(1, Math.max(0, r.value + dx / r.frame[2]));
  r.moving.style.left = v * r.frame[2] + "px";
  r.fill.style.width = v * r.frame[2] + "px";
  return v;
}

// Prompts: a fixed sequence repeated, or back and stay mixed; each take's scenario in turn. With a
// user's screen, each stay prompt is the next region's, in turn.
function promptAt(k) {
  if (!state.issued[k]) {
    const scenario = SETTINGS.scenarios[k % SETTINGS.scenarios.length];
    const intent = SETTINGS.prompts.length ? SETTINGS.prompts[k % SETTINGS.prompts.length] : Math.random() < 0.5 ? "back" : "stay";
    let text = intent === "back" ? SETTINGS.backPrompt : SETTINGS.stayPrompts[scenario];
    if (intent === "stay" && SETTINGS.config) {
      // One prompt per region of the screen, in turn (RecorderScreen.stayPrompts).
      const prompts = SETTINGS.config.stayPrompts;
      const stays = state.issued.slice(0, k).filter((p) => p && p.intent === "stay").length;
      text = prompts[stays % prompts.length];
    }
    state.issued[k] = { scenario, intent, text };
  }
  return state.issued[k];
}

function showCount() {
  count.textContent = state.takes.length + (state.takes.length === 1 ? " take" : " takes");
}

function showPrompt() {
  const p = promptAt(state.k);
  draw(p.scenario);
  promptBox.textContent = "Take " + state.next + ": " + p.text;
  promptBox.dataset.intent = p.intent;
  showCount();
}

// ---- Recording ----
const recorder = new TakeRecorder({ set: (fn, ms) => setTimeout(fn, ms), clear: (id) => clearTimeout(id) }, finishTake);
let visual = null;

function isControl(e) {
  return e.target instanceof Element && e.target.closest("button") !== null;
}

function down(e) {
  if (isControl(e) || (e.pointerType === "mouse" && e.button !== 0)) return;
  e.preventDefault();
  recorder.down(e, promptAt(state.k), new Date().toISOString());
  try {
    app.setPointerCapture(e.pointerId);
  } catch (_) {
    // A pointer that is already gone cannot be captured; its events still arrive.
  }
  if (!visual) visual = { id: e.pointerId, x0: e.clientX, y0: e.clientY, samples: [[e.timeStamp, e.clientX]], mode: null, region: hit(e.clientX, e.clientY) };
}

function move(e) {
  if (!recorder.move(e)) return;
  e.preventDefault();
  if (visual && visual.id === e.pointerId) follow(e.clientX, e.clientY, e.timeStamp);
}

function end(e, kind) {
  if (!recorder.end(e, kind)) return;
  if (kind === "cancel") notice.textContent = "The browser took a touch away (cancel): it is recorded as `cancel`.";
  if (visual && visual.id === e.pointerId) settle(e.timeStamp, kind === "cancel");
}

app.addEventListener("pointerdown", down);
app.addEventListener("pointermove", move);
app.addEventListener("pointerup", (e) => end(e, "up"));
app.addEventListener("pointercancel", (e) => end(e, "cancel"));
// The browser's own scrolling, zoom and selection stay out of a take: non-passive touch handlers.
for (const type of ["touchstart", "touchmove"]) {
  document.addEventListener(
    type,
    (e) => {
      if (!isControl(e)) e.preventDefault();
    },
    { passive: false },
  );
}
document.addEventListener("gesturestart", (e) => e.preventDefault());
document.addEventListener("contextmenu", (e) => e.preventDefault());

// ---- What the screen does under the finger (visual only) ----
function hit(x, y) {
  for (let i = state.regions.length - 1; i >= 0; i--) {
    const f = state.regions[i].frame;
    if (x >= f[0] && x < f[0] + f[2] && y >= f[1] && y < f[1] + f[3]) return state.regions[i];
  }
  return null;
}

function wants(r, horizontal, dx) {
  if (!r) return false;
  if (r.kind === "scroll") return (r.axis === "horizontal") === horizontal;
  if (r.kind === "swipeRow") return horizontal && dx < 0;
  return horizontal;
}

function follow(x, y, ts) {
  const dx = x - visual.x0;
  const dy = y - visual.y0;
  visual.samples.push([ts, x]);
  if (!visual.mode && (Math.abs(dx) >= HYSTERESIS || Math.abs(dy) >= HYSTERESIS)) {
    const horizontal = Math.abs(dx) >= Math.abs(dy);
    visual.mode = wants(visual.region, horizontal, dx) ? "content" : horizontal && dx > 0 ? "pop" : "none";
  }
  if (visual.mode === "pop") {
    const p = Math.max(0, dx);
    topScreen.style.transition = rootScreen.style.transition = "none";
    topScreen.style.transform = "translateX(" + p + "px)";
    rootScreen.style.transform = "translateX(" + -0.3 * (state.w - p) + "px)";
  } else if (visual.mode === "content") {
    const r = visual.region;
    if (r.kind === "scroll" && r.axis === "horizontal") {
      r.moving.style.transform = "translateX(" + Math.min(0, Math.max(-(r.maxOffset || Infinity), dx)) + "px)";
    } else if (r.kind === "scroll") {
      r.moving.style.transform = "translateY(" + Math.min(0, Math.max(-(r.maxOffset || Infinity), dy)) + "px)";
    } else if (r.kind === "swipeRow") {
      r.moving.style.transform = "translateX(" + Math.max(-96, Math.min(0, dx)) + "px)";
    } else {
      slide(r, dx);
    }
  }
}

// UIKit's projection of the release velocity (normal deceleration) decides where the pop settles;
// a cancelled touch puts it back.
function settle(ts, cancelled) {
  const v = visual;
  visual = null;
  if (v.mode !== "pop") return;
  const recent = v.samples.filter((s) => s[0] >= ts - 50);
  const first = recent[0] || v.samples[0];
  const last = v.samples[v.samples.length - 1];
  const velocity = last[0] > first[0] ? ((last[1] - first[1]) / (last[0] - first[0])) * 1000 : 0;
  const position = Math.max(0, last[1] - v.x0);
  const projected = position + ((velocity / 1000) * 0.998) / (1 - 0.998);
  const completes = !cancelled && projected > state.w / 2;
  topScreen.style.transition = rootScreen.style.transition = "transform 0.3s ease-out";
  topScreen.style.transform = "translateX(" + (completes ? state.w : 0) + "px)";
  rootScreen.style.transform = completes ? "translateX(0)" : "translateX(-30%)";
}

function resetScreens() {
  topScreen.style.transition = rootScreen.style.transition = "none";
  topScreen.style.transform = "";
  rootScreen.style.transform = "translateX(-30%)";
}

// ---- Takes ----
// What every take of this page says of it (take.js's takeYAML).
function pageFacts() {
  const facts = {
    recorder: SETTINGS.recorder,
    userAgent: navigator.userAgent,
    devicePixelRatio: window.devicePixelRatio,
    viewport: { width: state.w, height: state.h },
    screen: { width: state.w, height: state.h },
    tick: TICK,
    secureContext: window.isSecureContext === true,
    crossOriginIsolated: self.crossOriginIsolated === true,
  };
  if (SETTINGS.config) {
    facts.config = SETTINGS.config.name;
    facts.scale = state.scale;
    facts.barAppearanceManaged = SETTINGS.config.barAppearanceManaged;
    facts.initialBarHidden = SETTINGS.config.initialBarHidden;
  }
  return facts;
}

function addLine(text, cls) {
  const li = el("li", cls);
  li.appendChild(el("span", "what", text));
  log.insertBefore(li, log.firstChild);
  while (log.children.length > 6) log.removeChild(log.lastChild);
  return li;
}

async function finishTake(t) {
  const number = state.next;
  const yaml = takeYAML(t, number, pageFacts(), state.stack);
  const entry = { k: state.k, yaml, file: null, number, intent: t.prompt.intent };
  state.takes.push(entry);
  state.k += 1;
  state.next += 1;
  const li = addLine("take " + number + " (" + t.prompt.intent + ")");
  li.dataset.take = String(number);
  if (!t.cancelled) notice.textContent = "";
  // The phone's own back gesture may have had the start of a back swipe.
  const edge = edgeSuspect(t);
  if (edge && edge.suspected) {
    notice.textContent =
      (t.cancelled ? notice.textContent + " " : "") +
      "Take " + number + ": the phone's own back gesture may have taken the edge (" + edge.reasons.join("; ") + "). " +
      "On Android, switch to three-button navigation while recording; the take is kept and marked.";
  }
  setTimeout(() => {
    resetScreens();
    showPrompt();
  }, 350);
  if (!SETTINGS.served) {
    li.appendChild(el("span", "verdict", ": kept for the download"));
    return;
  }
  try {
    const response = await fetch("/takes?token=" + encodeURIComponent(token), {
      method: "POST",
      headers: { "Content-Type": "application/yaml" },
      body: yaml,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(text.trim() || response.status + " " + response.statusText);
    const answer = JSON.parse(text);
    entry.file = answer.file;
    // The server's number is the take's: another page may have sent takes meanwhile.
    const written = takeNumber(answer.file);
    if (written !== null && written !== number) {
      entry.number = written;
      li.dataset.take = String(written);
      li.querySelector(".what").textContent = "take " + written + " (" + t.prompt.intent + ")";
      if (state.takes[state.takes.length - 1] === entry) state.next = written + 1;
      showPrompt();
    }
    li.dataset.file = answer.file;
    li.appendChild(el("span", "verdict", ": " + verdictWords(answer.verdicts)));
    for (const v of answer.verdicts) if (v.finding) li.classList.add(v.finding === "missed back" ? "missed" : "falsepop");
  } catch (error) {
    state.takes.splice(state.takes.indexOf(entry), 1);
    if (state.next === number + 1) state.next = number;
    li.classList.add("error");
    li.appendChild(el("span", "verdict", ": not saved: " + error.message));
    showPrompt();
  }
}

document.getElementById("skip").addEventListener("click", () => {
  if (recorder.recording) return;
  state.k += 1;
  showPrompt();
});

document.getElementById("undo").addEventListener("click", async () => {
  if (recorder.recording || !state.takes.length) return;
  const last = state.takes[state.takes.length - 1];
  if (SETTINGS.served) {
    const response = await fetch("/undo?token=" + encodeURIComponent(token) + "&take=" + encodeURIComponent(last.file || ""), { method: "POST" });
    if (!response.ok) {
      notice.textContent = "Undo failed: " + (await response.text()).trim();
      return;
    }
  }
  state.takes.pop();
  state.k = last.k;
  state.next = last.number;
  const li = log.querySelector("li[data-take='" + last.number + "']");
  if (li) li.remove();
  notice.textContent = "Take " + last.number + " undone: record it again.";
  showPrompt();
});

document.getElementById("download").addEventListener("click", () => {
  const blob = new Blob([state.takes.map((t) => "---\n" + t.yaml).join("")], { type: "application/yaml" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = "takes.yaml";
  document.body.appendChild(a);
  a.click();
  a.remove();
});

window.addEventListener("resize", () => {
  if (!recorder.recording) draw(state.scenario);
});

// Safari's own edge swipe goes back when the tab has a page to go back to; this page never adds
// one (no pushState), so a tab opened for it has none.
if (history.length > 1) {
  warning.textContent =
    "This tab has pages to go back to: Safari's own edge swipe may leave the page instead of recording. Open the address in a new tab.";
}
drawRoot();
resetScreens();
showPrompt();
