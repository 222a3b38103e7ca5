// Raiding Parties: the panel beside the table. Whose turn, the attack and hit under way, the prompt (the same
// sentence for every viewer), a reaction's countdown, your hold, the selected card with its actions and targets,
// and End turn. Buttons that send carry data-action (the JSON sent, an entry of message.legal) and data-kind.

import { h } from "../../dom.js";
import { groupsFor, sortLegal, targetMap } from "./actions.js";
import { cardDetails, pct } from "./cards.js";
import { attackText, hitText, promptText, reactionHelp } from "./text.js";

export function sendButton(action, label, ctx, { cls = "", sub = "", aria = null } = {}) {
  return h("button", {
    type: "button",
    class: `rp-btn ${cls}`.trim(),
    dataset: { action: JSON.stringify(action), kind: action.type },
    disabled: ctx.st.busy,
    "aria-label": aria,
    onclick: () => ctx.act(action),
  }, h("span", { class: "rp-btn-label", text: label }), sub ? h("span", { class: "rp-btn-sub", text: sub }) : null);
}

function weaponOf(ctx, id, weaponName) {
  const name = ctx.w.where.get(id)?.card.name;
  return (ctx.catalogue.get(name)?.weapons ?? []).find((w) => w.name === weaponName) ?? null;
}

function chanceSub(weapon) {
  return weapon ? `${pct(weapon.chance)} a flip` : "";
}

// Your answers to the prompt: one builder per kind, each from the legal list only.
function promptControls(prompt, legal, ctx) {
  const { w } = ctx;
  const parts = [];
  const other = legal.filter((a) => !["shot", "grenades", "stop", "decline", "pass"].includes(a.type));
  const aimed = legal.filter((a) => a.type === "shot" || a.type === "grenades");
  const quit = legal.filter((a) => ["stop", "decline", "pass"].includes(a.type));
  if (aimed.length) {
    parts.push(h("p", { class: "rp-hint", text: "Tap a highlighted target on the table, or pick one here:" }));
    parts.push(h("div", { class: "rp-buttons rp-targets" }, aimed.map((a) => sendButton(a, capitalTarget(w, a.target), ctx, {
      cls: "rp-target-btn", sub: prompt.kind === "grenades" ? "first target" : "",
    }))));
  }
  for (const a of other) {
    if (a.type === "stand") parts.push(sendButton(a, `Stand and Shoot with ${a.weapon}`, ctx, { cls: "rp-go", sub: chanceSub(weaponOf(ctx, prompt.card, a.weapon)) }));
    else if (a.type === "retaliate") parts.push(sendButton(a, `Retaliate with ${a.weapon}`, ctx, { cls: "rp-go", sub: chanceSub(weaponOf(ctx, prompt.card, a.weapon)) }));
    else if (a.type === "cannoneer") parts.push(sendButton(a, prompt.form === "b" ? "Fire the Cannon back" : "Strike once more", ctx, { cls: "rp-go" }));
    else if (a.type === "search") parts.push(sendButton(a, `Take ${a.card}`, ctx, { cls: "rp-pick" }));
    else if (a.type === "navigator") parts.push(sendButton(a, "Reveal your Navigator", ctx, { cls: "rp-go", sub: "flip to cancel the hit" }));
    else if (a.type === "jolly_roger") parts.push(sendButton(a, "Play your Jolly Roger", ctx, { cls: "rp-go", sub: "flip to cancel the hit" }));
    else parts.push(sendButton(a, describe(a), ctx));
  }
  for (const a of quit) {
    const label = { stop: "Stop here", decline: "Decline", pass: "Pass" }[a.type];
    parts.push(sendButton(a, label, ctx, { cls: "rp-quiet" }));
  }
  if (!legal.length && prompt.kind === "reaction") {
    parts.push(h("p", { class: "rp-hint", text: "Nothing in your hold answers this; the window closes by itself." }));
  }
  return h("div", { class: "rp-buttons rp-answers", role: "group", "aria-label": "Your answer" }, parts);
}

function capitalTarget(w, target) {
  const text = w.target(target);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function describe(action) {
  return Object.entries(action).map(([k, v]) => (k === "type" ? v : `${k}: ${v}`)).join(" · ");
}

// One entry per name (a hold lists repeats): a Play button when that name may be played now, else a button that
// shows the card's details.
function holdPanel(seat, plays, ctx) {
  const hold = seat?.hold ?? [];
  const playable = new Map(plays.map((a) => [a.card, a]));
  const counts = new Map();
  for (const name of hold) counts.set(name, (counts.get(name) ?? 0) + 1);
  const items = [...counts].map(([name, n]) => {
    const action = playable.get(name);
    const times = n > 1 ? ` ×${n}` : "";
    if (action) {
      const card = ctx.catalogue.get(name);
      const sub = [times.trim(), card ? `${card.gold} gold · ${card.hp === null ? "one use" : `${card.hp} HP`}` : ""].filter(Boolean).join(" · ");
      return h("li", {}, sendButton(action, `Play ${name}`, ctx, { cls: "rp-play", sub }));
    }
    return h("li", {}, h("button", {
      type: "button", class: "rp-hold-card", dataset: { holdCard: name, count: String(n) },
      "aria-pressed": String(ctx.st.sel.hold === name), onclick: () => ctx.select({ hold: ctx.st.sel.hold === name ? null : name }),
    }, `${name}${times}`));
  });
  return h("div", { class: "rp-your-hold" },
    h("h3", { class: "rp-mini-h", text: `Your hold (${hold.length})` }),
    hold.length ? h("ul", { class: "rp-hold-list" }, items) : h("p", { class: "rp-empty", text: "Empty." }));
}

function selectedPanel(ctx, sorted) {
  const { w, st } = ctx;
  const sel = st.sel;
  if (sel.hold) {
    return h("div", { class: "rp-selected-panel" }, cardDetails(ctx.catalogue.get(sel.hold), { heading: "h3" }));
  }
  if (!sel.card || !w.where.has(sel.card)) return null;
  const { card, seat } = w.where.get(sel.card);
  const cat = ctx.catalogue.get(card.name);
  const actions = sorted.byCard.get(card.id) ?? [];
  const groups = groupsFor(actions, cat, (card.melee ?? []).length > 0);
  const parts = [h("p", { class: "rp-sel-who", text: `${w.Card(card.id)}: ${Math.max(0, card.hp - card.damage)} of ${card.hp} HP left.` })];
  if (groups.length) {
    parts.push(h("div", { class: "rp-buttons rp-groups", role: "group", "aria-label": `What ${w.card(card.id)} does` }, groups.map((g) => {
      if (!g.targeted && !g.picks.length && g.actions.length === 1) return sendButton(g.actions[0], g.label, ctx, { cls: "rp-group-btn", sub: g.sub });
      return h("button", {
        type: "button", class: "rp-btn rp-group-btn", dataset: { group: g.key }, "aria-pressed": String(sel.group === g.key),
        disabled: st.busy, onclick: () => ctx.select({ card: card.id, group: sel.group === g.key ? null : g.key }),
      }, h("span", { class: "rp-btn-label", text: g.label }), g.sub ? h("span", { class: "rp-btn-sub", text: g.sub }) : null);
    })));
    const group = groups.find((g) => g.key === sel.group);
    if (group?.picks.length) {
      parts.push(h("p", { class: "rp-hint", text: "Which card from your locker?" }));
      parts.push(h("div", { class: "rp-buttons" }, group.picks.map((a) => sendButton(a, `Take ${a.pick}`, ctx, { cls: "rp-pick" }))));
    } else if (group?.targeted) {
      const targets = [...targetMap(group.actions).values()];
      parts.push(h("p", { class: "rp-hint", text: "Tap a highlighted target on the table, or pick one here:" }));
      parts.push(h("div", { class: "rp-buttons rp-targets" }, targets.map((a) => sendButton(a, capitalTarget(w, a.target), ctx, { cls: "rp-target-btn" }))));
    }
  } else if (seat === w.me && ctx.myTurn) {
    parts.push(h("p", { class: "rp-hint", text: card.used ? "It has acted this turn." : "Nothing it can do right now." }));
  }
  parts.push(h("details", { class: "rp-sel-details" }, h("summary", { text: `About the ${card.name}` }), cardDetails(cat, { heading: "h4" })));
  return h("div", { class: "rp-selected-panel", dataset: { selected: card.id } }, parts);
}

function headline(ctx) {
  const { view, w, prompt, myPrompt, myTurn } = ctx;
  if (ctx.over) return "The game is over.";
  if (myPrompt) return prompt.kind === "reaction" ? "You may react" : "Your answer";
  if (prompt) return promptText(prompt, w);
  const turn = view.turn;
  if (!turn) return "Setting up…";
  if (myTurn) return "Your turn";
  if (w.me !== null && view.seats[w.me]?.out) return `You are out. ${w.name(turn.seat)} to play.`;
  return `${w.name(turn.seat)} to play`;
}

function turnLine(ctx) {
  const { view, w } = ctx;
  const turn = view.turn;
  if (!turn) return null;
  const bits = [`Turn ${turn.number}`];
  const holdSize = view.seats[turn.seat]?.hold_size ?? 0;
  if (turn.regular_play_done) bits.push(`${w.whose(turn.seat)} card for the turn is played`);
  else if (holdSize > 0) bits.push(`${turn.seat === w.me ? "you still owe" : `${w.name(turn.seat)} still owes`} the card for the turn`);
  if (view.idle_turns > 0) bits.push(`quiet turns ${view.idle_turns} of ${view.idle_limit} (a draw at ${view.idle_limit})`);
  return h("p", { class: "rp-turn-line", dataset: { regularPlayDone: String(turn.regular_play_done) }, text: `${bits.join(" · ")}.` });
}

function underWay(ctx) {
  const { view, w } = ctx;
  const lines = (view.resolving ?? []).map((a) => h("li", { class: "rp-attack-line", text: attackText(a, w) }));
  if (view.hit) lines.push(h("li", { class: "rp-hit-line", text: hitText(view.hit, w) }));
  if (!lines.length) return null;
  return h("ul", { class: "rp-underway", "aria-label": "Under way" }, lines);
}

export function reactionClock(ctx) {
  const { prompt, deadlineAt } = ctx;
  if (!prompt || prompt.kind !== "reaction" || !deadlineAt) return null;
  const total = (prompt.seconds ?? 5) * 1000;
  return h("div", { class: "rp-clock", dataset: { deadline: String(deadlineAt), total: String(total) } },
    h("span", { class: "rp-clock-label", text: "Closes in" }),
    h("span", { class: "rp-clock-time", role: "timer", "aria-live": "off" }),
    h("span", { class: "rp-clock-bar", "aria-hidden": "true" }, h("span", { class: "rp-clock-fill" })));
}

function hintLine(ctx, sorted) {
  if (!ctx.myTurn || ctx.prompt) return null;
  const tips = [];
  if (sorted.plays.length && !ctx.view.turn?.regular_play_done) tips.push("play a card from your hold");
  if (sorted.byCard.size) tips.push("tap one of your cards marked ready to attack or use it");
  if (sorted.end) tips.push("end the turn when you are done");
  else if (ctx.view.turn?.regular_play_done || !sorted.plays.length) tips.push("your crew in melee must strike before the turn can end");
  if (!tips.length) return null;
  const text = tips.join(", ");
  return h("p", { class: "rp-hint", text: `${text.charAt(0).toUpperCase()}${text.slice(1)}.` });
}

// Your cards that can act now, also as buttons here: on a phone the table is below the panel, and the whole move
// (card, action, target) can then be made without scrolling.
function readyRow(ctx, sorted) {
  const ids = [...sorted.byCard.keys()].filter((id) => ctx.w.where.has(id));
  if (!ids.length) return null;
  return h("div", { class: "rp-ready-row" },
    h("h3", { class: "rp-mini-h", text: "Ready to act" }),
    h("div", { class: "rp-buttons", role: "group", "aria-label": "Your cards that can act" }, ids.map((id) => h("button", {
      type: "button", class: "rp-hold-card rp-actor-btn", dataset: { readyCard: id },
      "aria-pressed": String(ctx.st.sel.card === id), disabled: ctx.st.busy,
      onclick: () => ctx.select({ card: id }),
    }, ctx.w.short(id)))));
}

export function panel(ctx) {
  const { view, legal, w, prompt, myPrompt } = ctx;
  const sorted = sortLegal(legal);
  const parts = [
    h("h2", { class: "rp-headline", id: "rp-prompt", text: headline(ctx) }),
    myPrompt ? h("p", { class: "rp-prompt-text", text: prompt.kind === "reaction" ? reactionHelp(prompt, w) : promptText(prompt, w) }) : null,
    turnLine(ctx),
    underWay(ctx),
    reactionClock(ctx),
  ];
  if (myPrompt) parts.push(promptControls(prompt, legal, ctx));
  else if (legal.length && sorted.other.length) parts.push(promptControls(prompt ?? { kind: "other" }, sorted.other, ctx));
  parts.push(hintLine(ctx, sorted));
  if (w.me !== null) parts.push(holdPanel(view.seats[w.me], myPrompt ? [] : sorted.plays, ctx));
  if (!myPrompt) parts.push(readyRow(ctx, sorted));
  parts.push(selectedPanel(ctx, sorted));
  if (sorted.end && !myPrompt) {
    parts.push(h("div", { class: "rp-end-row" }, sendButton(sorted.end, "End turn", ctx, { cls: "rp-end" })));
  }
  return h("section", { class: "rp-act rp-panel", dataset: { state: ctx.state, prompt: prompt?.kind ?? "" }, "aria-labelledby": "rp-prompt" }, parts);
}
