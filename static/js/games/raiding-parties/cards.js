// Raiding Parties: the catalogue in words and symbols (suits, lines, weapons, abilities) and the playing cards of
// the flip pile. Everything here reads catalogue entries as the engine's README describes them.

import { h } from "../../dom.js";
import { CATALOGUE } from "./catalogue.js";

export const SUIT = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_WORD = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RED = new Set(["H", "D"]);
export const TYPE_WORD = { crew: "Crew", ship: "Ship", fort: "Fort", land: "Land", "one-timer": "One-timer" };

// The catalogue is a static module (it never changes in a game), not part of each state message.
const BY_NAME = new Map(CATALOGUE.map((card) => [card.name, card]));

export function byName() {
  return BY_NAME;
}

export function pct(chance) {
  return typeof chance === "number" ? `${Math.round(chance * 100)}%` : "";
}

export function plural(n, word, many = `${word}s`) {
  return `${n} ${n === 1 ? word : many}`;
}

function suitNode(suit) {
  return h("span", { class: `rp-suit${RED.has(suit) ? " rp-red" : ""}`, title: SUIT_WORD[suit] ?? suit, text: SUIT[suit] ?? suit });
}

// "♠ ♦, A K": the suits, then the ranks, as the edition writes a line.
export function lineNodes(line) {
  if (!line) return [];
  const suits = (line.suits ?? []).map((s, i) => [i ? " " : "", suitNode(s)]);
  const ranks = (line.ranks ?? []).join(" ");
  return [suits, suits.length && ranks ? ", " : "", ranks];
}

export function lineText(line) {
  if (!line) return "";
  const suits = (line.suits ?? []).map((s) => SUIT[s] ?? s).join(" ");
  const ranks = (line.ranks ?? []).join(" ");
  return [suits, ranks].filter(Boolean).join(", ");
}

// How a weapon's flips go: "2 targets", "2 shots", "2 flips"; nothing for a single flip.
export function flipsText(weapon) {
  const n = weapon.flips ?? 1;
  if (n <= 1) return "";
  if (weapon.aim === "distinct") return `${n} targets`;
  if (weapon.aim === "each") return `${n} shots`;
  return `${n} flips`;
}

// One weapon as a row of the catalogue: name, kind, line, flips and the chance of one flip.
export function weaponNode(weapon) {
  const extra = [flipsText(weapon), weapon.requires ? `with ${weapon.requires} in play` : ""].filter(Boolean).join(", ");
  return h("li", { class: `rp-weapon rp-kind-${weapon.cannon ? "c" : weapon.kind}`, dataset: { weapon: weapon.name } },
    h("span", { class: "rp-kind", text: weapon.cannon ? "Cannon" : weapon.kind === "M" ? "Melee" : "Shot" }),
    " ", h("strong", { text: weapon.name }), ": ", lineNodes(weapon),
    extra ? ` (${extra})` : "",
    h("span", { class: "rp-chance", text: ` ${pct(weapon.chance)}` }));
}

const USE_WORDS = {
  destroy_hold: "destroy a random card in an enemy hold",
  search: "put a card from your locker into your hold",
  extra_attack_privateer: "a Privateer of yours attacks again",
  extra_attack_crew: "another crew of yours attacks again",
  make_pirate: "make a Pirate",
};

const PLAYED_WORDS = {
  draw: "draw a card from your locker",
  brethren: "play another Brethren",
  extra_attack: "a crew of yours attacks again",
  search: "take a card from your locker into your hold",
  spawn_privateer: "a Privateer joins your play",
};

export function useWords(card) {
  return USE_WORDS[card?.use?.effect] ?? "its ability";
}

export function playedWords(card) {
  return PLAYED_WORDS[card?.played] ?? "its Played effect";
}

// The lines a card flips besides its weapons (MD, Evade, Fortify, its hold line, its Use), each with its chance.
export function abilityRows(card) {
  const rows = [];
  const add = (label, line, words = "") => {
    if (line) rows.push({ label, line, words });
  };
  add("Melee Defense", card.md);
  add("Evade", card.evade);
  add("Fortify", card.fortify);
  add("From the hold", card.hold, "cancel a hit on your hold");
  add("Use", card.use, useWords(card));
  return rows;
}

// The card's own text says what a Use or a hold line does; the words are added only when it has none.
export function abilityNodes(card) {
  return abilityRows(card).map((row) => h("li", { class: "rp-ability" },
    h("strong", { text: row.label }), ": ", lineNodes(row.line), h("span", { class: "rp-chance", text: ` ${pct(row.line.chance)}` }),
    row.words && !card.text ? ` — ${row.words}` : ""));
}

export function traitsText(card) {
  const traits = card.traits ?? [];
  if (!traits.length) return "";
  return card.traits_in_play_only ? `${traits.join(" + ")} (in play only)` : traits.join(", ");
}

// A catalogue card, full: for the builder and the details of a selected card.
export function cardDetails(card, { heading = "h3" } = {}) {
  if (!card) return null;
  const facts = [TYPE_WORD[card.type] ?? card.type, `${card.gold} gold`, card.hp === null ? "one use" : `${card.hp} HP`];
  if (card.unique) facts.push("(X) one per party");
  const traits = traitsText(card);
  if (traits) facts.push(traits);
  return h("div", { class: "rp-details", dataset: { card: card.name } },
    h(heading, { class: "rp-details-name", text: card.name }),
    h("p", { class: "rp-facts", text: facts.join(" · ") }),
    card.weapons?.length ? h("ul", { class: "rp-weapons" }, card.weapons.map(weaponNode)) : null,
    abilityRows(card).length ? h("ul", { class: "rp-abilities" }, abilityNodes(card)) : null,
    card.text ? h("p", { class: "rp-text", text: card.text }) : null);
}

// A flipped playing card, "10H" -> {rank: "10", suit: "H"}.
export function parseFlip(code) {
  const text = String(code ?? "");
  return { rank: text.slice(0, -1), suit: text.slice(-1) };
}

export function flipText(code) {
  const { rank, suit } = parseFlip(code);
  return `${rank}${SUIT[suit] ?? suit}`;
}

export function flipWords(code) {
  const { rank, suit } = parseFlip(code);
  const ranks = { A: "ace", K: "king", Q: "queen", J: "jack" };
  return `${ranks[rank] ?? rank} of ${SUIT_WORD[suit] ?? suit}`;
}

export function flipNode(code, { big = false } = {}) {
  const { rank, suit } = parseFlip(code);
  return h("span", {
    class: `rp-flip${big ? " rp-flip-big" : ""}${RED.has(suit) ? " rp-red" : ""}`,
    dataset: { flip: String(code) },
    role: "img",
    "aria-label": flipWords(code),
  }, h("span", { class: "rp-flip-rank", text: rank }), h("span", { class: "rp-flip-suit", text: SUIT[suit] ?? suit }));
}
