// Raiding Parties: the controls bar, under the panel beside the table on a laptop and stuck to the bottom of the
// screen on a phone, where the thumb is (your cards sit at the bottom of the table, so the step after tapping one
// must not be up at the top). It holds one step at a time:
// - a prompt of yours: what it asks, its countdown, your answers (and, in a reaction window, auto-pass);
// - on your turn: your hold with its Play buttons, your cards that can act now, End turn;
// - a picked card: what it can do (a group of actions per weapon or ability), then its targets, and Back.
// Every action sent is an entry of message.legal, untouched.
//
// Hooks: section.rp-dock ([data-window-key] while a reaction window of yours is open), [data-ready-card],
// [data-group], .rp-answers, [data-back].

import { h } from "../../dom.js";
import { groupsFor, targetMap } from "./actions.js";
import { cardDetails, pct } from "./cards.js";
import { autoSwitch, holdPanel, mayAutoPass, reactionClock, sendButton } from "./panel.js";
import { promptText, reactionHelp } from "./text.js";

const KEYBOARD_NEXT = ".rp-dock button:not(:disabled)"; // after a keyboard choice, the next step's first control

const keyboard = (event) => event?.detail === 0;

function weaponOf(ctx, id, weaponName) {
  const name = ctx.w.where.get(id)?.card.name;
  return (ctx.catalogue.get(name)?.weapons ?? []).find((w) => w.name === weaponName) ?? null;
}

function chanceSub(weapon) {
  return weapon ? `${pct(weapon.chance)} a flip` : "";
}

function capitalTarget(w, target) {
  const text = w.target(target);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function describe(action) {
  return Object.entries(action).map(([k, v]) => (k === "type" ? v : `${k}: ${v}`)).join(" · ");
}

function step(text) {
  return text ? h("p", { class: "rp-step-text", text }) : null;
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

function hintText(ctx, sorted) {
  const tips = [];
  if (sorted.plays.length && !ctx.view.turn?.regular_play_done) tips.push("play a card from your hold");
  if (sorted.byCard.size) tips.push("tap one of your cards marked ready to attack or use it");
  if (sorted.end) tips.push("end the turn when you are done");
  else if (ctx.view.turn?.regular_play_done || !sorted.plays.length) tips.push("your crew in melee must strike before the turn can end");
  const text = tips.join(", ");
  return text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}.` : "";
}

// Your cards that can act now, as buttons: tapping one here or on the table picks it.
function readyRow(ctx, sorted) {
  const ids = [...sorted.byCard.keys()].filter((id) => ctx.w.where.has(id));
  if (!ids.length) return null;
  return h("div", { class: "rp-ready-row" },
    h("h3", { class: "rp-mini-h", text: "Ready to act" }),
    h("div", { class: "rp-buttons", role: "group", "aria-label": "Your cards that can act" }, ids.map((id) => h("button", {
      type: "button", class: "rp-hold-card rp-actor-btn", dataset: { readyCard: id },
      "aria-pressed": String(ctx.st.sel.card === id), disabled: ctx.st.busy,
      onclick: (event) => ctx.select({ card: id }, keyboard(event) ? KEYBOARD_NEXT : null),
    }, ctx.w.short(id)))));
}

// The picked card: its actions (yours, on your turn), the chosen group's picks or targets, its details, and Back.
function picked(ctx, sorted) {
  const { w, st } = ctx;
  const sel = st.sel;
  if (!sel.card || !w.where.has(sel.card)) return null;
  const { card, seat } = w.where.get(sel.card);
  const cat = ctx.catalogue.get(card.name);
  const groups = groupsFor(sorted.byCard.get(card.id) ?? [], cat, (card.melee ?? []).length > 0);
  const parts = [h("p", { class: "rp-sel-who", text: `${w.Card(card.id)}: ${Math.max(0, card.hp - card.damage)} of ${card.hp} HP left.` })];
  if (groups.length) {
    const group = groups.find((g) => g.key === sel.group);
    parts.push(step(group?.targeted ? "Tap a highlighted target on the table, or pick one here:"
      : group?.picks.length ? "Which card from your locker?" : `What should ${w.card(card.id)} do?`));
    parts.push(h("div", { class: "rp-buttons rp-groups", role: "group", "aria-label": `What ${w.card(card.id)} does` }, groups.map((g) => {
      if (!g.targeted && !g.picks.length && g.actions.length === 1) {
        return sendButton(g.actions[0], g.label, ctx, { cls: "rp-group-btn", sub: g.sub, data: { group: g.key } });
      }
      return h("button", {
        type: "button", class: "rp-btn rp-group-btn", dataset: { group: g.key }, "aria-pressed": String(sel.group === g.key),
        disabled: st.busy,
        onclick: (event) => ctx.select({ card: card.id, group: sel.group === g.key ? null : g.key },
          keyboard(event) ? ".rp-dock .rp-targets button:not(:disabled), .rp-dock .rp-pick:not(:disabled)" : null),
      }, h("span", { class: "rp-btn-label", text: g.label }), g.sub ? h("span", { class: "rp-btn-sub", text: g.sub }) : null);
    })));
    if (group?.picks.length) {
      parts.push(h("div", { class: "rp-buttons" }, group.picks.map((a) => sendButton(a, `Take ${a.pick}`, ctx, { cls: "rp-pick" }))));
    } else if (group?.targeted) {
      const targets = [...targetMap(group.actions).values()];
      parts.push(h("div", { class: "rp-buttons rp-targets" }, targets.map((a) => sendButton(a, capitalTarget(w, a.target), ctx, { cls: "rp-target-btn" }))));
    }
  } else if (seat === w.me && ctx.myTurn) {
    parts.push(h("p", { class: "rp-hint", text: card.used ? "It has acted this turn." : "Nothing it can do right now." }));
  }
  const open = !groups.length; // a card picked only to be read: its details at once
  const details = cardDetails(cat, { heading: "h4" }); // null for a card the catalogue does not know: no empty section
  if (details) parts.push(h("details", { class: "rp-sel-details", open }, h("summary", { text: `About the ${card.name}` }), details));
  parts.push(h("div", { class: "rp-back-row" }, h("button", {
    type: "button", class: "rp-btn rp-quiet", dataset: { back: "" }, disabled: st.busy,
    onclick: (event) => ctx.select({}, keyboard(event) ? KEYBOARD_NEXT : null),
  }, h("span", { class: "rp-btn-label", text: groups.length ? "Back" : "Close" }))));
  return h("div", { class: "rp-selected-panel", dataset: { selected: card.id } }, parts);
}

// Whether your hold (with its Play buttons) is drawn here rather than in the panel: on your turn, no card picked.
export function holdInDock(ctx) {
  return ctx.myTurn && !ctx.myPrompt && !ctx.st.sel.card;
}

export function dock(ctx) {
  const { view, legal, w, prompt, myPrompt, sorted } = ctx;
  const parts = [];
  let windowKey = null;
  if (myPrompt) {
    const reaction = prompt.kind === "reaction";
    parts.push(step(reaction ? reactionHelp(prompt, w) : promptText(prompt, w)));
    if (reaction) {
      windowKey = prompt.key ?? null;
      parts.push(reactionClock(ctx));
    }
    parts.push(promptControls(prompt, legal, ctx));
    if (reaction && mayAutoPass(ctx)) parts.push(autoSwitch(ctx, true));
  } else {
    if (legal.length && sorted.other.length) parts.push(promptControls({ kind: "other" }, sorted.other, ctx));
    const chosen = picked(ctx, sorted);
    if (chosen) parts.push(chosen);
    else if (holdInDock(ctx)) {
      parts.push(step(hintText(ctx, sorted)));
      parts.push(holdPanel(view.seats[w.me], sorted.plays, ctx));
      parts.push(readyRow(ctx, sorted));
    }
    if (sorted.end) parts.push(h("div", { class: "rp-end-row" }, sendButton(sorted.end, "End turn", ctx, { cls: "rp-end" })));
  }
  if (!parts.some(Boolean)) return null;
  const yours = myPrompt || ctx.myTurn;
  return h("section", {
    class: `rp-dock${yours ? " rp-dock-yours" : ""}`,
    "aria-label": yours ? "Your move" : "The card you picked",
    dataset: windowKey ? { windowKey } : {},
  }, parts);
}
