// Raiding Parties: the party builder, then the table (each player's area, no man's land, the flip pile) beside a
// panel with the turn, the prompt and your actions. Every action sent is an entry of message.legal, untouched, or
// (the party) the legal template filled in.
//
// Hooks: the root .rp has data-state (building, hired, your-move, waiting, spectating, over), data-phase, data-seq
// and data-busy. Buttons that send carry data-action (the JSON) and data-kind (its type). Table: see board.js.
// Builder: li.rp-cat[data-card] with [data-plus]/[data-minus], #rp-submit, [data-load]/[data-hire].
// Result: #rp-result with tr[data-reveal-seat].

import { h } from "../dom.js";
import { gameRenderer } from "./kit.js";
import { sortLegal, targetMap, groupsFor } from "./raiding-parties/actions.js";
import { table } from "./raiding-parties/board.js";
import { builder } from "./raiding-parties/builder.js";
import { byName } from "./raiding-parties/cards.js";
import { panel } from "./raiding-parties/panel.js";
import { resultView } from "./raiding-parties/result.js";
import { words } from "./raiding-parties/text.js";

function over(message) {
  return message.status === "finished" || message.view?.phase === "over";
}

function rootState(message) {
  const view = message.view ?? {};
  const legal = message.legal ?? [];
  if (over(message)) return "over";
  if (view.you === null || view.you === undefined) return "spectating";
  if (view.phase === "build") return legal.some((a) => a.type === "party") && !view.build?.you_ready ? "building" : "hired";
  return legal.length ? "your-move" : "waiting";
}

// Per root, besides the kit's: build (the party being put together, builder.js).
export const { render, renderResult } = gameRenderer({
  css: "/static/css/raiding-parties.css",
  prefix: "rp",
  position: (message) => [message.status, message.view, message.legal, message.deadline],
  moved: (st, message) => {
    st.sel = keepSelection(st.sel, message); // a new position: keep only a selection that still means something
  },
  drawKey: (st) => [st.build?.counts, st.build?.error, st.build?.type],
  settled: (st, error) => {
    if (error) st.sel = {};
  },
  draw,
  after: ({ root }) => {
    const search = root.querySelector("#rp-search");
    if (search && document.activeElement === search) search.setSelectionRange(search.value.length, search.value.length);
  },
  result: resultView,
});

// After a move the selected card stays selected if it is still in play (so a card with an extra attack can go
// again), but a chosen action group survives only if its card still offers it.
function keepSelection(sel, message) {
  const view = message.view ?? {};
  if (view.phase !== "play") return {};
  const inPlay = new Set((view.seats ?? []).flatMap((s) => (s.in_play ?? []).map((c) => c.id)));
  if (sel.hold) return (view.seats?.[view.you]?.hold ?? []).includes(sel.hold) ? { hold: sel.hold } : {};
  if (!sel.card || !inPlay.has(sel.card)) return {};
  const offered = (message.legal ?? []).some((a) => a.card === sel.card
    && (!sel.group || `${a.type}:${a.weapon}` === sel.group || a.type === sel.group));
  return offered ? sel : { card: sel.card };
}

function draw({ root, st, message, view, legal, names, me, act, select, redraw, deadlineAt }) {
  const state = rootState(message);
  const catalogue = byName();
  const w = words(view, names);
  if (state === "over") {
    return h("div", { class: "rp rp-over", dataset: { state, phase: "over", seq: String(message.seq ?? ""), busy: "false" } },
      afterTheEnd(view, { w, catalogue }));
  }
  if (view.phase === "build") {
    return h("div", { class: "rp rp-building", dataset: { state, phase: "build", seq: String(message.seq ?? ""), busy: String(st.busy) } },
      builder({ view, legal, st, act, redraw, names, me, catalogue }));
  }
  return playing(message, st, { root, view, legal, me, state, w, catalogue, act, select, deadlineAt });
}

function playing(message, st, base) {
  const { view, legal, me, w, deadlineAt } = base;
  const prompt = view.prompt ?? null;
  const myPrompt = Boolean(prompt && me !== null && prompt.seat === me);
  const myTurn = !prompt && me !== null && view.turn?.seat === me && legal.length > 0;
  const sorted = sortLegal(legal);
  // What lights up on the table: a prompt's shots, or the chosen group of the selected card.
  let targets = new Map();
  if (myPrompt) targets = targetMap(legal.filter((a) => a.type === "shot" || a.type === "grenades"));
  else if (st.sel.card && st.sel.group) {
    const found = w.where.get(st.sel.card);
    const groups = groupsFor(sorted.byCard.get(st.sel.card) ?? [], base.catalogue.get(found?.card.name), (found?.card.melee ?? []).length > 0);
    const group = groups.find((g) => g.key === st.sel.group);
    if (group?.targeted) targets = targetMap(group.actions);
  }
  const ctx = {
    ...base, st, prompt, myPrompt, myTurn, deadlineAt, over: false,
    targets, actors: new Set(myPrompt ? [] : sorted.byCard.keys()),
    turnSeat: view.turn?.seat ?? null, selected: st.sel.card ?? null, busy: st.busy,
    // A second tap keeps it selected and drops a half-chosen action. On a narrow screen the panel is above the
    // table: bring what the card can do into view.
    onCard: (id) => {
      base.select({ card: id });
      const chosen = base.root.querySelector(".rp-selected-panel");
      const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      if (chosen && chosen.getBoundingClientRect().top < 0) chosen.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
    },
    onTarget: (action) => base.act(action),
  };
  return h("div", { class: "rp", dataset: { state: base.state, phase: "play", seq: String(message.seq ?? ""), busy: String(st.busy) } },
    h("div", { class: "rp-playing" }, panel(ctx), table(view, ctx)));
}

// Under the result (which reveals every party, hold and locker): only the table as it ended.
function afterTheEnd(view, base) {
  const ctx = {
    ...base, targets: new Map(), actors: new Set(), turnSeat: null, selected: null, busy: false,
    onCard: () => {}, onTarget: () => {},
  };
  return h("section", { class: "rp-final", "aria-label": "The table at the end" },
    h("h2", { class: "rp-mini-h", text: "The table at the end" }),
    table(view, ctx));
}

// Whose move is public: the player whose turn it is, and the seat a prompt waits on (every prompt, a reaction's
// included, is shown alike to every viewer). While parties are built nobody is marked: who is ready is secret.
export function actingSeats(message) {
  const view = message?.view;
  if (!view || over(message) || view.phase !== "play") return [];
  const seats = [];
  if (view.turn) seats.push(view.turn.seat);
  if (view.prompt && !seats.includes(view.prompt.seat)) seats.push(view.prompt.seat);
  return seats;
}

// "Your turn" (the banner and the alert): something is legal for you, but never a reaction window. Whether you can
// react (a Navigator or a Jolly Roger in your hold) is hidden, and in fixed mode your legal list is empty or not
// depending on exactly that; a chime heard across the room would tell. Such windows also open at nearly every hit,
// so they are shown in the panel with their countdown instead.
export function isYourTurn(message) {
  if (over(message)) return false;
  if (message.view?.prompt?.kind === "reaction") return false;
  if (message.view?.phase === "build") return Boolean(message.view?.build && message.view.build.you_ready === false);
  return (message.legal ?? []).length > 0;
}

// A reaction window's deadline is drawn in the panel, the same for every viewer; the header countdown stays for the
// turn timer.
export function drawsOwnTimer(message) {
  return !over(message) && message.view?.prompt?.kind === "reaction";
}
