// A finished game, step by step: each moment is the message a viewpoint had then, rebuilt by the server's engine,
// drawn by the game's own renderer in a read-only board (inert: nothing can be clicked, nothing is sent).

import { api } from "../client.js";
import { copyText, h, readJson, toast } from "../dom.js";
import { prettyKey, renderValue } from "../structure.js";
import { rendererName } from "../table/play.js";

const { table_id: tableId, game } = readJson("replay-data");
const base = `/api/tables/${encodeURIComponent(tableId)}/replay`;
const el = (id) => document.getElementById(id);
const board = el("game");
const timeline = el("timeline");
const playButton = el("play");

let renderer = null;
let names = [];
let lastSeq = 0;
let seq = 0;
let viewpoint = "all";
let playing = null; // the interval while playing
let shown = ""; // the moment on screen, "viewpoint:seq"
const moments = new Map(); // "viewpoint:seq" -> the message (a finished game never changes)
const logs = new Map(); // viewpoint -> that viewpoint's log lines

async function loadRenderer() {
  const name = rendererName(game);
  try {
    return name ? await import(`../games/${name}.js`) : await import("../games/generic.js");
  } catch (error) {
    console.error(`Renderer ${name} failed to load; using the generic one.`, error);
    return import("../games/generic.js");
  }
}

function fetchMoment(at, from) {
  const key = `${from}:${at}`;
  if (!moments.has(key)) {
    const promise = api("GET", `${base}/${at}?seat=${from}`);
    promise.catch(() => moments.delete(key)); // a failed fetch is tried again next time
    moments.set(key, promise);
  }
  return moments.get(key);
}

async function fetchLog(from) {
  if (!logs.has(from)) logs.set(from, (await api("GET", `${base}?seat=${from}`)).log);
  return logs.get(from);
}

function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  const at = Number.parseInt(params.get("seq") ?? "", 10);
  const from = params.get("seat");
  return {
    seq: Number.isInteger(at) ? Math.min(Math.max(at, 0), lastSeq) : lastSeq,
    viewpoint: from !== null && /^\d+$/.test(from) && Number(from) < names.length ? from : "all",
  };
}

function writeHash() {
  history.replaceState(null, "", `#seq=${seq}&seat=${viewpoint}`);
}

function momentLine(message) {
  const who = viewpoint === "all" ? "everything revealed" : `as ${names[Number(viewpoint)]} saw it`;
  if (seq === 0) return `The deal, ${who}.`;
  return `Move ${seq} of ${lastSeq}, ${who}.`;
}

function drawLog(lines) {
  const log = el("log");
  let current = null;
  log.replaceChildren(...lines.map((line) => {
    const button = h("button", { type: "button", class: "log-jump", text: line.text });
    button.addEventListener("click", () => go(line.seq));
    const item = h("li", { class: line.seq > seq ? "later" : "" }, button);
    if (line.seq <= seq) current = item;
    return item;
  }));
  if (current) {
    current.classList.add("current");
    current.querySelector("button").setAttribute("aria-current", "step");
    // Scroll the log box only (scrollIntoView would move the whole page away from the board).
    log.scrollTop = current.offsetTop - log.offsetTop - log.clientHeight / 2;
  }
}

function drawResult(message) {
  const section = el("result");
  section.hidden = !message.result;
  if (!message.result) return;
  const reveal = h("div", { class: "reveal" });
  if (typeof renderer.renderResult === "function") renderer.renderResult(reveal, message);
  else reveal.append(renderValue(message.result, { names }));
  section.replaceChildren(h("h2", { id: "result-heading", text: "Game over" }), reveal);
}

// What was hidden at a moment, one headed part per thing the game names ("Hands", "Omega deck, top first").
function hiddenParts(hidden) {
  if (!hidden || typeof hidden !== "object" || Array.isArray(hidden)) return [renderValue(hidden, { names })];
  const parts = Object.entries(hidden).map(([key, value]) => h("section", { class: "hidden-part" },
    h("h3", { text: prettyKey(key) }), renderValue(value, { names })));
  return parts.length ? parts : [h("p", { class: "muted", text: "Nothing is hidden at this moment." })];
}

async function draw() {
  const at = seq;
  const from = viewpoint;
  const key = `${from}:${at}`;
  let message;
  let lines;
  try {
    [message, lines] = await Promise.all([fetchMoment(at, from), fetchLog(from)]);
  } catch (error) {
    toast(error.message);
    return;
  }
  if (at !== seq || from !== viewpoint || key === shown) return; // a later step has been asked for meanwhile
  shown = key;
  timeline.value = String(at);
  el("moment").textContent = momentLine(message);
  renderer.render(board, message, () => {}); // read-only: nothing is ever sent from a replay
  drawResult(message);
  const hidden = el("hidden");
  hidden.hidden = from !== "all";
  if (from === "all") el("hidden-body").replaceChildren(...hiddenParts(message.hidden));
  drawLog(lines);
  el("back").disabled = el("first").disabled = at === 0;
  el("forward").disabled = el("last").disabled = at === lastSeq;
  if (playing && at < lastSeq) fetchMoment(at + 1, from); // the next frame is ready when its time comes
}

function go(at) {
  seq = Math.min(Math.max(at, 0), lastSeq);
  if (seq === lastSeq) stop();
  writeHash();
  draw();
}

function stop() {
  clearInterval(playing);
  playing = null;
  playButton.textContent = "Play";
  playButton.setAttribute("aria-pressed", "false");
}

function start() {
  if (seq === lastSeq) go(0);
  playButton.textContent = "Pause";
  playButton.setAttribute("aria-pressed", "true");
  playing = setInterval(() => go(seq + 1), Number(el("speed").value));
}

el("first").addEventListener("click", () => go(0));
el("back").addEventListener("click", () => go(seq - 1));
el("forward").addEventListener("click", () => go(seq + 1));
el("last").addEventListener("click", () => go(lastSeq));
el("play").addEventListener("click", () => (playing ? stop() : start()));
el("speed").addEventListener("change", () => {
  if (playing) {
    stop();
    start();
  }
});
timeline.addEventListener("input", () => go(Number(timeline.value)));
el("viewpoint").addEventListener("change", (event) => {
  viewpoint = event.target.value;
  writeHash();
  draw();
});
el("share").addEventListener("click", () => copyText(location.href));
window.addEventListener("hashchange", () => {
  ({ seq, viewpoint } = readHash());
  el("viewpoint").value = viewpoint;
  draw();
});
document.addEventListener("keydown", (event) => {
  if (event.target.closest?.("input, select, textarea")) return;
  if (event.key === "ArrowLeft") go(seq - 1);
  if (event.key === "ArrowRight") go(seq + 1);
});

const [loaded, opening] = await Promise.all([loadRenderer(), api("GET", `${base}?seat=all`)]);
renderer = loaded;
names = opening.names;
lastSeq = opening.last_seq;
logs.set("all", opening.log);
timeline.max = String(lastSeq);
({ seq, viewpoint } = readHash());
el("viewpoint").value = viewpoint;
writeHash();
draw();
