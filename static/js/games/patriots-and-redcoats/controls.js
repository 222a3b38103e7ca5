// Patriots & Redcoats: the action panel. Every button sends one action object taken from message.legal, untouched;
// buttons carry data-action (its JSON) and data-kind (its type). Only the feather split and the assassination
// Turncoat switch are local choices, and they only pick which legal action their button sends.

import { h } from "../../dom.js";
import { spycraftCard, warCard } from "./cards.js";
import { AUTO_DELAY_MS, autoContinueOn, autoSent, publicFacts, setAutoContinue } from "./auto.js";
import { actionButton, assassinationPanel, concealPicker } from "./choices.js";
import { NAMED_HINT, SPYCRAFT_HINT, cardName, plural, spycraftName, teamName, warSide } from "./text.js";

function nextLiving(view, seat) {
  const count = view.seats.length;
  for (let k = 1; k <= count; k += 1) {
    const other = (seat + k) % count;
    if (view.seats[other].alive) return other;
  }
  return seat;
}

function myCard(view, slot) {
  return view.your_cards?.[slot]?.kind;
}

function faceDownCount(view) {
  return (view.your_cards ?? []).filter((c) => !c.face_up).length;
}

// One builder per action type: {title, hint, body}.
const BUILDERS = {
  confirm(actions, ctx) {
    if (actions.length === 1) {
      const team = actions[0].team;
      return { title: "Confirm your loyalty", hint: "Everyone confirms at once, in secret; nobody sees who has.",
        body: [actionButton(actions[0], `I am a ${teamName(team)}`, ctx, { cls: `pr-team-${team}` })] };
    }
    return { title: "Choose your loyalty", hint: "Your Turncoat decides your majority: name the team it counts for. Nobody else sees your choice.",
      body: actions.map((a) => actionButton(a, `Count my Turncoat as ${teamName(a.team)}`, ctx, { cls: `pr-team-${a.team}`, sub: `I am a ${teamName(a.team)}` })) };
  },
  spy(actions, ctx) {
    const { view, n } = ctx;
    const card = view.step?.card ?? {};
    const value = card.eyes ?? 0;
    return {
      title: `Give your ${spycraftName(card)} card`,
      hint: "The player you choose gains its eyes; at 3 eyes they must reveal a face-down card.",
      card: spycraftCard(card),
      body: actions.map((a) => {
        if (a.to === null) return actionButton(a, "Discard it", ctx, { cls: "pr-quiet", sub: "no effect" });
        const before = view.seats[a.to]?.eye_total ?? 0;
        const after = before + value;
        return actionButton(a, `Give to ${n.name(a.to)}`, ctx, { sub: `${before} → ${plural(after, "eye")}${after >= 3 ? ": must reveal" : ""}` });
      }),
    };
  },
  conceal(actions, ctx) {
    const card = ctx.view.step?.card ?? {};
    return {
      title: `Share out your ${spycraftName(card)} card`,
      hint: "Give its feathers to any players, yourself included; each feather removes one eye. Extra feathers are lost.",
      card: spycraftCard(card),
      body: concealPicker(actions, ctx, card.feathers ?? 0),
    };
  },
  reveal(actions, ctx) {
    const { view } = ctx;
    const eyes = view.step?.reason === "eyes";
    const last = faceDownCount(view) === 1;
    return {
      title: "Reveal one of your face-down cards",
      hint: eyes ? "You reached 3 eyes. After the reveal, 3 eyes are removed." : "Major Ferguson named you: you pick which card to show.",
      body: actions.map((a) => {
        const kind = myCard(view, a.slot);
        const leader = kind === "patriot_leader" || kind === "redcoat_leader";
        const sub = last ? (leader ? "your last card: you are eliminated and your Leader falls" : "your last face-down card: you are eliminated") : "everyone will see it";
        return actionButton(a, `Reveal ${cardName(kind)}`, ctx, { sub, cls: `pr-k-btn pr-kb-${kind}` });
      }),
    };
  },
  flip(actions, ctx) {
    const { view } = ctx;
    const winter = view.step?.kind === "winter";
    if (actions.length === 1 && actions[0].slot === null) {
      return { title: "Winter: nothing to flip", hint: "You have no face-up Loyalty card. Confirm to go on; nobody sees who has acted.",
        body: [actionButton(actions[0], "Go on (no face-up card)", ctx)] };
    }
    return {
      title: winter ? "Winter: flip one face-up card face down" : "Hessians: flip one of your face-up cards face down",
      hint: winter ? "Everyone with a face-up card does this at once." : "You choose which one.",
      body: actions.map((a) => actionButton(a, `Flip ${cardName(myCard(view, a.slot))} face down`, ctx, { cls: `pr-k-btn pr-kb-${myCard(view, a.slot)}` })),
    };
  },
  ferguson(actions, ctx) {
    const { n, me } = ctx;
    return {
      title: "Major Ferguson: name a player",
      hint: "The player you name reveals one face-down Loyalty card of their choice. You may name yourself, or no one.",
      body: actions.map((a) => (a.target === null
        ? actionButton(a, "Name no one", ctx, { cls: "pr-quiet" })
        : actionButton(a, a.target === me ? "Name yourself" : n.name(a.target), ctx))),
    };
  },
  order(actions, ctx) {
    const entry = [...(ctx.view.resolving ?? [])].reverse().find((r) => r.waiting?.length);
    const waiting = entry?.waiting ?? [];
    return {
      title: "Draw 2 Cards: which card resolves first?",
      hint: "Both cards resolve; the other one follows.",
      body: actions.map((a) => actionButton(a, `${spycraftName(waiting[a.first]) || `Card ${a.first + 1}`} first`, ctx)),
    };
  },
  hessians(actions, ctx) {
    const { n, me } = ctx;
    return {
      title: "Hessians: take an extra option?",
      hint: "Make a player flip one of their face-up cards face down (they pick which), or call a War Council at once with you as its Commander (no vote).",
      body: actions.map((a) => {
        if (a.option === "none") return actionButton(a, "No option", ctx, { cls: "pr-quiet" });
        if (a.option === "council") return actionButton(a, "Call a War Council now", ctx, { sub: "you name the Agent" });
        return actionButton(a, `${a.target === me ? "Flip one of yours" : `Make ${n.name(a.target)} flip`}`, ctx, { sub: "a face-up card goes face down" });
      }),
    };
  },
  winter_reveal(actions, ctx) {
    const cards = ctx.view.step?.your_war_cards ?? [];
    const war = ctx.view.war;
    return {
      title: "Winter is Coming: reveal one War card",
      hint: "A Victory of the revealed card's side is removed from the track; both drawn cards are then discarded. Only you see the other card.",
      body: actions.map((a) => {
        const name = cards[a.card] ?? `War card ${a.card + 1}`;
        const side = warSide(name);
        return actionButton(a, warCard(name), ctx, { sub: war[side] ? `removes a ${teamName(side)} Victory` : "nothing to remove", aria: `Reveal ${name}` });
      }),
    };
  },
  pass(actions, ctx) {
    const { view, n, me } = ctx;
    const to = nextLiving(view, me);
    const spy = (view.your_cards ?? []).find((c) => !c.face_up && (c.kind === "patriot_spy" || c.kind === "redcoat_spy"));
    return {
      title: `Winter: pass a face-down card to ${n.name(to)}`,
      hint: "Everyone passes at once to the next living player clockwise. Only you and the receiver learn the card.",
      body: [
        ...actions.map((a) => actionButton(a, `Pass ${cardName(myCard(view, a.slot))}`, ctx, { cls: `pr-k-btn pr-kb-${myCard(view, a.slot)}` })),
        spy ? h("p", { class: "pr-note", text: `${cardName(spy.kind)} cards can never be passed.` }) : null,
      ],
    };
  },
  nominate(actions, ctx) {
    const hessians = ctx.view.step?.hessians;
    return {
      title: hessians ? "Hessians council: name your Agent" : "Nominate an Agent",
      hint: hessians ? "This council is elected without a vote." : "Then everyone votes on your War Council.",
      body: actions.map((a) => actionButton(a, ctx.n.name(a.agent), ctx)),
    };
  },
  vote(actions, ctx) {
    const step = ctx.view.step ?? {};
    return {
      title: `Elect the War Council of ${ctx.n.name(step.commander)} and ${ctx.n.name(step.agent)}?`,
      hint: "Votes stay hidden until everyone has voted, then all are shown by name. A tie fails.",
      body: actions.map((a) => actionButton(a, a.yes ? "Yes" : "No", ctx, { cls: a.yes ? "pr-yes" : "pr-no" })),
    };
  },
  discard(actions, ctx) {
    const step = ctx.view.step ?? {};
    const cards = step.your_war_cards ?? [];
    return {
      title: "War Council: discard one War card",
      hint: `The other two go to your Agent, ${ctx.n.name(step.agent)}, who places one.`,
      reminder: step.reminder,
      body: actions.map((a) => actionButton(a, ["Discard ", warCard(cards[a.card] ?? `card ${a.card + 1}`)], ctx, { aria: `Discard ${cards[a.card]}` })),
    };
  },
  place(actions, ctx) {
    const step = ctx.view.step ?? {};
    const cards = step.your_war_cards ?? [];
    return {
      title: "War Council: place one War card on the track",
      hint: "The other is discarded unseen.",
      reminder: step.reminder,
      body: actions.map((a) => actionButton(a, ["Place ", warCard(cards[a.card] ?? `card ${a.card + 1}`)], ctx, { aria: `Place ${cards[a.card]}` })),
    };
  },
  // Quick mode only: a fixed window offers no continue (it runs to its deadline), so this never shows there.
  continue(actions, ctx) {
    const w = ctx.view.window;
    return {
      title: w?.kind === "assassination" ? "An assassination! Respond or continue" : "Response window: respond or continue",
      hint: "It closes once everyone has continued, or when time runs out.",
      body: actions.map((a) => actionButton(a, "Continue", ctx, { cls: "pr-continue" })),
    };
  },
  turncoat(actions, ctx) {
    const fixed = fixedWindow(ctx.view.window);
    return {
      title: "You are being assassinated",
      hint: fixed
        ? "Reveal a face-down Turncoat to survive this assassination. Nothing is revealed for you: if the window closes first, the assassination goes ahead."
        : "Reveal a face-down Turncoat to survive this assassination.",
      body: actions.map((a) => actionButton(a, "Reveal my Turncoat to survive", ctx, { cls: "pr-danger" })),
    };
  },
};

function fixedWindow(w) {
  return w?.mode === "fixed";
}

function fallback(actions, ctx) {
  return {
    title: actions[0].type,
    body: actions.map((a) => actionButton(a, Object.entries(a).map(([k, v]) => (k === "type" ? v : `${k}: ${JSON.stringify(v)}`)).join(" · "), ctx)),
  };
}

function groups(legal) {
  const map = new Map();
  for (const action of legal) {
    if (!map.has(action.type)) map.set(action.type, []);
    map.get(action.type).push(action);
  }
  return map;
}

function clock(message, ctx) {
  if (!message.deadline || ctx.deadlineAt === null) return null;
  const w = ctx.view.window;
  const label = w ? (w.kind === "assassination" ? "Assassination window closes in" : "Window closes in") : "Time left";
  const total = w?.seconds ? w.seconds * 1000 : null;
  return h("div", { class: "pr-clock", dataset: { deadline: String(ctx.deadlineAt), total: total ? String(total) : "" } },
    h("span", { class: "pr-clock-label", text: label }),
    h("span", { class: "pr-clock-time", role: "timer", "aria-live": "off" }),
    total ? h("span", { class: "pr-clock-bar", "aria-hidden": "true" }, h("span", { class: "pr-clock-fill" })) : null);
}

// The open window, said once: what happened, what is pending, and (for a living player) the auto-continue setting.
function windowBox(view, ctx) {
  const w = view.window;
  if (!w) return null;
  const pending = (view.assassinations ?? []).map((a) => {
    const bits = [`${ctx.n.Who(a.assassin)} → ${ctx.n.who(a.target)}`];
    if (a.turncoat) bits.push("assassin revealed a Turncoat to survive");
    if (a.countered) bits.push("target revealed a Turncoat");
    if (a.cancelled) bits.push("cancelled: the assassin fell first");
    return h("li", { dataset: { assassin: String(a.assassin), target: String(a.target) }, text: bits.join(" · ") });
  });
  return h("div", { class: `pr-window pr-window-${w.kind}`, dataset: { window: w.kind, windowKey: w.key, windowDepth: String(w.depth) } },
    h("p", { class: "pr-window-text", text: ctx.windowText }),
    w.depth > 1 ? h("p", { class: "pr-note", text: `${w.depth} windows are open; the newest closes first.` }) : null,
    pending.length ? h("ul", { class: "pr-assassinations", "aria-label": "Assassinations under way" }, pending) : null,
    fixedWindow(w)
      ? h("p", { class: "pr-note", dataset: { fixed: "" }, text: "This window always runs to its deadline: nobody can close it early, and there is nothing to press." })
      : !w.seconds ? h("p", { class: "pr-note", text: "No timer: the window waits for everyone to continue." }) : null,
    fixedWindow(w) || ctx.me === null || view.you_alive === false || publicFacts(ctx.st.message).turnBased
      ? null : autoToggle(ctx)); // turn-based: the page's "Pass reaction windows for me" answers on the server
}

// The personal auto-continue switch (see auto.js for why using it tells nobody anything).
function autoToggle(ctx) {
  const on = autoContinueOn();
  const facts = publicFacts(ctx.st.message);
  let note = `Presses Continue for you ${AUTO_DELAY_MS / 1000} s after each window opens, the same whatever you hold. To respond, act before then or turn it off.`;
  if (on && facts.targeted) note = "You are the target: auto-continue waits, so you can reveal a Turncoat or continue yourself.";
  else if (on && autoSent(ctx.st.auto, ctx.st.message)) note = "Auto-continue continued this window for you.";
  const waits = on && facts.targeted ? { autoWaits: "target" } : {};
  return h("div", { class: "pr-auto", dataset: { auto: on ? "on" : "off", ...waits } },
    h("label", { class: "pr-check" },
      h("input", { type: "checkbox", id: "pr-auto-continue", checked: on,
        onchange: (event) => { setAutoContinue(event.currentTarget.checked); ctx.redraw(); } }),
      " Auto-continue"),
    h("p", { class: "pr-note", text: note }));
}

// The headline while a window is open and nothing is required of you: the window's own sentence is in its box.
function windowHeadline(view, ctx) {
  const w = view.window;
  const name = w.kind === "assassination" ? "Assassination window" : "Response window";
  if (ctx.me === null) return `${name} open`;
  if (fixedWindow(w)) return `${name}: it runs to its deadline`;
  return `${name}: you continued`;
}

// The whole panel: headline, the public situation, the clock, my choices and (for a Spy) the assassination.
export function actionPanel(message, ctx) {
  const { view, n } = ctx;
  const legal = message.legal ?? [];
  const required = legal.filter((a) => a.type !== "assassinate");
  const kills = legal.filter((a) => a.type === "assassinate");
  const parts = [];
  const mine = required.length > 0;
  let headline;
  let state;
  if (view.over || message.status === "finished") {
    state = "over";
    headline = "The game is over: everything is revealed in the result.";
  } else if (ctx.me === null) {
    state = "spectating";
    headline = view.window ? windowHeadline(view, ctx) : ctx.status.text || "Watching.";
  } else if (mine) {
    state = "your-move";
  } else {
    state = kills.length ? "optional" : "waiting";
    if (view.you_alive === false) headline = "You are eliminated: you keep watching.";
    else headline = view.window ? windowHeadline(view, ctx) : ctx.status.text || "Waiting for other players…";
  }
  const built = [];
  if (mine) {
    for (const [type, actions] of groups(required)) built.push((BUILDERS[type] ?? fallback)(actions, ctx));
    headline = `Your move: ${built[0].title}`;
  }
  parts.push(h("h2", { class: "pr-prompt", id: "pr-prompt", text: headline }));
  parts.push(windowBox(view, ctx));
  parts.push(clock(message, ctx));
  for (const [i, group] of built.entries()) {
    parts.push(h("div", { class: "pr-group", role: "group", "aria-label": group.title },
      i > 0 ? h("h3", { class: "pr-group-h", text: group.title }) : null,
      group.reminder ? h("p", { class: "pr-reminder", role: "note", text: group.reminder }) : null,
      group.hint ? h("p", { class: "pr-hint", text: group.hint }) : null,
      group.card ?? null,
      h("div", { class: "pr-controls" }, group.body)));
  }
  const top = (view.resolving ?? [])[(view.resolving ?? []).length - 1];
  if (!mine && top && !view.window && (state === "waiting" || state === "spectating" || state === "optional")) {
    const hint = [SPYCRAFT_HINT[top.card.kind], NAMED_HINT[top.card.name]].filter(Boolean).join(" ");
    if (hint) parts.push(h("p", { class: "pr-hint", text: `${spycraftName(top.card)}: ${hint}` }));
  }
  if (state === "waiting" || state === "optional") {
    const step = view.step;
    if (step?.kind === "council" && (step.step === "discard" || step.step === "place") && step.reminder) {
      parts.push(h("p", { class: "pr-reminder", role: "note", text: step.reminder }));
    }
    if (step?.kind === "council" && step.your_war_cards?.length) {
      parts.push(h("p", { class: "pr-secret", dataset: { secretWar: String(step.your_war_cards.length) } },
        h("span", { class: "pr-label", text: step.commander === ctx.me ? "You passed to the Agent (only you two know): " : "Your War cards: " }),
        step.your_war_cards.map((name) => [warCard(name), " "])));
    }
  }
  if (kills.length) parts.push(assassinationPanel(kills, ctx));
  return h("section", { class: "pr-act", dataset: { state }, "aria-labelledby": "pr-prompt" }, parts);
}

