// Red Scare Redux: the result. The platform writes the winners above; here the teams' ranking with their points
// and players, why the game ended, and every hand as it was at the end.

import { h } from "../../dom.js";
import { namesFrom } from "../../structure.js";

const REASONS = {
  objectives: "A team completed enough Objectives.",
  decks_empty: "The Resource decks ran out.",
  no_progress: "Nothing changed for too many turns.",
};

export function resultView(message) {
  const result = message.result ?? {};
  const names = namesFrom(message);
  const you = message.you?.seat ?? null;
  const winners = new Set(result.winners ?? []);
  const hands = result.reveal?.hands ?? [];
  const who = (seat) => `${names[seat] ?? `Seat ${seat + 1}`}${seat === you ? " (you)" : ""}`;
  const rows = (result.ranking ?? []).map((row) => {
    const won = row.seats.some((s) => winners.has(s));
    return h("tr", { class: row.seats.includes(you) ? "rs-you" : null, dataset: { team: String(row.team), rank: String(row.rank), points: String(row.points) } },
      h("td", { text: String(row.rank) }),
      h("th", { scope: "row", text: `Team ${row.team + 1}` }),
      h("td", { text: row.seats.map(who).join(", ") }),
      h("td", { text: String(row.points) }),
      h("td", { text: won ? "Won" : "—" }));
  });
  const seats = hands.map((_, seat) => seat);
  return h("section", { id: "rs-result", class: "rs rs-result", "aria-labelledby": "rs-result-h" },
    h("h2", { id: "rs-result-h", text: "Final ranking" }),
    h("p", { class: "rs-hint", text: REASONS[result.reason] ?? "" }),
    h("div", { class: "rs-table-wrap" }, h("table", { class: "rs-ranking" },
      h("thead", {}, h("tr", {}, ["Place", "Team", "Players", "Points", "Outcome"].map((t) => h("th", { scope: "col", text: t })))),
      h("tbody", {}, rows))),
    h("h3", { text: "Hands at the end" }),
    h("ul", { class: "rs-reveal" }, seats.map((seat) => h("li", { dataset: { revealSeat: String(seat) } },
      h("strong", { text: `${who(seat)}: ` }),
      hands[seat].length ? hands[seat].join(", ") : "no cards"))));
}
