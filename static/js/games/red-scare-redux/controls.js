// Red Scare Redux: the action panel. Every button that sends carries data-action (an entry of message.legal, sent
// unchanged) and data-kind. Multi-card actions are built by narrowing the legal list one question at a time
// (Objective, then helping card or pair, then class...), then a confirm button sends the one entry left.

import { h } from "../../dom.js";
import { CLASS_NAMES, cardHelp, deckName, missingText, partialName, placedText, seatName } from "./cards.js";
import { actionText, stepText, windowText } from "./text.js";

const PAIR = "\u0000pair"; // the answer "two Agents as one", never a card name

export function sendButton(action, label, ctx, { cls = "", sub = "", id = null } = {}) {
  return h("button", {
    type: "button", id, class: `rs-btn ${cls}`.trim(), disabled: ctx.st.busy,
    dataset: { action: JSON.stringify(action), kind: action.type },
    onclick: () => ctx.act(action),
  }, h("span", { class: "rs-btn-label", text: label }), sub ? h("span", { class: "rs-btn-sub", text: sub }) : null);
}

function cap(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// The questions of each flow: key(action) -> answer (undefined: the question does not concern that action).
export function flows(ctx) {
  const { view, names } = ctx;
  const who = (seat) => seatName(names, view, seat);
  const cardOrPair = {
    ask: "Which card helps it?",
    key: (a) => a.card ?? (a.pair ? PAIR : undefined),
    label: (v) => (v === PAIR ? "Two Agents as one" : v),
    sub: (v) => (v === PAIR ? "two other Agents stand in for a class you hold none of" : ""),
  };
  const pair = { ask: "Which two Agents?", key: (a) => (a.pair ? a.pair.join(" + ") : undefined), label: (v) => v };
  const as = { ask: "Counting as?", key: (a) => a.as, label: (v) => (CLASS_NAMES[v] ?? v) };
  const partial = { ask: "Which Objective on the table?", key: (a) => a.partial, label: (v) => partialName(view, v) };
  return {
    begin: {
      title: "Begin an Objective", types: ["begin"],
      questions: [{ ask: "Which Objective from your hand?", key: (a) => a.objective, label: (v) => v, sub: (v) => cardHelp(v) },
        cardOrPair, pair, as],
    },
    add: { title: "Add to an Objective", types: ["add", "add_pair"], questions: [partial, cardOrPair, pair, as] },
    black_ops: {
      title: "Play a Black Ops card", types: ["black_ops"],
      questions: [
        { ask: "Which Black Ops card?", key: (a) => a.card, label: (v) => v, sub: (v) => cardHelp(v) },
        { ask: "Against whom?", key: (a) => (a.victim === undefined ? undefined : String(a.victim)), label: (v) => who(Number(v)) },
        partial,
        {
          ask: "Which card on it?", key: (a) => (a.at === undefined ? undefined : `${a.at}:${a.member ?? ""}`),
          label: (v, a) => {
            const placed = (view.partials ?? []).find((p) => p.id === a.partial)?.placed?.[a.at];
            if (!placed) return v;
            return placed.pair && a.member !== null ? `${placed.pair[a.member]} (from ${placedText(placed)})` : placedText(placed);
          },
        },
        { ask: "Counting as?", key: (a) => a.as, label: (v) => (CLASS_NAMES[v] ?? v) },
      ],
    },
    give: {
      title: "Give a card to a teammate", types: ["give"],
      questions: [{ ask: "Which card?", key: (a) => a.card, label: (v) => v },
        { ask: "To whom?", key: (a) => String(a.to), label: (v) => who(Number(v)) }],
    },
    take: {
      title: "Take a card from a teammate", types: ["take"],
      questions: [{ ask: "From whom?", key: (a) => String(a.from), label: (v) => who(Number(v)) },
        { ask: "Which card?", key: (a) => a.card, label: (v) => v }],
    },
    place: { title: "Place a card", types: ["place", "place_pair"], questions: [cardOrPair, pair, as] },
  };
}

// Where a flow stands: the next question with its options, or done with the actions left (one, normally).
// Questions with a single possible answer are answered by themselves, except the first (unless autoFirst).
export function narrow(actions, questions, answers, autoFirst = false) {
  let rest = actions;
  const chosen = [];
  let asked = 0;
  for (const [i, q] of questions.entries()) {
    const values = [...new Set(rest.map(q.key).filter((v) => v !== undefined))];
    if (!values.length) continue;
    asked += 1;
    let answer = answers[i];
    if (!values.includes(answer)) answer = values.length === 1 && (asked > 1 || autoFirst) ? values[0] : undefined;
    if (answer === undefined) {
      return { question: q, index: i, chosen, options: values.map((v) => ({ value: v, sample: rest.find((a) => q.key(a) === v) })) };
    }
    rest = rest.filter((a) => q.key(a) === answer);
    chosen.push({ index: i, q, value: answer, sample: rest[0] });
  }
  return { done: true, chosen, action: rest[0] ?? null };
}

function flowPanel(name, flow, actions, ctx) {
  const { st, view, names } = ctx;
  const answers = st.sel.answers ?? {};
  const at = narrow(actions, flow.questions, answers, Boolean(st.sel.card)); // a card picked in the hand answers for itself
  const answer = (i, v) => {
    const next = {};
    for (const [k, val] of Object.entries(answers)) if (Number(k) < i) next[k] = val;
    next[i] = v;
    ctx.select({ ...st.sel, flow: name, answers: next });
  };
  const parts = [h("h3", { class: "rs-mini-h", text: flow.title })];
  if (at.chosen.length) {
    parts.push(h("ol", { class: "rs-chosen" }, at.chosen.map((c) => h("li", {},
      h("span", { class: "rs-chosen-q", text: `${c.q.ask} ` }),
      h("button", { type: "button", class: "rs-link", dataset: { change: String(c.index) }, disabled: st.busy,
        "aria-label": `${c.q.label(c.value, c.sample)}: change`,
        onclick: () => { const next = {}; for (const [k, val] of Object.entries(answers)) if (Number(k) < c.index) next[k] = val; ctx.select({ ...st.sel, flow: name, answers: next }); },
      }, c.q.label(c.value, c.sample))))));
  }
  if (at.done && at.action) {
    parts.push(h("p", { class: "rs-summary", text: `${cap(actionText(view, names, at.action))}.` }));
    parts.push(h("div", { class: "rs-buttons" },
      sendButton(at.action, "Confirm", ctx, { cls: "rs-go", id: "rs-confirm" }),
      cancelButton(ctx)));
  } else if (!at.done) {
    parts.push(h("p", { class: "rs-ask", id: "rs-ask", text: at.question.ask }));
    parts.push(h("div", { class: "rs-buttons rs-options", role: "group", "aria-labelledby": "rs-ask" }, at.options.map(({ value, sample }) => {
      const sub = at.question.sub?.(value) ?? "";
      return h("button", { type: "button", class: "rs-btn rs-choice", disabled: st.busy, dataset: { choice: at.question.label(value, sample) },
        onclick: () => answer(at.index, value) },
      h("span", { class: "rs-btn-label", text: at.question.label(value, sample) }), sub ? h("span", { class: "rs-btn-sub", text: sub }) : null);
    })));
    parts.push(h("div", { class: "rs-buttons" }, cancelButton(ctx)));
  }
  return h("div", { class: "rs-flow", dataset: { flow: name } }, parts);
}

function cancelButton(ctx) {
  return h("button", { type: "button", class: "rs-btn rs-quiet", dataset: { cancel: "" }, disabled: ctx.st.busy,
    onclick: () => ctx.select({}) }, "Back");
}

// Discard and redraw: tick 1 to 3 cards of your hand; Confirm sends the legal entry naming exactly those cards.
function redrawPanel(actions, ctx) {
  const { st, view, names } = ctx;
  const hand = view.hands?.[view.you] ?? [];
  const ticked = new Set(st.sel.ticked ?? []);
  const picked = hand.filter((_, i) => ticked.has(i));
  const match = actions.find((a) => JSON.stringify(a.cards) === JSON.stringify(picked)) ?? null;
  const most = Math.max(...actions.map((a) => a.cards.length));
  const toggle = (i) => {
    const next = new Set(ticked);
    if (next.has(i)) next.delete(i); else next.add(i);
    ctx.select({ flow: "redraw", ticked: [...next].sort((a, b) => a - b) });
  };
  return h("div", { class: "rs-flow", dataset: { flow: "redraw" } },
    h("h3", { class: "rs-mini-h", text: "Discard and redraw" }),
    h("p", { class: "rs-ask", id: "rs-ask", text: `Tick 1 to ${most} cards to throw away; you then draw as many.` }),
    h("div", { class: "rs-buttons rs-options", role: "group", "aria-labelledby": "rs-ask" }, hand.map((card, i) => h("button", {
      type: "button", class: "rs-btn rs-tick", "aria-pressed": String(ticked.has(i)), disabled: st.busy,
      dataset: { pick: String(i), card }, onclick: () => toggle(i),
    }, h("span", { class: "rs-btn-label", text: card })))),
    match ? h("p", { class: "rs-summary", text: `${cap(actionText(view, names, match))}.` })
      : h("p", { class: "rs-hint", text: picked.length ? `That choice is not allowed (at most ${most}).` : "Nothing ticked yet." }),
    h("div", { class: "rs-buttons" },
      match ? sendButton(match, "Confirm", ctx, { cls: "rs-go", id: "rs-confirm" })
        : h("button", { type: "button", class: "rs-btn rs-go", id: "rs-confirm", disabled: true }, "Confirm"),
      cancelButton(ctx)));
}

function clockNode(view, ctx) {
  if (!ctx.deadlineAt) return null;
  const total = (view.window?.seconds ?? 5) * 1000;
  return h("div", { class: "rs-clock", dataset: { deadline: String(ctx.deadlineAt), total: String(total) } },
    h("span", { class: "rs-clock-label", text: "Closes in" }),
    h("span", { class: "rs-clock-time", role: "timer", "aria-live": "off" }),
    h("span", { class: "rs-clock-bar", "aria-hidden": "true" }, h("span", { class: "rs-clock-fill" })));
}

function windowPanel(ctx) {
  const { view, legal, names } = ctx;
  const w = view.window;
  const mine = (w.eligible ?? []).includes(view.you);
  const buttons = legal.map((a) => {
    if (a.type === "counter") return sendButton(a, "Play Counterintelligence", ctx, { cls: "rs-go", sub: "cancel that card" });
    if (a.type === "tip_off") return sendButton(a, "Play Tip-Off", ctx, { cls: "rs-go", sub: "cancel the bonus" });
    if (a.type === "continue") return sendButton(a, "Let it pass", ctx, { cls: "rs-quiet" });
    return sendButton(a, cap(actionText(view, names, a)), ctx);
  });
  let hint = "";
  if (!mine) hint = "The other side may answer; wait for the window to close.";
  else if (!legal.length) hint = "The window closes by itself when the time is up.";
  return h("div", { class: "rs-window", role: "group", "aria-label": "Response window" },
    h("p", { class: "rs-window-text", text: windowText(view, names) }),
    clockNode(view, ctx),
    buttons.length ? h("div", { class: "rs-buttons rs-answers" }, buttons) : null,
    hint ? h("p", { class: "rs-hint", text: hint }) : null);
}

function stepPanel(ctx) {
  const { view, legal, names, st } = ctx;
  const s = view.step;
  const parts = [h("p", { class: "rs-step-text", text: stepText(view, names) })];
  if (s.kind === "place") {
    const p = (view.partials ?? []).find((x) => x.id === s.partial);
    if (p) parts.push(h("p", { class: "rs-hint", text: `It still needs: ${missingText(p.missing)}.` }));
  }
  if (s.kind === "interrogate" && s.hand) {
    parts.push(h("p", { class: "rs-hint", text: `${seatName(names, view, s.victim)}'s hand: ${s.hand.join(", ") || "no cards"}.` }));
  }
  if (s.seat !== view.you || !legal.length) return h("div", { class: "rs-step" }, parts);
  if (s.kind === "draw") {
    parts.push(h("div", { class: "rs-buttons rs-answers" }, legal.map((a) => sendButton(a, `Draw from ${deckName(a.deck)}`, ctx, {
      cls: "rs-go", sub: `${view.decks?.[a.deck] ?? 0} left` }))));
  } else if (s.kind === "place") {
    const f = flows(ctx).place;
    const places = legal.filter((a) => f.types.includes(a.type));
    if (places.length) parts.push(flowPanel("place", f, places, { ...ctx, select: (sel) => ctx.select({ ...sel, flow: "place" }) }));
    const done = legal.find((a) => a.type === "done");
    if (done && !st.sel.answers?.[0]) parts.push(h("div", { class: "rs-buttons" }, sendButton(done, "Stop placing", ctx, { cls: "rs-quiet" })));
  } else if (s.kind === "interrogate") {
    parts.push(h("div", { class: "rs-buttons rs-answers" }, legal.map((a) => sendButton(a, `Take ${a.card}`, ctx, { cls: "rs-go" }))));
  } else {
    parts.push(h("div", { class: "rs-buttons rs-answers" }, legal.map((a) => sendButton(a, cap(actionText(view, names, a)), ctx, {
      cls: s.kind === "discard" ? "rs-discard" : "rs-go", sub: a.card ? cardHelp(a.card) : "" }))));
  }
  return h("div", { class: "rs-step" }, parts);
}

const MENU = [
  ["begin", "Begin an Objective", "from your hand, with a first card"],
  ["add", "Add to an Objective", "a card or two Agents on your team's work"],
  ["black_ops", "Play Black Ops", "opens a window for Counterintelligence"],
  ["give", "Give a card", "to a teammate"],
  ["take", "Take a card", "from a teammate"],
];

// Does this main action use that card of your hand?
export function involves(action, card) {
  if (action.type === "redraw") return action.cards.includes(card);
  if (action.type === "take") return false;
  return action.card === card || action.objective === card || (action.pair ?? []).includes(card);
}

// The card tapped in your hand: what it can do, one button per kind of action.
function cardChooser(card, ctx) {
  const { legal, st } = ctx;
  const f = flows(ctx);
  const used = legal.filter((a) => involves(a, card));
  const buttons = [];
  for (const [name, label] of MENU) {
    if (!used.some((a) => f[name].types.includes(a.type))) continue;
    buttons.push(h("button", { type: "button", class: "rs-btn", disabled: st.busy, dataset: { flow: name },
      onclick: () => ctx.select({ flow: name, answers: {}, card }) }, h("span", { class: "rs-btn-label", text: label })));
  }
  if (used.some((a) => a.type === "redraw")) {
    const index = (ctx.view.hands?.[ctx.view.you] ?? []).indexOf(card);
    buttons.push(h("button", { type: "button", class: "rs-btn", disabled: st.busy, dataset: { flow: "redraw" },
      onclick: () => ctx.select({ flow: "redraw", ticked: [index] }) }, h("span", { class: "rs-btn-label", text: "Discard and redraw" })));
  }
  return h("div", { class: "rs-flow", dataset: { flow: "card" } },
    h("h3", { class: "rs-mini-h", text: card }),
    h("p", { class: "rs-ask", id: "rs-ask", text: "What do you want to do with it?" }),
    h("div", { class: "rs-buttons rs-menu", role: "group", "aria-labelledby": "rs-ask" }, buttons),
    h("div", { class: "rs-buttons" }, cancelButton(ctx)));
}

function mainPanel(ctx) {
  const { view, st } = ctx;
  const f = flows(ctx);
  // A card picked in the hand narrows every flow to the actions that use it.
  const legal = st.sel.card ? ctx.legal.filter((a) => involves(a, st.sel.card)) : ctx.legal;
  const of = (types) => legal.filter((a) => types.includes(a.type));
  if (st.sel.card && !st.sel.flow && legal.length) return cardChooser(st.sel.card, ctx);
  if (st.sel.flow === "redraw") {
    const redraws = ctx.legal.filter((a) => a.type === "redraw");
    if (redraws.length) return redrawPanel(redraws, ctx);
  } else if (st.sel.flow && f[st.sel.flow]) {
    const actions = of(f[st.sel.flow].types);
    if (actions.length) return flowPanel(st.sel.flow, f[st.sel.flow], actions, ctx);
  }
  const direct = [];
  for (const a of legal) {
    if (a.type === "draw") direct.push(sendButton(a, `Draw ${deckName(a.deck)}`, ctx, { cls: "rs-go", sub: `${view.decks?.[a.deck] ?? 0} left · 1 action` }));
    if (a.type === "draw_objective") direct.push(sendButton(a, "Draw an Objective", ctx, { cls: "rs-go", sub: "2 actions" }));
  }
  const menu = MENU.filter(([name]) => of(f[name].types).length).map(([name, label, sub]) => h("button", {
    type: "button", class: "rs-btn", disabled: st.busy, dataset: { flow: name }, onclick: () => ctx.select({ flow: name, answers: {} }),
  }, h("span", { class: "rs-btn-label", text: label }), h("span", { class: "rs-btn-sub", text: sub })));
  if (of(["redraw"]).length) {
    menu.push(h("button", { type: "button", class: "rs-btn", disabled: st.busy, dataset: { flow: "redraw" },
      onclick: () => ctx.select({ flow: "redraw", ticked: [] }) },
    h("span", { class: "rs-btn-label", text: "Discard and redraw" }), h("span", { class: "rs-btn-sub", text: "first action only · 1 action" })));
  }
  const end = legal.find((a) => a.type === "end_turn");
  return h("div", { class: "rs-main" },
    h("p", { class: "rs-hint", text: "Draw, pick an action below, or tap a card of your hand to see what it can do." }),
    direct.length ? h("div", { class: "rs-buttons", role: "group", "aria-label": "Draw" }, direct) : null,
    menu.length ? h("div", { class: "rs-buttons rs-menu", role: "group", "aria-label": "Card actions" }, menu) : null,
    end ? h("div", { class: "rs-buttons" }, sendButton(end, "End turn", ctx, { cls: "rs-end", sub: view.actions_left ? `${view.actions_left} action${view.actions_left === 1 ? "" : "s"} unused` : "" })) : null);
}

// The prompt and the controls, whatever is going on.
export function actionPanel(ctx) {
  const { view, names, legal } = ctx;
  const turnName = seatName(names, view, view.turn);
  let heading;
  let body;
  if (view.window) {
    heading = "Response window";
    body = windowPanel(ctx);
  } else if (view.step) {
    heading = view.step.seat === view.you ? "Your move" : `Waiting for ${seatName(names, view, view.step.seat)}`;
    body = stepPanel(ctx);
  } else if (view.turn === view.you && legal.length) {
    heading = "Your turn";
    body = mainPanel(ctx);
  } else {
    heading = `${cap(turnName)}'s turn`;
    body = h("p", { class: "rs-hint", text: view.you === null ? "You are watching." : "Wait for your turn. The log shows each move." });
  }
  const facts = `${view.actions_left} action${view.actions_left === 1 ? "" : "s"} left${view.first_action ? " · first action of the turn" : ""}${view.last_turn ? " · last turn of the game" : ""}`;
  return h("section", { class: "rs-act", "aria-labelledby": "rs-prompt" },
    h("h2", { id: "rs-prompt", class: "rs-prompt", text: heading }),
    h("p", { class: "rs-facts", dataset: { actionsLeft: String(view.actions_left), first: String(view.first_action) } },
      `${cap(turnName)}: ${facts}.`),
    body);
}
