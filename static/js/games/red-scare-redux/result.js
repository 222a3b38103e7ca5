// Red Scare Redux: the result. The platform writes the winners above; here the teams' ranking with their points
// and players, why the game ended, and every hand as it was at the end.

import { h } from "../../dom.js";
import { namesFrom } from "../../structure.js";

const REASONS = {
  objectives: "A team completed enough Objectives.",
  decks_empty: "The Resource decks ran out.",
  no_progress: "Nothing changed for too many turns.",
};

// A team as the table and the seats name it (the platform's team label is the team's number from 1).
const team = (index) => `Team ${index + 1}`;

function listed(words) {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

// How a tie for most points was settled, in words (edition, "Winner": among the tied teams the one that completed an
// Objective most recently wins; tied teams that completed none draw).
export function tieBreakText(tie) {
  if (!tie || !Array.isArray(tie.teams) || tie.teams.length < 2) return "";
  const tied = `Tied at ${tie.points} point${tie.points === 1 ? "" : "s"}`;
  if (tie.last === null || tie.last === undefined) {
    return `${tied}: ${tie.teams.length === 2 ? "neither team" : "none of them"} completed an Objective, so ${listed(tie.teams.map(team))} draw.`;
  }
  return `${tied}: ${team(tie.last)} completed an Objective last, so ${team(tie.last)} wins the tie.`;
}

export function resultView(message) {
  const result = message.result ?? {};
  const names = namesFrom(message);
  const you = message.you?.seat ?? null;
  const winners = new Set(result.winners ?? []);
  const hands = result.reveal?.hands ?? [];
  const who = (seat) => `${names[seat] ?? `Seat ${seat + 1}`}${seat === you ? " (you)" : ""}`;
  const draw = result.tie_break && (result.tie_break.last === null || result.tie_break.last === undefined);
  // Four narrow columns, so the table fits a phone without breaking a word: the outcome sits under the team's name.
  const rows = (result.ranking ?? []).map((row) => {
    const won = row.seats.some((s) => winners.has(s));
    return h("tr", { class: row.seats.includes(you) ? "rs-you" : null, dataset: { team: String(row.team), rank: String(row.rank), points: String(row.points) } },
      h("td", { text: String(row.rank) }),
      h("th", { scope: "row" }, team(row.team),
        won ? h("span", { class: "rs-outcome", text: draw ? "draw" : "won" }) : null),
      h("td", { class: "rs-players-cell", text: row.seats.map(who).join(", ") }),
      h("td", { text: String(row.points) }));
  });
  const seats = hands.map((_, seat) => seat);
  return h("section", { id: "rs-result", class: "rs rs-result", "aria-labelledby": "rs-result-h" },
    h("h2", { id: "rs-result-h", text: "Final ranking" }),
    h("p", { class: "rs-hint rs-reason", text: REASONS[result.reason] ?? "" }),
    result.tie_break ? h("p", { class: "rs-tie-break", text: tieBreakText(result.tie_break) }) : null,
    h("div", { class: "rs-table-wrap" }, h("table", { class: "rs-ranking" },
      h("thead", {}, h("tr", {}, ["Place", "Team", "Players", "Points"].map((t) => h("th", { scope: "col", text: t })))),
      h("tbody", {}, rows))),
    h("h3", { text: "Hands at the end" }),
    h("ul", { class: "rs-reveal" }, seats.map((seat) => h("li", { dataset: { revealSeat: String(seat) } },
      h("strong", { text: `${who(seat)}: ` }),
      hands[seat].length ? hands[seat].join(", ") : "no cards"))));
}
