import PopGestureCore

/// The recorder page's script (`RecorderPage`): scenarios drawn at their regions' frames, guided
/// prompts, every pointer of a take recorded (coalesced samples where the browser has them), the
/// take written as trace YAML and sent, or kept for the download. What the screen does under the
/// finger is only for the person's eyes: popgesture judges the samples, never this animation.
enum RecorderPageScript {
    static let source = #"""
        const BAR = 56, HYSTERESIS = 10, QUIET_MS = 500;
        const app = document.getElementById("app"), topScreen = document.getElementById("top"), rootScreen = document.getElementById("root");
        const content = document.getElementById("content"), promptBox = document.getElementById("prompt");
        const notice = document.getElementById("notice"), log = document.getElementById("log"), count = document.getElementById("count");
        const token = new URLSearchParams(location.search).get("token") || "";
        document.getElementById("download").style.display = SETTINGS.served ? "none" : "";

        // SPEC section 9 regions of the top view controller, in viewport (= navigation controller) CSS px.
        function regionsOf(scenario, w, h) {
          switch (scenario) {
          case "carousel": return [{id: "carousel", kind: "scroll", frame: [0, BAR + 120, w, 200], axis: "horizontal", offset: 0, maxOffset: 2 * w}];
          case "rows": return [0, 1, 2, 3, 4].map(i => ({id: "row" + (i + 1), kind: "swipeRow", frame: [0, BAR + 16 + 64 * i, w, 64], open: false}));
          case "slider": return [{id: "slider", kind: "control", frame: [24, BAR + 200, w - 48, 44], axis: "horizontal", protected: true}];
          case "table": return [{id: "table", kind: "scroll", frame: [0, BAR, w, h - BAR], axis: "vertical", offset: 0, maxOffset: 1600}];
          default: return [];
          }
        }

        const state = {k: 0, issued: [], takes: [], scenario: null, regions: [], w: 0, h: 0};

        function el(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls; if (text) e.textContent = text; return e; }
        function place(e, f) { e.style.left = f[0] + "px"; e.style.top = f[1] + "px"; e.style.width = f[2] + "px"; e.style.height = f[3] + "px"; }

        function drawRoot() {
          const list = document.getElementById("rootlist");
          list.textContent = "";
          for (const name of ["Inbox", "Settings", "Photos", "Music"]) list.appendChild(el("div", "row", name));
        }

        // Draws the scenario at its frames, in its initial state: every take starts where its trace says.
        function draw(scenario) {
          state.scenario = scenario; state.w = window.innerWidth; state.h = window.innerHeight;
          state.regions = regionsOf(scenario, state.w, state.h);
          document.getElementById("title").textContent = scenario[0].toUpperCase() + scenario.slice(1);
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
                const card = el("div", "card", "Page " + (i + 1)); card.style.width = r.frame[2] + "px"; card.style.background = colour; strip.appendChild(card);
              });
              box.appendChild(strip); r.moving = strip;
            } else if (r.kind === "scroll") {
              const scroller = el("div", "scroller");
              for (let i = 1; i <= 40; i++) scroller.appendChild(el("div", "row", "Row " + i));
              box.appendChild(scroller); r.moving = scroller;
            } else if (r.kind === "swipeRow") {
              box.classList.add("swiperow");
              box.appendChild(el("div", "delete", "Delete"));
              const face = el("div", "face", "Message " + r.id.slice(3)); box.appendChild(face); r.moving = face;
            } else {
              box.appendChild(el("div", "track"));
              const fill = el("div", "fill"), knob = el("div", "knob");
              box.appendChild(fill); box.appendChild(knob); r.fill = fill; r.moving = knob; r.value = 0.3; slide(r, 0);
            }
            content.appendChild(box);
          }
        }

        function slide(r, dx) {
          const v = Math.min(1, Math.max(0, r.value + dx / r.frame[2]));
          r.moving.style.left = (v * r.frame[2]) + "px"; r.fill.style.width = (v * r.frame[2]) + "px";
          return v;
        }

        // Prompts: a fixed sequence repeated, or back and stay mixed; each take's scenario in turn.
        function promptAt(k) {
          if (!state.issued[k]) {
            const scenario = SETTINGS.scenarios[k % SETTINGS.scenarios.length];
            const intent = SETTINGS.prompts.length ? SETTINGS.prompts[k % SETTINGS.prompts.length] : (Math.random() < 0.5 ? "back" : "stay");
            state.issued[k] = {scenario, intent, text: intent === "back" ? SETTINGS.backPrompt : SETTINGS.stayPrompts[scenario]};
          }
          return state.issued[k];
        }

        function showPrompt() {
          const p = promptAt(state.k);
          draw(p.scenario);
          promptBox.textContent = "Take " + (state.takes.length + 1) + ": " + p.text;
          promptBox.dataset.intent = p.intent;
          count.textContent = state.takes.length + (state.takes.length === 1 ? " take" : " takes");
        }

        // ---- Recording ----
        let take = null;            // {t0, strokes, date, prompt, cancelled}
        const fingers = new Map();  // pointerId -> stroke of the take
        let quiet = null, visual = null;

        function round3(v) { const r = Math.round(v * 1000) / 1000; return Object.is(r, -0) ? 0 : r; }
        function rel(ts) { return round3(ts - take.t0); }

        function addSample(stroke, t, x, y) {
          const last = stroke.samples[stroke.samples.length - 1];
          // Times are strictly increasing in a stroke: a sample at the same time replaces the one before.
          if (t <= last[0]) { if (t === last[0]) { last[1] = round3(x); last[2] = round3(y); } return; }
          stroke.samples.push([t, round3(x), round3(y)]);
        }

        function isControl(e) { return e.target instanceof Element && e.target.closest("button") !== null; }

        function down(e) {
          if (isControl(e) || (e.pointerType === "mouse" && e.button !== 0)) return;
          e.preventDefault();
          clearTimeout(quiet);
          if (!take) take = {t0: e.timeStamp, strokes: [], date: new Date().toISOString(), prompt: promptAt(state.k), cancelled: false};
          const busy = new Set([...fingers.values()].map(s => s.finger));
          let finger = 1;
          while (busy.has(finger)) finger++;
          const stroke = {finger, samples: [[rel(e.timeStamp), round3(e.clientX), round3(e.clientY)]], end: null};
          take.strokes.push(stroke);
          fingers.set(e.pointerId, stroke);
          try { app.setPointerCapture(e.pointerId); } catch (_) {}
          if (!visual) visual = {id: e.pointerId, x0: e.clientX, y0: e.clientY, samples: [[e.timeStamp, e.clientX]], mode: null, region: hit(e.clientX, e.clientY)};
        }

        function move(e) {
          const stroke = fingers.get(e.pointerId);
          if (!stroke) return;
          e.preventDefault();
          const events = typeof e.getCoalescedEvents === "function" ? e.getCoalescedEvents() : [];
          for (const c of (events.length ? events : [e])) addSample(stroke, rel(c.timeStamp), c.clientX, c.clientY);
          if (visual && visual.id === e.pointerId) follow(e.clientX, e.clientY, e.timeStamp);
        }

        function end(e, kind) {
          const stroke = fingers.get(e.pointerId);
          if (!stroke) return;
          fingers.delete(e.pointerId);
          const last = stroke.samples[stroke.samples.length - 1];
          const t = Math.max(rel(e.timeStamp), last[0]);
          if (kind === "up" && (round3(e.clientX) !== last[1] || round3(e.clientY) !== last[2])) addSample(stroke, t, e.clientX, e.clientY);
          stroke.end = {kind, t};
          if (kind === "cancel") { take.cancelled = true; notice.textContent = "The browser took a touch away (cancel): it is recorded as `cancel`."; }
          if (visual && visual.id === e.pointerId) settle(e.timeStamp, kind === "cancel");
          // The take ends when no finger has been down for QUIET_MS after the last lift or cancel.
          if (fingers.size === 0) quiet = setTimeout(finishTake, QUIET_MS);
        }

        app.addEventListener("pointerdown", down);
        app.addEventListener("pointermove", move);
        app.addEventListener("pointerup", e => end(e, "up"));
        app.addEventListener("pointercancel", e => end(e, "cancel"));
        // The browser's own scrolling, zoom and selection stay out of a take: non-passive touch handlers.
        for (const type of ["touchstart", "touchmove"]) {
          document.addEventListener(type, e => { if (!isControl(e)) e.preventDefault(); }, {passive: false});
        }
        document.addEventListener("gesturestart", e => e.preventDefault());
        document.addEventListener("contextmenu", e => e.preventDefault());

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
          const dx = x - visual.x0, dy = y - visual.y0;
          visual.samples.push([ts, x]);
          if (!visual.mode && (Math.abs(dx) >= HYSTERESIS || Math.abs(dy) >= HYSTERESIS)) {
            const horizontal = Math.abs(dx) >= Math.abs(dy);
            visual.mode = wants(visual.region, horizontal, dx) ? "content" : (horizontal && dx > 0 ? "pop" : "none");
          }
          if (visual.mode === "pop") {
            const p = Math.max(0, dx);
            topScreen.style.transition = rootScreen.style.transition = "none";
            topScreen.style.transform = "translateX(" + p + "px)";
            rootScreen.style.transform = "translateX(" + (-0.3 * (state.w - p)) + "px)";
          } else if (visual.mode === "content") {
            const r = visual.region;
            if (r.kind === "scroll" && r.axis === "horizontal") r.moving.style.transform = "translateX(" + Math.min(0, Math.max(-r.maxOffset, dx)) + "px)";
            else if (r.kind === "scroll") r.moving.style.transform = "translateY(" + Math.min(0, Math.max(-r.maxOffset, dy)) + "px)";
            else if (r.kind === "swipeRow") r.moving.style.transform = "translateX(" + Math.max(-96, Math.min(0, dx)) + "px)";
            else slide(r, dx);
          }
        }

        // UIKit's projection of the release velocity (normal deceleration) decides where the pop settles;
        // a cancelled touch puts it back.
        function settle(ts, cancelled) {
          const v = visual;
          visual = null;
          if (v.mode !== "pop") return;
          const recent = v.samples.filter(s => s[0] >= ts - 50);
          const first = recent[0] || v.samples[0], last = v.samples[v.samples.length - 1];
          const velocity = last[0] > first[0] ? (last[1] - first[1]) / (last[0] - first[0]) * 1000 : 0;
          const position = Math.max(0, last[1] - v.x0);
          const projected = position + velocity / 1000 * 0.998 / (1 - 0.998);
          const completes = !cancelled && projected > state.w / 2;
          topScreen.style.transition = rootScreen.style.transition = "transform 0.3s ease-out";
          topScreen.style.transform = "translateX(" + (completes ? state.w : 0) + "px)";
          rootScreen.style.transform = completes ? "translateX(0)" : "translateX(-30%)";
        }

        function resetScreens() {
          topScreen.style.transition = rootScreen.style.transition = "none";
          topScreen.style.transform = ""; rootScreen.style.transform = "translateX(-30%)";
        }

        // ---- A take as a trace document ----
        function yamlString(s) {
          let out = "";
          for (const ch of JSON.stringify(String(s))) {
            const cp = ch.codePointAt(0);
            out += cp < 0x7f ? ch : cp <= 0xffff ? "\\u" + cp.toString(16).padStart(4, "0") : "\\U" + cp.toString(16).padStart(8, "0");
          }
          return out;
        }

        function regionYAML(r) {
          const keys = ["id", "kind", "frame", "axis", "offset", "maxOffset", "open", "protected"].filter(k => r[k] !== undefined);
          return "{" + keys.map(k => k + ": " + (k === "frame" ? "[" + r.frame.join(", ") + "]" : k === "id" ? yamlString(r.id) : String(r[k]))).join(", ") + "}";
        }

        function takeYAML(t, number) {
          const p = t.prompt, lines = [];
          lines.push("format: popgesture-trace/1");
          lines.push("name: " + yamlString(p.scenario + "-" + number));
          lines.push("origin:");
          lines.push("  recorder: " + yamlString(SETTINGS.recorder));
          lines.push("  userAgent: " + yamlString(navigator.userAgent));
          lines.push("  devicePixelRatio: " + window.devicePixelRatio);
          lines.push("  viewport: {width: " + state.w + ", height: " + state.h + "}");
          lines.push("  date: " + yamlString(t.date));
          lines.push("  scenario: " + p.scenario);
          lines.push("  prompt: " + yamlString(p.text));
          lines.push("screen: {width: " + state.w + ", height: " + state.h + "}");
          lines.push("stack:");
          lines.push("  - id: home");
          lines.push("  - id: " + p.scenario);
          if (state.regions.length) {
            lines.push("    content:");
            for (const r of state.regions) lines.push("      - " + regionYAML(r));
          }
          lines.push("events:");
          for (const s of t.strokes) {
            lines.push("  - touch: " + s.finger);
            lines.push("    samples: [" + s.samples.map(x => "[" + x.join(", ") + "]").join(", ") + "]");
            if (s.end) lines.push("    " + s.end.kind + ": " + s.end.t);
          }
          lines.push("expect:");
          lines.push("  - {gesture: 1, intent: " + p.intent + "}");
          return lines.join("\n") + "\n";
        }

        function addLine(text, cls) {
          const li = el("li", cls);
          li.appendChild(el("span", "what", text));
          log.insertBefore(li, log.firstChild);
          while (log.children.length > 6) log.removeChild(log.lastChild);
          return li;
        }

        async function finishTake() {
          const t = take;
          take = null;
          if (!t) return;
          const number = state.takes.length + 1;
          const yaml = takeYAML(t, number);
          const entry = {k: state.k, yaml, file: null, intent: t.prompt.intent};
          state.takes.push(entry);
          state.k += 1;
          const li = addLine("take " + number + " (" + t.prompt.intent + ")");
          li.dataset.take = String(number);
          notice.textContent = t.cancelled ? notice.textContent : "";
          setTimeout(() => { resetScreens(); showPrompt(); }, 350);
          if (!SETTINGS.served) { li.appendChild(el("span", "verdict", ": kept for the download")); return; }
          try {
            const response = await fetch("/takes?token=" + encodeURIComponent(token), {method: "POST", headers: {"Content-Type": "application/yaml"}, body: yaml});
            const text = await response.text();
            if (!response.ok) throw new Error(text.trim() || response.status + " " + response.statusText);
            const answer = JSON.parse(text);
            entry.file = answer.file;
            li.dataset.file = answer.file;
            li.appendChild(el("span", "verdict", ": " + answer.verdicts.map(v => v.rules + ": " + v.text).join("; ")));
            for (const v of answer.verdicts) if (v.finding) li.classList.add(v.finding === "missed back" ? "missed" : "falsepop");
          } catch (error) {
            state.takes.splice(state.takes.indexOf(entry), 1);
            li.classList.add("error");
            li.appendChild(el("span", "verdict", ": not saved: " + error.message));
            count.textContent = state.takes.length + (state.takes.length === 1 ? " take" : " takes");
          }
        }

        document.getElementById("skip").addEventListener("click", () => { if (take) return; state.k += 1; showPrompt(); });

        document.getElementById("undo").addEventListener("click", async () => {
          if (take || !state.takes.length) return;
          const last = state.takes[state.takes.length - 1];
          if (SETTINGS.served) {
            const response = await fetch("/undo?token=" + encodeURIComponent(token) + "&take=" + encodeURIComponent(last.file || ""), {method: "POST"});
            if (!response.ok) { notice.textContent = "Undo failed: " + (await response.text()).trim(); return; }
          }
          state.takes.pop();
          state.k = last.k;
          const li = log.querySelector("li[data-take='" + (state.takes.length + 1) + "']");
          if (li) li.remove();
          notice.textContent = "Take " + (state.takes.length + 1) + " undone: record it again.";
          showPrompt();
        });

        document.getElementById("download").addEventListener("click", () => {
          const blob = new Blob([state.takes.map(t => "---\n" + t.yaml).join("")], {type: "application/yaml"});
          const a = document.createElement("a");
          a.href = URL.createObjectURL(blob); a.download = "takes.yaml";
          document.body.appendChild(a); a.click(); a.remove();
        });

        window.addEventListener("resize", () => { if (!take) draw(state.scenario); });
        drawRoot();
        resetScreens();
        showPrompt();
        """#
}
