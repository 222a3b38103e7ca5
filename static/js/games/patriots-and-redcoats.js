// Patriots & Redcoats: the players around the table, your Loyalty cards and team, the War track, the cards being
// resolved, the councils and votes, and your choices. Every action sent is an object taken from message.legal.
//
// Hooks: the root .pr has data-state (your-move, optional — only an assassination is open to you —, waiting,
// spectating, over), data-seq and data-busy. Action buttons: [data-action] (the JSON sent) and [data-kind] (its type).
// Player tiles: li[data-seat]. Result: #pr-result with tr[data-reveal-seat]. An open window: .pr-window[data-window-key][data-window-depth],
// with the auto-continue switch #pr-auto-continue (auto.js). Once the game is over, only the councils are drawn here.

import { h } from "../dom.js";
import { namesFrom } from "../structure.js";
import { gameRenderer } from "./kit.js";
import { autoContinueOn, autoSent, scheduleAutoContinue } from "./patriots-and-redcoats/auto.js";
import { ring } from "./patriots-and-redcoats/board.js";
import { actionPanel } from "./patriots-and-redcoats/controls.js";
import { councilPanel, handPanel } from "./patriots-and-redcoats/panels.js";
import { resultView } from "./patriots-and-redcoats/result.js";
import { namer, stepStatus, windowText } from "./patriots-and-redcoats/text.js";

function rootState(message) {
  const view = message.view ?? {};
  const legal = message.legal ?? [];
  if (message.status === "finished" || view.over) return "over";
  if (view.you === null || view.you === undefined) return "spectating";
  if (legal.some((a) => a.type !== "assassinate")) return "your-move";
  if (legal.length) return "optional";
  return "waiting";
}

// Per root, besides the kit's: alloc (the feather split being chosen), assTurncoat, auto (auto.js).
export const { render, renderResult } = gameRenderer({
  css: "/static/css/patriots-and-redcoats.css",
  prefix: "pr",
  position: (message) => [message.view?.step, message.view?.window?.key, message.legal],
  moved: (st) => {
    st.alloc = {}; // a new choice: start the feather split afresh
  },
  drawKey: (st, message) => [st.alloc, Boolean(st.assTurncoat), autoContinueOn(), autoSent(st.auto, message)],
  draw,
  patch,
  after: ({ st, message, act }) => {
    st.auto ??= { key: null, seenAt: 0, timer: null, sent: false };
    scheduleAutoContinue(st.auto, message, act, () => st.busy);
  },
  result: resultView,
});

function draw({ root, st, message, view, names, me, act, redraw, deadlineAt }) {
  const n = namer(names, me);
  const status = stepStatus(view, n);
  const acting = new Set(view.window ? [] : status.seats);
  const ctx = { root, view, n, me, st, act, redraw, status, windowText: windowText(view, n), deadlineAt };
  const state = rootState(message);
  return h("div", { class: "pr", dataset: { state, seq: String(message.seq ?? ""), busy: String(st.busy) } },
    state === "over" ? afterTheEnd(view, ctx) : [
      h("div", { class: "pr-top" }, actionPanel(message, ctx), handPanel(view, ctx)),
      ring(view, n, me, acting),
      councilPanel(view, ctx)]);
}

// Under the result screen, which shows every card, team and the War track: only the councils' votes and history.
function afterTheEnd(view, ctx) {
  return councilPanel(view, ctx);
}

// Replace only the parts that changed: a panel rebuilt under a finger or a mouse would swallow the click (bots vote
// and continue many times a second). Unchanged nodes keep their listeners; those only use the shared state.
function patch(current, next) {
  for (const name of ["state", "seq", "busy"]) {
    // Only the board's root carries these; a nested panel patched the same way must not gain "undefined" ones.
    if (next.dataset[name] === undefined) delete current.dataset[name];
    else current.dataset[name] = next.dataset[name];
  }
  const olds = [...current.children];
  const news = [...next.children];
  if (olds.length !== news.length) {
    current.replaceChildren(...news);
    return;
  }
  olds.forEach((old, i) => {
    const fresh = news[i];
    const [was, now] = [old.querySelector(".pr-clock"), fresh.querySelector(".pr-clock")];
    if (was && now && was.dataset.deadline === now.dataset.deadline) {
      // The ticker writes into the clock on screen: carry that over before comparing.
      now.querySelector(".pr-clock-time").textContent = was.querySelector(".pr-clock-time").textContent;
      if (was.dataset.urgent) now.dataset.urgent = was.dataset.urgent;
      const [fillWas, fillNow] = [was.querySelector(".pr-clock-fill"), now.querySelector(".pr-clock-fill")];
      if (fillWas && fillNow) fillNow.style.width = fillWas.style.width;
    }
    if (old.isEqualNode(fresh)) return;
    if (old.classList.contains("pr-top") && fresh.classList.contains("pr-top")) patch(old, fresh);
    else old.replaceWith(fresh);
  });
}

// Whose move the table may know (the public step's seats; none in a secret step or a window): the platform's seat
// strip marks them as the ring does.
export function actingSeats(message) {
  const view = message.view;
  if (!view || view.window) return [];
  return stepStatus(view, namer(namesFrom(message), view.you ?? null)).seats;
}

// "Your turn" (the banner and the alert sound) means play is waiting on you: your vote, your nomination, your turn
// as Commander... Not a response window, open to every living player alike, and never a Spy's standing offer to
// assassinate, or a sound heard across the room would point at the Spy.
export function isYourTurn(message) {
  if (message.view?.window) return false;
  return (message.legal ?? []).some((action) => action.type !== "assassinate");
}

// This renderer draws message.deadline itself (the clock in the action panel), so the page's header countdown stays
// hidden: one timer per window.
export function drawsOwnTimer(message) {
  return Boolean(message.view) && message.status !== "finished";
}
