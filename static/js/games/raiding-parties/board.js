// Raiding Parties: the table. Each player's area (hold, locker, Davy Jones, cards in play out of melee), no man's
// land (melee pairs, and Ships, Forts and Lands with their boarders), and the flip pile. Cards are buttons: a tap
// selects one (its details, and its actions when it is yours), or, while a target is being picked, sends the action
// aimed at it.
//
// Hooks: .rp-area[data-seat], .rp-card[data-id] (data-actor: yours with actions now; data-target: a valid target),
// .rp-hold[data-hold-seat] (data-target when a hold is a target), .rp-flips [data-flip].

import { h } from "../../dom.js";
import { TYPE_WORD, flipNode, flipWords, plural } from "./cards.js";

// ctx: {w (text.js words), catalogue, turnSeat, selected, targets: Map, actors: Set, busy, onCard(id), onTarget(action)}

function pips(left, hp) {
  const out = [];
  for (let i = 0; i < hp; i += 1) out.push(h("span", { class: `rp-pip${i < left ? " rp-pip-on" : ""}` }));
  return h("span", { class: "rp-pips", "aria-hidden": "true" }, out);
}

export function cardEl(entry, ctx) {
  const { card, seat } = entry;
  const { w } = ctx;
  const cat = ctx.catalogue.get(card.name);
  const type = cat?.type ?? "crew";
  const hp = card.hp ?? cat?.hp ?? 1;
  const left = Math.max(0, hp - (card.damage ?? 0));
  const mine = seat === w.me;
  const ownersTurn = ctx.turnSeat === seat;
  const target = ctx.targets.get(card.id) ?? null;
  const actor = ctx.actors.has(card.id);
  const tags = [];
  if (ownersTurn && type !== "land") {
    tags.push(card.used ? h("span", { class: "rp-tag rp-used", text: "used" })
      : h("span", { class: `rp-tag ${mine ? "rp-ready" : "rp-unused"}`, text: mine ? "ready" : "unused" }));
  }
  if (card.extra_attacks > 0) tags.push(h("span", { class: "rp-tag rp-extra", text: `+${card.extra_attacks} attack` }));
  if (card.melee_attacked) tags.push(h("span", { class: "rp-tag", text: "struck in melee" }));
  else if (ownersTurn && type === "crew" && card.melee?.length && !cat?.md) {
    tags.push(h("span", { class: "rp-tag rp-must", text: "must strike" })); // the melee lock (M4)
  }
  if (card.played_effect) tags.push(h("span", { class: "rp-tag rp-extra", text: "Played effect" }));
  if (card.spawned) tags.push(h("span", { class: "rp-tag", text: "spawned" }));
  const said = [
    w.card(card.id),
    `${left} of ${hp} HP left`,
    ...tags.map((t) => t.textContent),
    target ? "a valid target: tap to aim here" : "",
    actor ? "ready to act: tap for its actions" : "",
  ].filter(Boolean).join(", ");
  const classes = ["rp-card", `rp-type-${type}`, `rp-seat-${seat % 4}`];
  if (mine) classes.push("rp-mine");
  if (card.used) classes.push("rp-is-used");
  if (actor) classes.push("rp-actor");
  if (target) classes.push("rp-target");
  if (ctx.selected === card.id) classes.push("rp-selected");
  return h("button", {
    type: "button",
    class: classes.join(" "),
    dataset: { id: card.id, name: card.name, seat: String(seat), ...(actor ? { actor: "" } : {}), ...(target ? { target: target.target } : {}) },
    "aria-label": said,
    "aria-pressed": String(ctx.selected === card.id),
    disabled: ctx.busy && Boolean(target),
    onclick: (event) => (target ? ctx.onTarget(target) : ctx.onCard(card.id, event)),
  },
  h("span", { class: "rp-card-name", text: card.name }),
  // The id ties the card to the log's lines ("Rogue (c5)"); the owner is said only in no man's land, where sides mix.
  h("span", { class: "rp-card-owner", text: [card.id, type === "crew" ? "" : TYPE_WORD[type] ?? type, ctx.showOwner ? w.name(seat) : ""].filter(Boolean).join(" · ") }),
  h("span", { class: "rp-hp" }, hp <= 5 ? pips(left, hp) : null, h("span", { class: "rp-hp-text", text: `${left}/${hp} HP` })),
  tags.length ? h("span", { class: "rp-tags" }, tags) : null);
}

// Melee groups for no man's land: a Ship, Fort or Land with every boarder, or two crew in a duel.
export function meleeGroups(view, ctx) {
  const groups = [];
  const seen = new Set();
  const { where } = ctx.w;
  const typeOf = (id) => ctx.catalogue.get(where.get(id)?.card.name)?.type ?? "crew";
  for (const seat of view.seats ?? []) {
    for (const card of seat.in_play ?? []) {
      if (!card.melee?.length || seen.has(card.id)) continue;
      if (typeOf(card.id) !== "crew") {
        const ids = [card.id, ...card.melee.filter((id) => where.has(id))];
        ids.forEach((id) => seen.add(id));
        groups.push({ anchor: card.id, ids });
      } else if (card.melee.some((id) => where.has(id) && typeOf(id) !== "crew")) {
        continue; // drawn with the Ship, Fort or Land it boards
      } else {
        const ids = [card.id, ...card.melee.filter((id) => where.has(id))];
        ids.forEach((id) => seen.add(id));
        groups.push({ anchor: null, ids });
      }
    }
  }
  return { groups, seen };
}

function holdEl(seat, ctx) {
  const { w } = ctx;
  const target = ctx.targets.get(`hold:${seat.seat}`) ?? null;
  const backs = [];
  for (let i = 0; i < Math.min(seat.hold_size, 8); i += 1) backs.push(h("span", { class: "rp-back" }));
  const content = [
    h("span", { class: "rp-backs", "aria-hidden": "true" }, backs),
    h("span", { class: "rp-hold-text", text: `Hold: ${plural(seat.hold_size, "card")}` }),
  ];
  if (target) {
    return h("button", {
      type: "button", class: "rp-hold rp-target", dataset: { holdSeat: String(seat.seat), target: target.target },
      "aria-label": `${w.whose(seat.seat)} hold, ${plural(seat.hold_size, "card")}: a valid target, tap to aim here`,
      disabled: ctx.busy, onclick: () => ctx.onTarget(target),
    }, content);
  }
  return h("div", { class: "rp-hold", dataset: { holdSeat: String(seat.seat) } }, content);
}

function davyJones(seat) {
  const dead = seat.davy_jones ?? [];
  if (!dead.length) return h("span", { class: "rp-count-chip", dataset: { davyJones: "0" }, text: "Davy Jones: 0" });
  return h("details", { class: "rp-dj", dataset: { davyJones: String(dead.length) } },
    h("summary", { text: `Davy Jones: ${dead.length}` }),
    h("ol", { class: "rp-dj-list" }, dead.map((name) => h("li", { text: name }))));
}

export function area(seat, ctx, { showHold = true } = {}) {
  const { w } = ctx;
  const turn = ctx.turnSeat === seat.seat;
  const mine = seat.seat === w.me;
  const free = (seat.in_play ?? []).filter((c) => !ctx.inMelee.has(c.id));
  return h("section", {
    class: `rp-area rp-seat-${seat.seat % 4}${turn ? " rp-turn" : ""}${mine ? " rp-you" : ""}${seat.out ? " rp-out" : ""}`,
    dataset: { seat: String(seat.seat), turn: String(turn), out: String(Boolean(seat.out)) },
    "aria-label": `${mine ? "Your" : `${w.name(seat.seat)}'s`} area`,
  },
  h("div", { class: "rp-area-head" },
    h("h3", { class: "rp-area-name" }, turn ? h("span", { class: "rp-turn-mark", "aria-hidden": "true", text: "▶ " }) : null, w.name(seat.seat)),
    mine ? h("span", { class: "badge you", text: "you" }) : null,
    turn ? h("span", { class: "badge turn", text: "to play" }) : null,
    seat.out ? h("span", { class: "badge offline", text: "out" }) : null,
    h("span", { class: "rp-area-counts" },
      showHold && !mine ? holdEl(seat, ctx) : null,
      mine ? h("span", { class: "rp-count-chip", dataset: { holdSize: String(seat.hold_size) }, text: `Hold: ${seat.hold_size}` }) : null,
      h("span", { class: "rp-count-chip", dataset: { locker: String(seat.locker_size) }, text: `Locker: ${seat.locker_size}` }),
      davyJones(seat))),
  free.length
    ? h("div", { class: "rp-cards", role: "group", "aria-label": `${mine ? "Your" : `${w.name(seat.seat)}'s`} cards in play` },
      free.map((card) => cardEl({ card, seat: seat.seat }, ctx)))
    : h("p", { class: "rp-empty", text: (seat.in_play ?? []).length ? "All in no man's land." : "No cards in play." }));
}

export function noMansLand(view, ctx, groups) {
  const { w } = ctx;
  const owned = { ...ctx, showOwner: true }; // out here cards from every side mix: each says whose it is
  const items = groups.map((g) => {
    const [first, ...rest] = g.ids;
    const label = g.anchor
      ? `${w.Card(g.anchor)} boarded by ${rest.map(w.card).join(", ")}`
      : `${w.Card(first)} in melee with ${rest.map(w.card).join(", ")}`;
    return h("li", { class: `rp-melee${g.anchor ? " rp-boarded" : ""}`, "aria-label": label },
      cardEl(w.where.get(first), owned),
      h("span", { class: "rp-vs", "aria-hidden": "true", text: g.anchor ? "⚓" : "⚔" }),
      h("span", { class: "rp-melee-rest" }, rest.map((id) => cardEl(w.where.get(id), owned))));
  });
  return h("section", { class: "rp-nml", "aria-labelledby": "rp-nml-h" },
    h("h3", { id: "rp-nml-h", class: "rp-mini-h", text: "No man's land" }),
    items.length ? h("ul", { class: "rp-melees" }, items) : h("p", { class: "rp-empty", text: "No melee." }));
}

export function flipPile(view) {
  const flips = view.flips ?? { deck: 0, pile: [], last: null };
  const recent = (flips.pile ?? []).slice(-7, -1).reverse();
  return h("section", { class: "rp-flips", "aria-labelledby": "rp-flips-h" },
    h("h3", { id: "rp-flips-h", class: "rp-mini-h", text: "Flips" }),
    h("div", { class: "rp-flips-row" },
      flips.last ? h("div", { class: "rp-last" }, flipNode(flips.last, { big: true }),
        h("span", { class: "visually-hidden", text: `Last flip: ${flipWords(flips.last)}` }))
        : h("div", { class: "rp-last rp-none-yet", text: "No flip yet" }),
      h("div", { class: "rp-deck-info" },
        h("p", { class: "rp-deck", dataset: { deck: String(flips.deck) }, text: `Deck: ${flips.deck}` }),
        h("p", { class: "rp-pile-count", text: `Pile: ${(flips.pile ?? []).length}` }),
        recent.length ? h("p", { class: "rp-recent" }, h("span", { class: "rp-recent-label", text: "Before: " }),
          recent.map((code) => [flipNode(code), " "])) : null)));
}

// Opponents first (in turn order after you), the middle, then you: your cards sit nearest your controls.
export function table(view, ctx) {
  const seats = view.seats ?? [];
  const me = ctx.w.me;
  const bottom = me ?? 0;
  const order = seats.map((_, i) => seats[(bottom + 1 + i) % seats.length]).filter((s) => s.seat !== bottom);
  const { groups, seen } = meleeGroups(view, ctx);
  const full = { ...ctx, inMelee: seen };
  return h("div", { class: "rp-table" },
    order.map((seat) => area(seat, full)),
    h("div", { class: "rp-middle" }, noMansLand(view, full, groups), flipPile(view)),
    seats[bottom] ? area(seats[bottom], full) : null);
}
