// Raiding Parties: the party builder (phase "build"). The catalogue with + and − per card, the ready-made parties
// (each with what it spends of the table's gold, full-budget ones first), and a sticky bar with the gold total, the
// Ship/Fort count, what is wrong and the Submit button. The limits come from the legal template ({type: "party",
// template: true, gold, max_ships_forts, copy_cap}); the server checks the party again and its refusal is shown in
// the bar.
//
// Local state (st.build): {counts: {name: n}, query, type, error}. It survives new messages (another seat getting
// ready must not wipe a half-built party), and the counts survive a reload too (draft.js, per table and seat).

import { h } from "../../dom.js";
import { TYPE_WORD, abilityNodes, plural, traitsText, weaponNode } from "./cards.js";
import { loadDraft, saveDraft } from "./draft.js";

const FILTERS = [
  ["all", "All"],
  ["crew", "Crew"],
  ["ship-fort", "Ships & Forts"],
  ["land", "Lands"],
  ["one-timer", "One-timers"],
  ["picked", "In my party"],
];

const isShipFort = (card) => card.type === "ship" || card.type === "fort";

export function limitsFrom(view, legal) {
  const template = legal.find((a) => a.type === "party" && a.template);
  const build = view.build ?? {};
  return {
    gold: template?.gold ?? build.gold ?? view.options?.gold ?? 30,
    maxShipsForts: template?.max_ships_forts ?? build.max_ships_forts ?? 0,
    copyCap: template ? template.copy_cap ?? null : build.copy_cap ?? null,
  };
}

// The party's totals and every problem with it, in words.
export function checkParty(counts, catalogue, limits) {
  let gold = 0;
  let shipsForts = 0;
  let cards = 0;
  const problems = [];
  for (const [name, n] of Object.entries(counts)) {
    if (!n) continue;
    const card = catalogue.get(name);
    if (!card) {
      problems.push(`${name} is not in the catalogue.`);
      continue;
    }
    gold += card.gold * n;
    cards += n;
    if (isShipFort(card)) shipsForts += n;
    if (card.unique && n > 1) problems.push(`${name} is an (X) card: one copy per party.`);
    else if (!card.unique && limits.copyCap !== null && n > limits.copyCap) {
      problems.push(`${name}: at most ${limits.copyCap} copies at this table.`);
    }
  }
  if (gold > limits.gold) problems.unshift(`Over budget: ${gold} of ${limits.gold} gold.`);
  if (shipsForts > limits.maxShipsForts) {
    problems.unshift(limits.maxShipsForts === 0
      ? `No Ship or Fort at ${limits.gold} gold.`
      : `At most ${plural(limits.maxShipsForts, "Ship or Fort", "Ships or Forts")} at ${limits.gold} gold.`);
  }
  if (!cards) problems.push("Pick at least one card.");
  return { gold, shipsForts, cards, problems };
}

// Why one more copy of this card would break a limit, or null.
function addBlocked(card, counts, totals, limits) {
  const n = counts[card.name] ?? 0;
  if (card.unique && n >= 1) return "(X): one per party";
  if (!card.unique && limits.copyCap !== null && n >= limits.copyCap) return `at most ${limits.copyCap} copies`;
  if (isShipFort(card) && totals.shipsForts >= limits.maxShipsForts) {
    return limits.maxShipsForts === 0 ? `no Ship or Fort at ${limits.gold} gold` : "Ship/Fort limit reached";
  }
  if (totals.gold + card.gold > limits.gold) return `${limits.gold - totals.gold} gold left`;
  return null;
}

function matches(card, query, type, counts) {
  if (type === "picked" && !(counts[card.name] > 0)) return false;
  if (type === "ship-fort" && !isShipFort(card)) return false;
  if (["crew", "land", "one-timer"].includes(type) && card.type !== type) return false;
  if (!query) return true;
  const hay = [card.name, card.type, card.text, ...(card.traits ?? []), ...(card.weapons ?? []).map((w) => w.name)].join(" ").toLowerCase();
  return hay.includes(query.toLowerCase());
}

// Typing filters the list in place: a redraw per key would take the caret out of the field.
function refilter(input, b, catalogue) {
  const section = input.closest(".rp-catalogue");
  if (!section) return;
  let shown = 0;
  for (const item of section.querySelectorAll(".rp-cat")) {
    const card = catalogue.get(item.dataset.card);
    item.hidden = !card || !matches(card, b.query, b.type, b.counts);
    shown += item.hidden ? 0 : 1;
  }
  section.querySelector("#rp-cat-h").textContent = `The catalogue (${shown} of ${catalogue.size} shown)`;
  section.querySelector(".rp-none").hidden = shown > 0;
}

function partyText(cards) {
  return Object.entries(cards).filter(([, n]) => n > 0).map(([name, n]) => (n > 1 ? `${n} ${name}` : name)).join(", ");
}

const sameCards = (a, b) => JSON.stringify(Object.entries(a).filter(([, n]) => n > 0).sort())
  === JSON.stringify(Object.entries(b).filter(([, n]) => n > 0).sort());

export function builder(ctx) {
  const { view, legal, st, act, redraw, names, me, catalogue, draft } = ctx;
  const build = view.build ?? {};
  const players = view.players ?? view.seats?.length ?? 0;
  const ready = `${build.ready_count ?? 0} of ${players} ready`;

  if (me === null) {
    return h("section", { class: "rp-build rp-panel", dataset: { build: "spectating" } },
      h("h2", { id: "rp-prompt", text: "The players are hiring their parties in secret" }),
      h("p", { class: "rp-status", role: "status", dataset: { ready: String(build.ready_count ?? 0) }, text: `${ready}.` }));
  }
  if (build.you_ready || !legal.some((a) => a.type === "party")) {
    const party = view.your_party ?? {};
    return h("section", { class: "rp-build rp-panel", dataset: { build: "ready" } },
      h("h2", { id: "rp-prompt", text: "Your party is hired" }),
      h("p", { class: "rp-status", role: "status", dataset: { ready: String(build.ready_count ?? 0) },
        text: `Waiting for the others (${ready}).` }),
      Object.keys(party).length ? h("p", { class: "rp-your-party" }, h("strong", { text: "Your party: " }), partyText(party)) : null,
      h("p", { class: "rp-hint", text: `${names[me] ?? "You"}: the others see only that you are ready, never what you hired.` }));
  }

  st.build ??= { counts: loadDraft(draft, catalogue) ?? {}, query: "", type: "all", error: null };
  const b = st.build;
  const setCounts = (counts) => {
    b.counts = counts;
    b.error = null;
    saveDraft(draft, counts);
  };
  const limits = limitsFrom(view, legal);
  const totals = checkParty(b.counts, catalogue, limits);
  const busy = st.busy;
  const change = (name, delta) => {
    const n = Math.max(0, (b.counts[name] ?? 0) + delta);
    const counts = { ...b.counts, [name]: n };
    if (!n) delete counts[name];
    setCounts(counts);
    redraw();
  };
  const submit = (action) => {
    b.error = null;
    act(action, (error) => {
      b.error = error?.message || "The server refused this party.";
    });
  };

  const rules = [
    `${limits.gold} gold`,
    limits.maxShipsForts === 0 ? "no Ship or Fort" : `at most ${plural(limits.maxShipsForts, "Ship or Fort", "Ships or Forts")}`,
    "(X) cards once each",
    limits.copyCap !== null ? `other cards at most ${limits.copyCap} times` : "other cards as often as you like",
  ];

  // What each ready-made party costs (from the catalogue's prices) and leaves unspent; the ones that use the whole
  // budget first, since a party that leaves gold unspent is weaker than it looks.
  const costed = (build.ready_made ?? []).map((entry) => ({ entry, cost: checkParty(entry.cards, catalogue, limits).gold }))
    .sort((a, b) => b.cost - a.cost);
  const readyMade = costed.map(({ entry, cost }) => {
    const legalEntry = legal.find((a) => a.type === "party" && !a.template && a.cards && sameCards(a.cards, entry.cards));
    const left = limits.gold - cost;
    return h("li", { class: "rp-ready-made", dataset: { readyMade: entry.name, cost: String(cost), unspent: String(left) } },
      h("p", { class: "rp-rm-name" }, h("strong", { text: entry.name })),
      h("p", { class: `rp-rm-cost${left > 0 ? " rp-rm-short" : ""}`,
        text: `${cost} of ${limits.gold} gold: ${left > 0 ? `${left} unspent` : "all of it spent"}` }),
      h("p", { class: "rp-rm-cards", text: partyText(entry.cards) }),
      h("div", { class: "rp-buttons" },
        h("button", { type: "button", class: "secondary small", dataset: { load: entry.name }, disabled: busy,
          onclick: () => { setCounts({ ...entry.cards }); b.type = "all"; b.query = ""; redraw(); } },
        "Load into the builder"),
        legalEntry ? h("button", { type: "button", class: "small", dataset: { hire: entry.name, action: JSON.stringify(legalEntry) },
          disabled: busy, onclick: () => submit(legalEntry) }, "Hire as it is") : null));
  });

  const shown = [...catalogue.values()].filter((card) => matches(card, b.query, b.type, b.counts));
  const list = [...catalogue.values()].map((card) => {
    const n = b.counts[card.name] ?? 0;
    const blocked = addBlocked(card, b.counts, totals, limits);
    const facts = [TYPE_WORD[card.type] ?? card.type, card.hp === null ? "one use" : `${card.hp} HP`];
    const traits = traitsText(card);
    return h("li", { class: `rp-cat${n ? " rp-picked" : ""}`, dataset: { card: card.name, count: String(n) },
      hidden: !shown.includes(card) },
      h("div", { class: "rp-cat-head" },
        h("span", { class: "rp-gold", "aria-label": `${card.gold} gold`, text: String(card.gold) }),
        h("div", { class: "rp-cat-title" },
          h("h3", { class: "rp-cat-name" }, card.name, card.unique ? h("span", { class: "rp-x", text: " (X)" }) : null),
          h("p", { class: "rp-facts", text: [...facts, traits].filter(Boolean).join(" · ") })),
        h("div", { class: "rp-stepper", role: "group", "aria-label": `${card.name}: ${n} in your party` },
          h("button", { type: "button", class: "rp-step", dataset: { minus: card.name }, disabled: busy || n === 0,
            "aria-label": `One ${card.name} less`, onclick: () => change(card.name, -1) }, "−"),
          h("span", { class: "rp-count", "aria-hidden": "true", text: String(n) }),
          h("button", { type: "button", class: "rp-step", dataset: { plus: card.name }, disabled: busy || blocked !== null,
            "aria-label": `One ${card.name} more${blocked ? ` (not possible: ${blocked})` : ""}`, onclick: () => change(card.name, 1) }, "+"))),
      blocked && n > 0 ? h("p", { class: "rp-blocked", text: `No more: ${blocked}.` }) : null,
      card.weapons?.length ? h("ul", { class: "rp-weapons" }, card.weapons.map(weaponNode)) : null,
      h("ul", { class: "rp-abilities" }, abilityNodes(card)),
      card.text ? h("p", { class: "rp-text", text: card.text }) : null);
  });

  const filters = h("div", { class: "rp-filters" },
    h("label", { class: "rp-search" }, h("span", { text: "Find a card" }),
      h("input", { type: "search", id: "rp-search", value: b.query, placeholder: "name, weapon, trait…", autocomplete: "off",
        oninput: (event) => { b.query = event.currentTarget.value; refilter(event.currentTarget, b, catalogue); } })),
    h("div", { class: "rp-chips", role: "group", "aria-label": "Show" }, FILTERS.map(([key, label]) => h("button", {
      type: "button", class: "rp-chip", dataset: { filter: key }, "aria-pressed": String(b.type === key),
      onclick: () => { b.type = key; redraw(); },
    }, label))));

  const problems = [...totals.problems];
  const ok = problems.length === 0;
  const over = totals.gold > limits.gold;
  const bar = h("div", { class: "rp-total-bar", dataset: { gold: String(totals.gold), ok: String(ok) } },
    h("p", { class: "rp-totals", role: "status" },
      h("span", { class: `rp-total${over ? " rp-bad" : ""}`, dataset: { total: String(totals.gold) } },
        h("strong", { text: `${totals.gold} / ${limits.gold}` }), " gold"),
      h("span", { class: `rp-total${totals.shipsForts > limits.maxShipsForts ? " rp-bad" : ""}`, dataset: { shipsForts: String(totals.shipsForts) } },
        h("strong", { text: `${totals.shipsForts} / ${limits.maxShipsForts}` }), " Ship/Fort"),
      h("span", { class: "rp-total", text: plural(totals.cards, "card") })),
    b.error ? h("p", { class: "rp-error", role: "alert", dataset: { refused: "" }, text: `Refused: ${b.error}` }) : null,
    problems.length && totals.cards ? h("ul", { class: "rp-problems" }, problems.map((p) => h("li", { text: p }))) : null,
    h("div", { class: "rp-bar-buttons" },
      h("button", { type: "button", class: "secondary small", id: "rp-clear", disabled: busy || !totals.cards,
        onclick: () => { setCounts({}); redraw(); } }, "Clear"),
      h("button", { type: "button", id: "rp-submit", disabled: busy || !ok,
        onclick: () => submit({ type: "party", cards: { ...b.counts } }) },
      ok ? `Hire this party (${totals.gold} gold)` : totals.cards ? "Fix the party first" : "Pick some cards")));

  return h("section", { class: "rp-build", dataset: { build: "building" }, "aria-labelledby": "rp-prompt" },
    h("div", { class: "rp-panel" },
      h("h2", { id: "rp-prompt", text: "Hire your raiding party" }),
      h("p", { class: "rp-rules-line", text: `${rules.join(" · ")}.` }),
      h("p", { class: "rp-status", dataset: { ready: String(build.ready_count ?? 0) }, text: `Everyone hires in secret: ${ready}.` })),
    readyMade.length ? h("section", { class: "rp-panel", "aria-labelledby": "rp-rm-h" },
      h("h3", { id: "rp-rm-h", text: "Ready-made parties" }),
      h("ul", { class: "rp-rm-list" }, readyMade)) : null,
    h("section", { class: "rp-panel rp-catalogue", "aria-labelledby": "rp-cat-h" },
      h("h3", { id: "rp-cat-h", text: `The catalogue (${shown.length} of ${catalogue.size} shown)` }),
      filters,
      h("ul", { class: "rp-cat-list" }, list),
      h("p", { class: "rp-hint rp-none", hidden: shown.length > 0, text: "No card matches." })),
    bar);
}
