// Raiding Parties: seats, cards in play and targets in words, and the attack, hit and prompt under way as sentences
// that read the same for every viewer (only "you" changes).

import { plural } from "./cards.js";

// ctx: {view, names, me}; built once per drawing.
export function words(view, names) {
  const me = view.you ?? null;
  const where = new Map(); // card id -> {card, seat}
  for (const seat of view.seats ?? []) for (const card of seat.in_play ?? []) where.set(card.id, { card, seat: seat.seat });

  const name = (seat) => names[seat] ?? `Seat ${seat + 1}`;
  const who = (seat) => (seat === me ? "you" : name(seat));
  const Who = (seat) => (seat === me ? "You" : name(seat));
  const whose = (seat) => (seat === me ? "your" : `${name(seat)}'s`);
  const Whose = (seat) => (seat === me ? "Your" : `${name(seat)}'s`);

  // "Brethren", or "Brethren c5" when its owner has two of that name in play.
  const short = (id) => {
    const found = where.get(id);
    if (!found) return String(id);
    const twins = (view.seats[found.seat]?.in_play ?? []).filter((c) => c.name === found.card.name).length;
    return twins > 1 ? `${found.card.name} ${id}` : found.card.name;
  };
  const card = (id) => {
    const found = where.get(id);
    return found ? `${whose(found.seat)} ${short(id)}` : String(id);
  };
  const target = (t) => {
    if (typeof t === "string" && t.startsWith("hold:")) return `${whose(Number(t.slice(5)))} hold`;
    return card(t);
  };
  return { view, names, me, where, name, who, Who, whose, Whose, short, card, target, Card: (id) => capital(card(id)) };
}

export function capital(text) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

const MODE_WORDS = {
  use: "attacks",
  extra: "makes an extra attack",
  charge: "charges",
  stand: "stands and shoots",
  retaliate: "retaliates",
  md: "defends (Melee Defense)",
  cannoneer_a: "strikes again",
  cannoneer_b: "fires back",
  free: "throws free Grenades",
};

// "Ann's Rogue attacks with Pistol: flip 1 of 1, at Bea's Sloop."
export function attackText(attack, w) {
  const doing = MODE_WORDS[attack.mode] ?? "attacks";
  const targets = [...new Set(attack.targets ?? [])].map(w.target);
  const at = targets.length ? `, at ${targets.join(" and ")}` : "";
  const weapon = attack.mode === "md" ? "" : ` with ${attack.weapon}`;
  return `${w.Card(attack.card)} ${doing}${weapon}: flip ${Math.min(attack.flips_made + 1, attack.flips)} of ${attack.flips}${at}.`;
}

const STEP_WORDS = {
  navigator: "a Navigator may be revealed",
  reveal: "a random card is revealed",
  coastlands: "Coastlands may cancel it",
  evade: "it tries to evade",
  fortify: "it tries to fortify",
  jolly_roger: "a Jolly Roger may be played",
  apply: "the hit lands",
};

const CAUSE_WORDS = { normal: "Hit", cannon: "Cannon hit", destroy: "Destroy" };

export function hitText(hit, w) {
  const cause = CAUSE_WORDS[hit.cause] ?? "Hit";
  const on = hit.hold || hit.card === null
    ? `${w.whose(hit.seat)} hold${hit.revealed ? ` (the card revealed: ${hit.revealed})` : ""}`
    : w.card(hit.card);
  const step = STEP_WORDS[hit.step];
  return `${cause} on ${on}${step ? `: ${step}` : ""}.`;
}

// The prompt as everyone reads it; the prompted seat reads the same sentence about "you".
export function promptText(prompt, w) {
  const seat = prompt.seat;
  switch (prompt.kind) {
    case "aim":
      return `${w.Who(seat)} ${seat === w.me ? "aim" : "aims"} the next flip of ${w.card(prompt.card)}'s ${prompt.weapon} (${plural(prompt.flips_left, "flip")} left), or ${seat === w.me ? "stop" : "stops"}.`;
    case "stand_and_shoot":
      return `${w.Card(prompt.charger)} ${prompt.weapon ? `charges with ${prompt.weapon} at` : "charges"} ${w.card(prompt.card)}: ${w.who(seat)} may Stand and Shoot first.`;
    case "retaliate":
      return `${w.Card(prompt.card)} may retaliate against ${w.card(prompt.attacker)} with a melee weapon.`;
    case "cannoneer":
      return prompt.form === "b"
        ? `${w.Card(prompt.card)} may fire its Cannon back at ${w.target(prompt.target)}.`
        : `${w.Card(prompt.card)} may strike ${w.target(prompt.target)} once more.`;
    case "grenades":
      return `${w.Card(prompt.card)} evaded: ${w.who(seat)} may throw its Grenades for free.`;
    case "search":
      return `${w.Who(seat)} ${seat === w.me ? "pick" : "picks"} a card from ${w.whose(seat)} locker for ${w.card(prompt.card)}.`;
    case "reaction":
      return `${w.Who(seat)} may react.`;
    default:
      return `${w.Who(seat)} must answer (${prompt.kind}).`;
  }
}

// For the prompted seat only, what its reaction would do; it reads public facts only (the step and the hit card).
export function reactionHelp(prompt, w) {
  switch (prompt.step) {
    case "navigator":
      return "Your hold was hit: you may reveal a Navigator from it, whose flip may cancel the hit.";
    case "jolly_roger":
      return `${prompt.card ? capital(w.card(prompt.card)) : "A card in your hold"} was hit and nothing saved it: you may play a Jolly Roger, whose flip may cancel the hit.`;
    default:
      return `${w.Who(prompt.seat)} may react.`;
  }
}
