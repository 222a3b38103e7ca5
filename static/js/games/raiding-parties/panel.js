// Raiding Parties: the panel beside the table (above it on a phone), what is going on: whose turn, the attack and hit
// under way, the prompt (the same sentence for every viewer), a reaction's countdown and your hold while it is not
// your move. What you can do now is in the controls bar under it (dock.js), which on a phone sticks to the bottom of
// the screen, at the thumb; the auto-pass switch is under both (prefs), or in the bar during a window of yours.
//
// Shared with dock.js: sendButton (buttons that send carry data-action, the JSON sent, an entry of message.legal,
// and data-kind), holdPanel, reactionClock and autoSwitch.

import { h } from "../../dom.js";
import { AUTO_PASS_MS, autoPassOn, autoStatus, setAutoPass, stopAutoPass } from "./auto.js";
import { cardDetails } from "./cards.js";
import { attackText, hitText, promptText } from "./text.js";

export function sendButton(action, label, ctx, { cls = "", sub = "", aria = null, data = {} } = {}) {
  return h("button", {
    type: "button",
    class: `rp-btn ${cls}`.trim(),
    dataset: { ...data, action: JSON.stringify(action), kind: action.type },
    disabled: ctx.st.busy,
    "aria-label": aria,
    onclick: () => ctx.act(action),
  }, h("span", { class: "rp-btn-label", text: label }), sub ? h("span", { class: "rp-btn-sub", text: sub }) : null);
}

// One entry per name (a hold lists repeats): a Play button when that name may be played now, else a button that
// shows the card's details (under the list).
export function holdPanel(seat, plays, ctx) {
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
  const shown = ctx.st.sel.hold && counts.has(ctx.st.sel.hold) ? ctx.catalogue.get(ctx.st.sel.hold) : null;
  return h("div", { class: "rp-your-hold" },
    h("h3", { class: "rp-mini-h", text: `Your hold (${hold.length})` }),
    hold.length ? h("ul", { class: "rp-hold-list" }, items) : h("p", { class: "rp-empty", text: "Empty." }),
    shown ? h("div", { class: "rp-hold-details" }, cardDetails(shown, { heading: "h4" })) : null);
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

// The personal auto-pass switch (see auto.js for why using it tells nobody anything). In a window of yours it also
// says what it is doing, with Wait to keep the window open.
export function autoSwitch(ctx, inWindow) {
  const on = autoPassOn();
  const status = inWindow ? autoStatus(ctx.st.auto, ctx.st.message) : on ? "on" : "off";
  const seconds = AUTO_PASS_MS / 1000;
  const note = {
    off: `Passes your reaction windows after ${seconds} s, whatever you hold.`,
    on: `Your reaction windows pass after ${seconds} s, unless you tap something in the game first.`,
    waiting: `Passing in ${seconds} s from the window's opening. To play a card, do it now, or tap Wait.`,
    stopped: "Not passing this window: answer it yourself, or let it run out.",
    sent: "Passed for you.",
  }[status];
  const wait = status === "waiting" ? h("button", {
    type: "button", class: "rp-btn rp-quiet rp-wait", dataset: { autoWait: "" }, disabled: ctx.st.busy,
    onclick: () => {
      if (stopAutoPass(ctx.st.auto, ctx.st.message)) ctx.redraw();
    },
  }, h("span", { class: "rp-btn-label", text: "Wait" })) : null;
  return h("div", { class: "rp-auto", dataset: { auto: status } },
    h("div", { class: "rp-auto-row" },
      h("label", { class: "rp-check" },
        h("input", { type: "checkbox", id: "rp-auto-pass", checked: on,
          onchange: (event) => { setAutoPass(event.currentTarget.checked); ctx.redraw(); } }),
        " Auto-pass reactions"),
      wait),
    h("p", { class: "rp-hint", text: note }));
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
  const has = turn.seat === w.me ? "you have" : `${w.name(turn.seat)} has`;
  if (turn.regular_play_done) bits.push(`${has} played a card from the hold`);
  else if (holdSize > 0) bits.push(`${has} not played a card from the hold yet`);
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

// Whether the seat may use auto-pass here: a live table (not a replay, and not a turn-based table, where the page's
// "Pass reaction windows for me" keeps the answer on the server), seated, still in, and windows that can be passed
// (quick mode).
export function mayAutoPass(ctx) {
  const { view, w } = ctx;
  return ctx.live && w.me !== null && !view.seats?.[w.me]?.out && view.options?.reaction_mode !== "fixed"
    && ctx.st.message?.table?.pace !== "turn-based";
}

// The auto-pass switch on its own, while no window of yours shows it in the controls bar.
export function prefs(ctx) {
  if (!mayAutoPass(ctx) || (ctx.myPrompt && ctx.prompt.kind === "reaction")) return null;
  return h("section", { class: "rp-prefs", "aria-label": "Your settings" }, autoSwitch(ctx, false));
}

export function panel(ctx) {
  const { view, w, prompt, myPrompt } = ctx;
  const parts = [
    h("h2", { class: "rp-headline", id: "rp-prompt", text: headline(ctx) }),
    turnLine(ctx),
    underWay(ctx),
    myPrompt ? null : reactionClock(ctx), // yours is drawn with your answers
  ];
  if (w.me !== null && !ctx.holdInDock) parts.push(holdPanel(view.seats[w.me], [], ctx));
  return h("section", { class: "rp-act rp-panel", dataset: { state: ctx.state, prompt: prompt?.kind ?? "" }, "aria-labelledby": "rp-prompt" }, parts);
}
