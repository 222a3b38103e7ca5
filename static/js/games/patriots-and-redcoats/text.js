// Patriots & Redcoats: words for cards, teams, seats and the public step, shared by the table, controls and result.

export const CARD = {
  patriot: { name: "Patriot", short: "P", team: "patriots" },
  redcoat: { name: "Redcoat", short: "R", team: "redcoats" },
  turncoat: { name: "Turncoat", short: "T", team: null },
  patriot_spy: { name: "Patriot Spy", short: "PS", team: "patriots" },
  redcoat_spy: { name: "Redcoat Spy", short: "RS", team: "redcoats" },
  patriot_leader: { name: "General Washington", short: "GW", team: "patriots", note: "Patriot Leader" },
  redcoat_leader: { name: "King George III", short: "KG", team: "redcoats", note: "Redcoat Leader" },
};

export const SPIES = { patriot_spy: "patriots", redcoat_spy: "redcoats" };
export const LEADERS = { patriot_leader: "patriots", redcoat_leader: "redcoats" };

export function cardName(kind, { long = false } = {}) {
  const card = CARD[kind];
  if (!card) return String(kind ?? "?");
  return long && card.note ? `${card.name} (${card.note})` : card.name;
}

// "the Patriot Spy", "a Redcoat", "King George III".
export function cardWithArticle(kind) {
  if (LEADERS[kind]) return cardName(kind);
  if (SPIES[kind]) return `the ${cardName(kind)}`;
  return `a ${cardName(kind)}`;
}

export function teamName(team, { plural = false } = {}) {
  if (team === "patriots") return plural ? "Patriots" : "Patriot";
  if (team === "redcoats") return plural ? "Redcoats" : "Redcoat";
  return "unknown";
}

export function warSide(name) {
  return /patriot/i.test(String(name)) ? "patriots" : "redcoats";
}

export function plural(n, word, many = `${word}s`) {
  return `${n} ${n === 1 ? word : many}`;
}

export function joinNames(list) {
  if (list.length < 2) return list.join("");
  return `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
}

// Seat names: "you" where the viewer is meant, the table's names otherwise.
export function namer(names, me) {
  const name = (seat) => names[seat] ?? `Seat ${seat}`;
  return {
    name,
    who: (seat) => (seat === me && me !== null && me !== undefined ? "you" : name(seat)),
    Who: (seat) => (seat === me && me !== null && me !== undefined ? "You" : name(seat)),
  };
}

// A Spycraft card as people say it: "2-eye Spy", "Skip Next Turn (Major Ferguson)".
export function spycraftName(card) {
  if (!card) return "";
  const title = card.title ?? card.kind;
  if (card.eyes) return `${card.eyes}-eye ${title}`;
  if (card.feathers) return `${card.feathers}-feather ${title}`;
  if (card.name) return `${title}: ${card.name}`;
  return title;
}

export const SPYCRAFT_HINT = {
  spy: "Give it to another player, who gains its eyes; 3 eyes force a reveal.",
  conceal: "Split its feathers among players; each feather removes one eye.",
  skip: "The next player in turn order does not take a turn.",
  reverse: "Play changes direction until the end of the round.",
  draw2: "Two more cards are drawn and both resolve, in the order the drawer picks.",
  winter: "A War card is revealed, face-up cards flip down, and everyone passes a card to their left.",
};

export const NAMED_HINT = {
  "Major Ferguson": "Also lets the drawer name a player who reveals a face-down card of their choice.",
  Hessians: "Afterwards the drawer may make a player flip a face-up card down, or call an immediate War Council.",
};

// The viewer's team and the rule that decides it (edition, Teams), from their own cards only.
export function teamReason(view) {
  const team = view.your_team;
  if (!team) return { team: null, reason: "Your loyalty is confirmed once everyone has confirmed theirs." };
  const kinds = (view.your_cards ?? []).map((c) => c.kind);
  const spy = kinds.find((k) => SPIES[k]);
  if (spy) return { team, reason: `you hold ${cardWithArticle(spy)}: a Spy's loyalty never changes.` };
  const both = kinds.filter((k) => LEADERS[k]).length === 2;
  if (both) return { team, reason: "you hold both Leaders; your third card decides." };
  if (view.your_last_leader) {
    const held = kinds.includes(view.your_last_leader);
    return {
      team,
      reason: `the last Leader you held ${held ? "is" : "was"} ${cardName(view.your_last_leader, { long: true })}.`,
    };
  }
  const blue = kinds.filter((k) => k === "patriot").length;
  const red = kinds.filter((k) => k === "redcoat").length;
  const turn = kinds.filter((k) => k === "turncoat").length;
  if (blue >= 2 || red >= 2) {
    const n = Math.max(blue, red);
    return { team, reason: `you hold ${n} ${teamName(blue >= 2 ? "patriots" : "redcoats")} cards.` };
  }
  const choice = view.your_turncoat_choice ?? team;
  return {
    team,
    reason: `you chose to count your ${turn === 1 ? "Turncoat" : "Turncoats"} as ${teamName(choice, { plural: true })}.`,
  };
}

// Who the public step waits on: {seats: [..], text}. `n` is a namer.
export function stepStatus(view, n) {
  const step = view.step;
  const living = view.seats.filter((s) => s.alive).map((s) => s.seat);
  if (!step) return { seats: [], text: view.over ? "The game is over." : "" };
  const one = (seat, text) => ({ seats: [seat], text });
  switch (step.kind) {
    case "confirm":
      return { seats: [], text: "Everyone confirms their loyalty in secret." };
    case "spy":
      return one(step.seat, `${n.Who(step.seat)} drew a ${spycraftName(step.card)} card and ${verb(n, step.seat, "is", "are")} choosing who receives it.`);
    case "conceal":
      return one(step.seat, `${n.Who(step.seat)} drew a ${spycraftName(step.card)} card and ${verb(n, step.seat, "is", "are")} sharing out its feathers.`);
    case "reveal":
      return one(step.seat, step.reason === "eyes"
        ? `${n.Who(step.seat)} reached 3 eyes and must reveal a face-down Loyalty card.`
        : `${n.Who(step.seat)} must reveal a face-down Loyalty card of ${verb(n, step.seat, "their", "your")} choice (Major Ferguson).`);
    case "hessians_flip":
      return one(step.seat, `${n.Who(step.seat)} must flip a face-up Loyalty card face down (Hessians).`);
    case "ferguson":
      return one(step.seat, `${n.Who(step.seat)} drew Major Ferguson and may name a player to reveal a card.`);
    case "order":
      return one(step.seat, `${n.Who(step.seat)} drew Draw 2 Cards and ${verb(n, step.seat, "chooses", "choose")} which card resolves first.`);
    case "hessians":
      return one(step.seat, `${n.Who(step.seat)} may use Hessians: a face-down flip for someone, or an immediate War Council.`);
    case "winter":
      return winterStatus(step, n, living);
    case "council":
      return councilStatus(view, step, n, living);
    default:
      return { seats: [], text: "" };
  }
}

function verb(n, seat, third, second) {
  return n.who(seat) === "you" ? second : third;
}

function winterStatus(step, n, living) {
  if (step.step === "war") return { seats: [step.seat], text: `Winter is Coming: ${n.who(step.seat)} ${verb(n, step.seat, "reveals", "reveal")} one of two War cards.` };
  if (step.step === "flip") return { seats: [], text: "Winter: every player with a face-up Loyalty card flips one face down." };
  if (step.step === "select") return { seats: [], text: "Winter: every player secretly picks a face-down card to pass to the next player clockwise." };
  return { seats: [], text: "Winter: the Leaders are checked." };
}

function councilStatus(view, step, n, living) {
  const what = step.hessians ? "Hessians War Council" : "War Council";
  if (step.step === "nominate") {
    return { seats: [step.commander], text: step.hessians
      ? `${n.Who(step.commander)} called a Hessians War Council and ${verb(n, step.commander, "names", "name")} its Agent.`
      : `${n.Who(step.commander)}, the Commander, ${verb(n, step.commander, "nominates", "nominate")} an Agent.` };
  }
  if (step.step === "vote") {
    const voted = new Set(step.voted ?? []);
    const waiting = living.filter((s) => !voted.has(s));
    return { seats: waiting, text: `Vote on the ${what} of ${n.name(step.commander)} and ${n.name(step.agent)}: waiting for ${plural(waiting.length, "player")}.` };
  }
  if (step.step === "discard") return { seats: [step.commander], text: `The ${what} meets in secret: ${n.who(step.commander)} ${verb(n, step.commander, "discards", "discard")} one of three War cards.` };
  if (step.step === "place") return { seats: [step.agent], text: `The ${what} meets in secret: ${n.who(step.agent)} ${verb(n, step.agent, "places", "place")} one of two War cards on the track.` };
  return { seats: [], text: `The ${what}'s War card is on the track.` };
}

// The open response window, as a sentence.
export function windowText(view, n) {
  const w = view.window;
  if (!w) return "";
  if (w.kind === "assassination") {
    return `${n.Who(w.assassin)} revealed a Spy card to assassinate ${n.who(w.target)}!`;
  }
  if (w.kind === "agent") return `${n.Who(w.seat)} placed a War card on the War track.`;
  const entry = [...(view.resolving ?? [])].reverse().find((r) => r.step === "window");
  if (!entry) return `${n.Who(w.seat)} announced a card.`;
  if (Array.isArray(entry.to)) {
    const counts = new Map();
    for (const seat of entry.to) counts.set(seat, (counts.get(seat) ?? 0) + 1);
    const shares = [...counts].map(([seat, k]) => `${k} to ${n.who(seat)}`).join(", ");
    return `${n.Who(entry.seat)} split the feathers of a ${spycraftName(entry.card)}: ${shares}.`;
  }
  return `${n.Who(entry.seat)} gave a ${spycraftName(entry.card)} card to ${n.who(entry.to)}.`;
}

export function councilOutcome(c) {
  switch (c.outcome) {
    case "elected": return "elected";
    case "failed": return "failed";
    case "placed": return `placed a ${c.placed === "patriots" ? "Patriot" : "Redcoat"} Victory`;
    case "discarded": return "its War card was discarded";
    case "broken": return "broken";
    default: return c.outcome ?? "";
  }
}
