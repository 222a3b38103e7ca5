// Everything around the game's renderer during play: seats, the turn timer, the log and seat rescue controls.

import { api } from "../client.js";
import { h, keepFocus, toast } from "../dom.js";
import { ago, clockTime, timeLeft } from "../when.js";
import { handOverButton } from "./handover.js";
import { isHost, seatItem, seatList, seatOf, thinkingSeats, waitsText } from "./seats.js";

const MODULE_NAME = /^[a-z0-9][a-z0-9_-]*$/;
const URGENT_MS = 10_000;
const WARN_MS = 10_000; // the player is told this long before the game plays their turn for them
const TAKE_BACK = "take_back";
const CROWDED = 5; // seats from which a phone draws the seat strip compact, two to a row
const CROWDED_UNDER_A_BAR = 4; // ... and from four while a bar above the game takes room too
// The bars that can show above the game on a phone: with one of them, four seats are drawn compact as well.
const BARS = ["conn-bar", "turn-banner", "turn-warning", "answer-bar", "reclaim-bar", "take-back-bar", "hint-bar"];
const TIMES_EVERY_MS = 30_000; // how often the log's "3 h ago" are brought up to date

// Red only in the last seconds: the last 10 s, or the last third of a shorter deadline (a 5 s window).
function urgentBelow(span) {
  return Math.min(URGENT_MS, span / 3);
}

// game.renderer names a module under static/js/games/ ("true" means the one named after the game).
export function rendererName(game) {
  if (game.renderer === true) return game.id;
  if (typeof game.renderer !== "string") return null;
  const name = game.renderer.replace(/\.js$/, "");
  return MODULE_NAME.test(name) ? name : null;
}

export function createPlay({ tableId, game, getToken, act, redraw, away }) {
  const el = (id) => document.getElementById(id);
  const root = el("game");
  const log = el("log");
  const awayLine = el("away-line");
  const countdown = el("countdown");
  const warning = el("turn-warning");
  const warningSaid = el("turn-warning-said");
  const takeBackBar = el("take-back-bar");
  const takeBack = el("take-back");
  const seatStrip = el("seats");
  const waitsLine = el("waits-line");
  const bars = BARS.map(el).filter(Boolean);
  const base = `/api/tables/${encodeURIComponent(tableId)}`;
  let module = null;
  let loading = null;
  let deadline = null;
  let deadlineFor = null; // the server's deadline the countdown runs to, and how long it was when first seen
  let span = 0;
  let ticker = null;
  let logKey = "";
  let sinceShown = false; // the log has been scrolled to "Since your last visit" once
  let skew = 0; // server clock minus this device's clock, when the server tells us its time
  let lastNow = null;
  let current = null; // the message on screen
  let warned = null; // the deadline the player has been warned of (said once, for screen readers)

  function load() {
    if (loading) return loading;
    const name = rendererName(game);
    const generic = () => import("../games/generic.js");
    loading = (name ? import(`../games/${name}.js`) : generic())
      .catch((error) => {
        console.error(`Renderer ${name} failed to load; using the generic one.`, error);
        return generic();
      })
      .then((loaded) => {
        module = loaded;
        redraw();
        return loaded;
      });
    return loading;
  }

  async function post(button, path) {
    button.disabled = true;
    try {
      await api("POST", path, undefined, getToken());
    } catch (error) {
      toast(error.message);
    } finally {
      button.disabled = false;
    }
  }

  el("reclaim").addEventListener("click", (event) => post(event.currentTarget, `${base}/reclaim`));

  // Taking back the latest action is the platform's, not a game's: offered here whenever the state message says it
  // may be done, and the game's own controls wait until the server has answered.
  takeBack.addEventListener("click", () => {
    if (!current || takeBack.disabled) return;
    takeBack.disabled = true;
    root.inert = true;
    Promise.resolve(act(current, { type: TAKE_BACK }))
      .catch(() => {}) // the refusal's reason is shown by the page
      .finally(() => {
        takeBack.disabled = false;
        root.inert = false;
      });
  });

  // Compact on a phone only (site.css): from five seats, or from four while any bar shows above the game.
  function fitSeats() {
    const count = seatStrip.children.length;
    const barShown = bars.some((bar) => !bar.hidden);
    seatStrip.classList.toggle("crowded", count >= CROWDED || (count >= CROWDED_UNDER_A_BAR && barShown));
  }
  // Bars come and go from several modules (the warning with the clock): follow their hidden attribute itself.
  const barWatch = new MutationObserver(fitSeats);
  for (const bar of bars) barWatch.observe(bar, { attributes: true, attributeFilter: ["hidden"] });

  function drawTakeBack(message) {
    takeBackBar.hidden = !(message.status === "playing" && message.take_back === true);
  }

  function drawSeats(message) {
    const host = isHost(message);
    // Only the renderer knows whose move is public (in a secret step nobody's is): it says, if it can.
    const acting = new Set(message.status === "playing" && typeof module?.actingSeats === "function"
      ? module.actingSeats(message) : []);
    const thinking = thinkingSeats(message);
    const you = message.you?.seat;
    const items = seatList(message).map((seat) => {
      const stranded = !seat.bot && (seat.away || !seat.connected) && seat.seat !== you;
      const actions = host && stranded && message.status === "playing"
        ? [h("button", {
            type: "button",
            class: "small secondary",
            text: "Replace with bot",
            "aria-label": `Replace ${seat.name} with a bot`,
            dataset: { replaceSeat: String(seat.seat) },
            onclick: (event) => post(event.currentTarget, `${base}/seats/${seat.seat}/bot`),
          }), seat.away ? handOverButton(tableId, seat, getToken) : null]
        : [];
      return seatItem(message, seat, actions, { turn: acting.has(seat.seat), thinking: thinking.has(seat.seat) });
    });
    keepFocus(seatStrip, () => seatStrip.replaceChildren(...items));
    const waits = waitsText(message);
    waitsLine.hidden = !waits;
    waitsLine.textContent = waits ?? "";
    fitSeats();
    const mine = you === null || you === undefined ? null : seatOf(message, you);
    el("reclaim-bar").hidden = !(mine?.bot && message.status === "playing");
  }

  // Each line with its time ("3 h ago"); after what this seat last saw, a "Since your last visit" divider; above the
  // log, what the timer played for the seat meanwhile. The page opens scrolled to the divider, else to the end.
  function drawLog(entries) {
    const last = entries[entries.length - 1];
    const seen = away.seenSeq();
    const timed = entries.filter((entry) => away.timeOf(entry.seq) !== null).length;
    const line = away.line();
    const key = `${entries.length}:${last?.seq}:${last?.text}:${seen}:${timed}:${line}`;
    if (key === logKey) return;
    logKey = key;
    awayLine.hidden = !line;
    awayLine.textContent = line ?? "";
    const nearBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
    const items = [];
    let divider = null;
    for (const entry of entries) {
      if (!divider && seen > 0 && entry.seq > seen) {
        divider = h("li", { class: "log-since", text: "Since your last visit" });
        items.push(divider);
      }
      const at = away.timeOf(entry.seq);
      items.push(h("li", { dataset: { seq: String(entry.seq) } },
        h("span", { class: "log-text", text: entry.text }),
        at === null ? null : h("time", {
          class: "log-time", datetime: new Date(at).toISOString(), title: clockTime(at), text: ago(away.now() - at),
        })));
    }
    log.replaceChildren(...items);
    if (divider && !sinceShown) {
      sinceShown = true;
      log.scrollTop = divider.offsetTop - log.offsetTop;
    } else if (nearBottom || !log.dataset.drawn) log.scrollTop = log.scrollHeight;
    log.dataset.drawn = "1";
  }

  // Times move on while nothing else does.
  setInterval(() => {
    for (const time of log.querySelectorAll("time.log-time")) {
      time.textContent = ago(away.now() - Date.parse(time.getAttribute("datetime")));
    }
  }, TIMES_EVERY_MS);

  function tick() {
    if (deadline === null) {
      warn(null);
      return;
    }
    const left = deadline - Date.now();
    countdown.textContent = `Time left: ${timeLeft(left)}`;
    countdown.dataset.urgent = String(left < urgentBelow(span));
    warn(left);
  }

  // In the last seconds before the game plays for you, say so plainly. Only on your turn as the renderer judges it
  // (the "Your turn" banner's rule, below).
  function warn(left) {
    const due = left !== null && left <= WARN_MS && current?.status === "playing" && playerTurn(current);
    warning.hidden = !due;
    if (!due) {
      if (warned !== null) warningSaid.textContent = "";
      warned = null;
      return;
    }
    const seconds = Math.max(0, Math.ceil(left / 1000));
    warning.textContent = seconds > 0 ? `${seconds} s left, then your turn is played for you.`
      : "Time is up: your turn is being played for you.";
    if (warned !== current.deadline) {
      warned = current.deadline;
      warningSaid.textContent = `${seconds} seconds left, then your turn is played for you.`;
    }
  }

  // Whether the "Your turn" banner and alerts are due: the renderer may narrow "something is legal for you" (a
  // response window open to everyone is not a turn). It must decide from what every seat alike could act on, so
  // that a sound heard across the room tells nothing about a hand.
  function playerTurn(message) {
    if (typeof module?.isYourTurn === "function") return module.isYourTurn(message);
    return (message.legal ?? []).length > 0;
  }

  // The server may send "now" with each state; then the countdown follows its clock rather than this device's.
  // A renderer that draws the deadline itself says so (drawsOwnTimer): then the header shows no second timer.
  // The warning runs even then: it is about the deadline, whoever draws it.
  function setDeadline(message) {
    const at = message.deadline && message.status === "playing" ? Date.parse(message.deadline) : NaN;
    const drawn = typeof module?.drawsOwnTimer === "function" && module.drawsOwnTimer(message);
    if (Number.isNaN(at)) {
      deadline = null;
      countdown.hidden = true;
      clearInterval(ticker);
      ticker = null;
      warn(null);
      return;
    }
    if (message.now && message.now !== lastNow && !Number.isNaN(Date.parse(message.now))) {
      lastNow = message.now;
      skew = Date.parse(message.now) - Date.now();
    }
    deadline = at - skew;
    if (message.deadline !== deadlineFor) {
      deadlineFor = message.deadline;
      span = Math.max(0, deadline - Date.now());
    }
    countdown.hidden = drawn;
    tick();
    ticker ??= setInterval(tick, 250);
  }

  return {
    render(message) {
      current = message;
      away.heard(message);
      drawSeats(message);
      drawLog(message.log ?? []);
      drawTakeBack(message);
      setDeadline(message);
      if (!module) {
        if (!root.childElementCount) root.append(h("p", { class: "muted", text: "Laying out the table…" }));
        load();
        return;
      }
      try {
        module.render(root, message, (action) => act(message, action));
      } catch (error) {
        console.error("The renderer failed on this message.", error);
        toast("This view could not be drawn; the generic view is used instead.");
        import("../games/generic.js").then((generic) => {
          module = generic;
          redraw();
        });
      }
    },
    renderer: () => load(),
    yourTurn: (message) => playerTurn(message),
    // The game's stage, if its renderer names one (a change brings the game into view: table/scene.js).
    scene(message) {
      return typeof module?.scene === "function" ? String(module.scene(message)) : "";
    },
  };
}
