// Raiding Parties: the legal list sorted for drawing. On your turn a card in play offers groups of actions (attack
// with one weapon, charge, use, its Played effect); a group with targets lights them up on the table. Every action
// sent is an entry of message.legal, untouched.

import { lineText, pct, playedWords, useWords } from "./cards.js";

const CARD_TYPES = new Set(["attack", "charge", "use", "effect"]);

export function sortLegal(legal) {
  const byCard = new Map();
  const plays = [];
  const other = [];
  let end = null;
  for (const action of legal) {
    if (action.type === "play") plays.push(action);
    else if (action.type === "end") end = action;
    else if (CARD_TYPES.has(action.type) && typeof action.card === "string") {
      if (!byCard.has(action.card)) byCard.set(action.card, []);
      byCard.get(action.card).push(action);
    } else other.push(action);
  }
  return { plays, end, byCard, other };
}

const hasTarget = (a) => a.target !== undefined && a.target !== null;

// The groups of one card's actions: [{key, label, sub, actions, targeted, picks}].
export function groupsFor(actions, card, inMelee) {
  const groups = new Map();
  for (const action of actions) {
    const key = action.type === "attack" || action.type === "charge" ? `${action.type}:${action.weapon}` : action.type;
    if (!groups.has(key)) groups.set(key, { key, type: action.type, weapon: action.weapon ?? null, actions: [] });
    groups.get(key).actions.push(action);
  }
  return [...groups.values()].map((g) => {
    const weapon = (card?.weapons ?? []).find((w) => w.name === g.weapon);
    const chance = weapon ? `${pct(weapon.chance)} a flip` : "";
    let label;
    let sub = "";
    if (g.type === "attack") {
      label = `${inMelee ? "Melee attack" : weapon?.kind === "M" ? "Melee attack" : "Shoot"} with ${g.weapon}`;
      sub = [weapon?.cannon ? "cannon" : "", chance].filter(Boolean).join(", ");
    } else if (g.type === "charge") {
      label = `Charge with ${g.weapon}`;
      sub = chance;
    } else if (g.type === "use") {
      label = `Use: ${useWords(card)}`;
      sub = card?.use ? `${lineText(card.use)}, ${pct(card.use.chance)}` : "";
    } else {
      label = `Played: ${playedWords(card)}`;
      sub = "free, this turn only";
    }
    return {
      ...g,
      label,
      sub,
      targeted: g.actions.some(hasTarget),
      picks: g.actions.filter((a) => a.pick !== undefined),
    };
  });
}

// target -> the action that sends it, for one group (or a prompt's shots).
export function targetMap(actions) {
  const map = new Map();
  for (const action of actions) if (hasTarget(action) && !map.has(action.target)) map.set(action.target, action);
  return map;
}
