// Red Scare Redux: the action panel (whose turn, what to do, the flows that build a multi-card action, steps and
// response windows with their countdown) and your hand beside the table (turn order and scores, decks and discard,
// one area per team with its partial and completed Objectives). Every action sent is an entry of message.legal,
// unchanged. The platform draws the log and the team chat.
//
// Hooks: the root .rs has data-state (your-move, window, waiting, spectating, over), data-seq and data-busy.
// Buttons that send carry data-action (the JSON) and data-kind (its type); flow entries [data-flow], their answers
// [data-choice], redraw ticks [data-pick], the flow's #rs-confirm; the table's .rs-partial[data-partial] and
// .rs-team[data-team]. Result: #rs-result with li[data-reveal-seat] and tr[data-team].

import { h } from "../dom.js";
import { gameRenderer } from "./kit.js";
import { decksPanel, handList, teamArea, turnStrip } from "./red-scare-redux/board.js";
import { actionPanel, involves } from "./red-scare-redux/controls.js";
import { resultView } from "./red-scare-redux/result.js";

function over(message) {
  return message.status === "finished";
}

function rootState(message) {
  const view = message.view ?? {};
  if (over(message)) return "over";
  if (view.you === null || view.you === undefined) return "spectating";
  if (view.window) return "window";
  return (message.legal ?? []).length ? "your-move" : "waiting";
}

export const { render, renderResult } = gameRenderer({
  css: "/static/css/red-scare-redux.css",
  prefix: "rs",
  // A half-built action survives a new message only while the same turn, step and window go on.
  position: ({ view }) => [view?.turn_index, view?.turn, view?.step?.kind, view?.step?.seat, view?.step?.partial,
    view?.window?.key ?? null],
  settled: (st) => {
    st.sel = {};
  },
  draw,
  result: resultView,
});

function draw(kit) {
  const { root, message, view, legal, names, st, act } = kit;
  const state = rootState(message);
  const select = (sel) => kit.select(sel, true);
  const deadlineAt = view.window ? kit.deadlineAt : null;
  const ctx = { view, legal, names, st, act, select, deadlineAt };
  const me = view.you ?? null;
  const myHand = me !== null ? view.hands?.[me] ?? [] : null;
  const teams = (view.teams ?? []).map((_, team) => team);
  // Your team first.
  if (view.your_team !== null && view.your_team !== undefined) teams.sort((a, b) => (a === view.your_team ? -1 : b === view.your_team ? 1 : a - b));
  const table = over(message) ? { ...view, turn: null, turn_index: -1 } : view; // nobody is "to play" any more
  return h("div", { class: "rs", dataset: { state, seq: String(message.seq ?? ""), busy: String(st.busy) } },
    h("div", { class: "rs-side" },
      over(message) ? null : actionPanel(ctx),
      myHand ? h("section", { class: "rs-panel rs-your-hand", "aria-labelledby": "rs-hand-h" },
        h("h2", { id: "rs-hand-h", class: "rs-mini-h", text: `Your hand (${myHand.length} of ${view.hand_limits?.[me] ?? "?"})` }),
        handList(myHand, "Your hand", handPick(view, legal, st, (sel) => {
          select(sel);
          // On a phone the panel sits above the hand: bring what the card can do into view.
          const panel = root.querySelector(".rs-act");
          const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
          if (panel && panel.getBoundingClientRect().top < 0) panel.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
        }))) : null),
    h("div", { class: "rs-tables" },
      h("div", { class: "rs-info" }, turnStrip(table, names), decksPanel(table)),
      teams.map((team) => teamArea(team, table, names))));
}

// On your turn (no step, no window) a card of your hand that some legal action uses can be tapped to start there.
function handPick(view, legal, st, select) {
  if (view.window || view.step || view.turn !== view.you || !legal.length) return null;
  return {
    can: (name) => legal.some((a) => involves(a, name)),
    on: (name) => select(st.sel.card === name && !st.sel.flow ? {} : { card: name }),
    selected: st.sel.card ?? null,
    busy: st.busy,
  };
}

// Whose move is public: the eligible opponents while a window is open, the seat a step waits on, else the turn.
export function actingSeats(message) {
  const view = message?.view;
  if (!view || over(message)) return [];
  if (view.window) return [...(view.window.eligible ?? [])];
  if (view.step) return [view.step.seat];
  return view.turn === null || view.turn === undefined ? [] : [view.turn];
}

// "Your turn": a main action or a step of yours, never a response window (whether you hold Counterintelligence or
// Tip-Off must not show in a chime; in fixed mode the legal list itself would tell).
export function isYourTurn(message) {
  if (over(message) || message.view?.window) return false;
  return (message.legal ?? []).length > 0;
}

// A window's countdown is drawn in the panel; the header keeps the turn timer otherwise.
export function drawsOwnTimer(message) {
  return !over(message) && Boolean(message.view?.window);
}
