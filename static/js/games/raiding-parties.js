// Raiding Parties: the party builder, then the table (each player's area, no man's land, the flip pile) beside a
// panel with the turn and the prompt, and under it the controls bar with what you can do now (on a phone the panel
// is above the table and the bar sticks to the bottom of the screen). Every action sent is an entry of message.legal,
// untouched, or (the party) the legal template filled in.
//
// Hooks: the root .rp has data-state (building, hired, your-move, waiting, spectating, over), data-phase, data-seq
// and data-busy. Buttons that send carry data-action (the JSON) and data-kind (its type). Panel: .rp-act
// (data-prompt: the open prompt's kind), the controls bar: see dock.js. Table: see board.js.
// Builder: li.rp-cat[data-card] with [data-plus]/[data-minus], #rp-submit, [data-load]/[data-hire].
// Result: #rp-result with tr[data-reveal-seat].

import { h } from "../dom.js";
import { gameRenderer } from "./kit.js";
import { sortLegal, targetMap, groupsFor } from "./raiding-parties/actions.js";
import { autoPassOn, autoStatus, newMemory, scheduleAutoPass, stopAutoPass } from "./raiding-parties/auto.js";
import { table } from "./raiding-parties/board.js";
import { builder } from "./raiding-parties/builder.js";
import { byName } from "./raiding-parties/cards.js";
import { dock, holdInDock } from "./raiding-parties/dock.js";
import { clearDraft, draftKey } from "./raiding-parties/draft.js";
import { panel, prefs } from "./raiding-parties/panel.js";
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

// Per root, besides the kit's: build (the party being put together, builder.js), auto (auto-pass, auto.js), aimed
// (the targets last brought into view).
export const { render, renderResult } = gameRenderer({
  css: "/static/css/raiding-parties.css",
  prefix: "rp",
  focus: [".rp-dock button:not(:disabled)", "#rp-prompt"],
  state: () => ({ auto: newMemory(), aimed: "" }),
  position: (message) => [message.status, message.view, message.legal, message.deadline],
  moved: (st, message) => {
    st.sel = keepSelection(st.sel, message); // a new position: keep only a selection that still means something
  },
  drawKey: (st, message) => [st.build?.counts, st.build?.error, st.build?.type, autoPassOn(), autoStatus(st.auto, message)],
  settled: (st, error) => {
    if (error) st.sel = {};
  },
  draw,
  after: ({ root, st, message, act, redraw }) => {
    const search = root.querySelector("#rp-search");
    if (search && document.activeElement === search) search.setSelectionRange(search.value.length, search.value.length);
    if (message.type !== "replay") { // a replay shows the past: nothing to pass
      scheduleAutoPass(st.auto, message, { send: act, isBusy: () => st.busy, deadlineAt: () => st.deadlineAt });
      watchTaps(root, st, redraw);
    }
    revealTargets(root, st);
  },
  result: resultView,
});

// A tap anywhere in the game while auto-pass waits on a window of yours keeps that window open (the switch itself
// excepted: turning it on or off is not an answer).
function watchTaps(root, st, redraw) {
  st.redrawNow = redraw;
  if (st.watchingTaps) return;
  st.watchingTaps = true;
  root.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest(".rp-auto")) return;
    if (stopAutoPass(st.auto, st.message)) setTimeout(() => st.redrawNow(), 0); // after the tap's own handler
  }, true);
}

// Once a step needs a target, bring the highlighted targets on the table into view, above the controls bar when
// the bar sticks to the bottom of the screen (a phone), so the target is tapped without scrolling.
function revealTargets(root, st) {
  const targets = [...root.querySelectorAll(".rp-table [data-target]")];
  const aimed = targets.map((el) => el.dataset.target).join(" ");
  if (aimed === st.aimed) return;
  st.aimed = aimed;
  if (!targets.length) return;
  const bar = root.querySelector(".rp-dock");
  const stuck = bar !== null && getComputedStyle(bar).position === "sticky";
  const floor = window.innerHeight - (stuck ? bar.offsetHeight : 0);
  const gap = 8;
  const boxes = targets.map((el) => el.getBoundingClientRect());
  const top = Math.min(...boxes.map((b) => b.top));
  const bottom = Math.max(...boxes.map((b) => b.bottom));
  if (top >= gap && bottom <= floor - gap) return;
  // The least movement that shows them all; if they cannot all fit, the first ones from the top.
  let delta = top < gap ? top - gap : bottom - (floor - gap);
  if (bottom - top > floor - 2 * gap) delta = top - gap;
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollBy({ top: delta, behavior: still ? "auto" : "smooth" });
}

// After a move the selected card stays selected if it still offers something (so a card with an extra attack can go
// again; a chosen action group survives only if its card still offers it); someone else's card stays selected for
// its details; your card with nothing left to do is let go, so the bar shows the turn again.
function keepSelection(sel, message) {
  const view = message.view ?? {};
  if (view.phase !== "play") return {};
  const inPlay = new Set((view.seats ?? []).flatMap((s) => (s.in_play ?? []).map((c) => c.id)));
  if (sel.hold) return (view.seats?.[view.you]?.hold ?? []).includes(sel.hold) ? { hold: sel.hold } : {};
  if (!sel.card || !inPlay.has(sel.card)) return {};
  const legal = message.legal ?? [];
  const offers = legal.filter((a) => a.card === sel.card);
  if (offers.some((a) => !sel.group || `${a.type}:${a.weapon}` === sel.group || a.type === sel.group)) return sel;
  if (offers.length) return { card: sel.card };
  const mine = (view.seats?.[view.you]?.in_play ?? []).some((c) => c.id === sel.card);
  return mine ? {} : { card: sel.card };
}

function draw({ root, st, message, view, legal, names, me, act, select, redraw, deadlineAt }) {
  const state = rootState(message);
  const catalogue = byName();
  const w = words(view, names);
  const draft = draftKey(message);
  if (draft && draft !== st.draftCleared && (view.phase !== "build" || view.build?.you_ready)) {
    clearDraft(draft); // hired (or hired for you at the timeout): nothing to keep
    st.draftCleared = draft;
  }
  if (state === "over") {
    return h("div", { class: "rp rp-over", dataset: { state, phase: "over", seq: String(message.seq ?? ""), busy: "false" } },
      afterTheEnd(view, { w, catalogue }));
  }
  if (view.phase === "build") {
    return h("div", { class: "rp rp-building", dataset: { state, phase: "build", seq: String(message.seq ?? ""), busy: String(st.busy) } },
      builder({ view, legal, st, act, redraw, names, me, catalogue, draft }));
  }
  return playing(message, st, { root, view, legal, me, state, w, catalogue, act, select, redraw, deadlineAt });
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
    ...base, st, prompt, myPrompt, myTurn, deadlineAt, over: false, sorted, live: message.type !== "replay",
    targets, actors: new Set(myPrompt ? [] : sorted.byCard.keys()),
    turnSeat: view.turn?.seat ?? null, selected: st.sel.card ?? null, busy: st.busy,
    // A second tap keeps it selected and drops a half-chosen action; its actions are in the controls bar.
    onCard: (id, event) => base.select({ card: id }, event?.detail === 0 ? ".rp-dock button:not(:disabled)" : null),
    onTarget: (action) => base.act(action),
  };
  ctx.holdInDock = holdInDock(ctx);
  return h("div", { class: "rp", dataset: { state: base.state, phase: "play", seq: String(message.seq ?? ""), busy: String(st.busy) } },
    h("div", { class: "rp-playing" }, h("div", { class: "rp-side" }, panel(ctx), dock(ctx), prefs(ctx)), table(view, ctx)));
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

// The stage the page brings into view when it changes (table/scene.js): the builder, your party hired (the
// builder's long catalogue gives way to a short note), and the table once play begins.
export function scene(message) {
  const view = message?.view;
  if (!view) return "";
  if (over(message)) return "over";
  if (view.phase !== "build") return "play";
  return rootState(message) === "building" ? "build" : "hired";
}

// A reaction window's deadline is drawn in the panel, the same for every viewer; the header countdown stays for the
// turn timer.
export function drawsOwnTimer(message) {
  return !over(message) && message.view?.prompt?.kind === "reaction";
}
