// Red Scare Redux: what the page needs to know about the cards (the edition's numbers, in short), and how cards and
// seats are named in sentences. Nothing here decides what is legal: the engine's legal list does.

export const CLASS_NAMES = { A: "Assassin", C: "Cryptographer", E: "Extractor", I: "Infiltrator", S: "Saboteur" };
export const SUPPLY_TYPES = ["Funds", "Gear", "Intel", "Transport", "Weapons"];

// name: [agent classes ("*" any), supplies needed by type, points, Completion Bonus]
const OBJECTIVES = {
  "Smuggle Defector": ["E*", { Transport: 3, Funds: 1, Gear: 1 }, 4, "DRAW2"],
  "Assassinate Royalty": ["", { Weapons: 7 }, 3, "NONE"],
  "Steal the Blueprints": ["I", { Intel: 2, Gear: 2 }, 3, "EXTRA1"],
  "Bug the Embassy": ["I", { Gear: 3 }, 2, "DRAW1"],
  "Crack the Cipher": ["C", { Intel: 4 }, 3, "DRAW1"],
  "Sabotage the Refinery": ["S", { Gear: 2, Weapons: 2 }, 3, "EXTRA1"],
  "Bribe an Official": ["*", { Funds: 4 }, 2, "DRAW1"],
  "Dead Letter Box": ["*", { Intel: 2 }, 1, "DRAW1"],
  "Safehouse Network": ["**", { Funds: 2, Transport: 2 }, 3, "DRAW2"],
  "Exfiltrate the Scientist": ["EC", { Transport: 4, Intel: 2 }, 5, "NONE"],
  "Eliminate the Mole": ["A", { Intel: 3, Weapons: 2 }, 3, "STEAL"],
  "Hijack Arms Shipment": ["**", { Transport: 3, Weapons: 3 }, 4, "EXTRA1"],
  "Rig the Election": ["I*", { Funds: 5, Intel: 2 }, 5, "NONE"],
  "Destroy the Missile Silo": ["S*", { Weapons: 5, Gear: 3, Transport: 2 }, 5, "NONE"],
  "Photograph the Warheads": ["I", { Gear: 2, Transport: 1 }, 2, "DRAW1"],
  "Turn an Asset": ["*", { Funds: 3, Intel: 3 }, 3, "STEAL"],
  "Rescue a Captured Agent": ["E*", { Transport: 2, Weapons: 3 }, 4, "DRAW2"],
  "Poison the General": ["A", { Gear: 2, Funds: 1 }, 2, "EXTRA1"],
  "Tap the Hotline": ["C", { Gear: 2, Intel: 1 }, 2, "DRAW1"],
  "Blow the Bridge": ["S", { Weapons: 3, Transport: 1 }, 3, "STEAL"],
  "Launder the Money": ["", { Funds: 6 }, 2, "DRAW2"],
  "Steal the Nuclear Codes": ["CIA", { Intel: 4, Gear: 2 }, 5, "NONE"],
  "Border Run": ["", { Transport: 6 }, 2, "EXTRA1"],
  "Activate Sleeper Cell": ["***", {}, 2, "DRAW1"],
};

export const BONUS_TEXT = {
  DRAW1: "draw 1 Resource",
  DRAW2: "draw 2 Resources",
  EXTRA1: "one extra action",
  STEAL: "take a random card from an opponent",
  NONE: "no bonus",
};

const BLACK_OPS = {
  "Counterintelligence": "Instant: stops a Black Ops card as it is played.",
  "Tip-Off": "Instant: an opponent's Completion Bonus does not happen.",
  "Burn Notice": "Throw away an opponent's partial Objective with all its cards.",
  "Sabotage": "Knock one card off an opponent's partial Objective.",
  "Defector": "Move an Agent from an opponent's partial Objective onto the discard.",
  "Pickpocket": "Take a random card from an opponent's hand.",
  "Interrogation": "Look at an opponent's hand and take one card.",
  "Requisition": "Draw 3 Resources.",
  "Double Agent": "Counts as an Agent of any class on your partial Objective.",
  "Forged Papers": "Counts as a Supply of any type, value 2, on your partial Objective.",
};

export function isObjective(name) {
  return Object.hasOwn(OBJECTIVES, name);
}

export function kindOf(name) {
  if (isObjective(name)) return "objective";
  if (Object.values(CLASS_NAMES).includes(name)) return "agent";
  if (Object.hasOwn(BLACK_OPS, name)) return "blackops";
  return "supply";
}

function classText(letter) {
  return letter === "*" ? "any Agent" : CLASS_NAMES[letter] ?? letter;
}

export function objectiveInfo(name) {
  const row = OBJECTIVES[name];
  if (!row) return null;
  const [agents, supplies, points, bonus] = row;
  return { agents: [...agents], supplies, points, bonus };
}

// "Infiltrator, Gear 3 · 2 pts · bonus: draw 1 Resource"
export function objectiveNeeds(name) {
  const info = objectiveInfo(name);
  if (!info) return "";
  const parts = [...info.agents.map(classText), ...Object.entries(info.supplies).map(([t, n]) => `${t} ${n}`)];
  return `Needs ${parts.join(", ") || "nothing"} · ${info.points} pt${info.points === 1 ? "" : "s"} · ${BONUS_TEXT[info.bonus]}`;
}

// What a partial still lacks, from the view's `missing`.
export function missingText(missing) {
  const agents = (missing?.agents ?? []).map(classText);
  const supplies = Object.entries(missing?.supplies ?? {}).map(([t, n]) => `${t} ${n}`);
  const parts = [...agents, ...supplies];
  return parts.length ? parts.join(", ") : "nothing";
}

export function cardHelp(name) {
  if (isObjective(name)) return objectiveNeeds(name);
  if (BLACK_OPS[name]) return BLACK_OPS[name];
  return "";
}

export function placedText(placed) {
  if (placed.pair) return `${placed.pair.join(" + ")} as ${CLASS_NAMES[placed.as] ?? placed.as}`;
  if (placed.as) return `${placed.card} as ${CLASS_NAMES[placed.as] ?? placed.as}`;
  return placed.card;
}

export function asText(value) {
  return CLASS_NAMES[value] ? `as a${value === "A" || value === "E" || value === "I" ? "n" : ""} ${CLASS_NAMES[value]}` : `as ${value}`;
}

export function seatName(names, view, seat) {
  if (seat === null || seat === undefined) return "nobody";
  const name = names[seat] ?? `Seat ${seat + 1}`;
  return seat === view.you ? `${name} (you)` : name;
}

export function teamName(view, team) {
  return `Team ${team + 1}${team === view.your_team ? " (yours)" : ""}`;
}

export function partialName(view, id) {
  const p = (view.partials ?? []).find((x) => x.id === id);
  return p ? `${p.objective} (Team ${p.team + 1})` : id;
}

export function deckName(deck) {
  return { omega: "Omega", delta: "Delta", objective: "Objective" }[deck] ?? deck;
}
