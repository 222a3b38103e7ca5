// Raiding Parties: the result's reveal. The platform writes the winners above; here, one compact row per player:
// place, the party hired (and its gold), and what was still in the hold and the locker.

import { h } from "../../dom.js";
import { namesFrom } from "../../structure.js";
import { byName, plural } from "./cards.js";

const REASONS = {
  last_survivor: "The last party with cards left wins.",
  no_progress: "Nothing changed for too many turns: the players still in share a draw.",
  shared: "The last players went out together: they share the result.",
};

function tally(names) {
  const counts = new Map();
  for (const name of names ?? []) counts.set(name, (counts.get(name) ?? 0) + 1);
  return counts;
}

function cardsText(counts) {
  const parts = [...counts].filter(([, n]) => n > 0).map(([name, n]) => (n > 1 ? `${n} ${name}` : name));
  return parts.length ? parts.join(", ") : "—";
}

export function resultView(message) {
  const result = message.result ?? {};
  const reveal = result.reveal ?? {};
  const names = namesFrom(message);
  const catalogue = byName();
  const you = message.you?.seat ?? null;
  const parties = reveal.parties ?? [];
  const ranking = result.ranking ?? parties.map((_, seat) => ({ seat, rank: null }));
  const winners = new Set(result.winners ?? []);
  const rows = ranking.map((row) => {
    const seat = row.seat;
    const party = new Map(Object.entries(parties[seat] ?? {}));
    const gold = [...party].reduce((sum, [name, n]) => sum + (catalogue.get(name)?.gold ?? 0) * n, 0);
    const hold = reveal.holds?.[seat] ?? [];
    const locker = reveal.lockers?.[seat] ?? [];
    return h("tr", { class: seat === you ? "you" : null, dataset: { revealSeat: String(seat), rank: String(row.rank ?? "") } },
      h("td", { class: "rp-rank", text: row.rank === null || row.rank === undefined ? "" : String(row.rank) }),
      h("th", { scope: "row" }, names[seat] ?? `Seat ${seat + 1}`, winners.has(seat) ? h("span", { class: "badge you", text: "won" }) : null),
      h("td", { class: "rp-party-cell", dataset: { label: "Party" } },
        h("span", { text: cardsText(party) }), gold ? h("span", { class: "rp-party-gold", text: ` (${gold} gold)` }) : null),
      h("td", { dataset: { label: "Left in hold", left: String(hold.length) }, text: hold.length ? cardsText(tally(hold)) : "—" }),
      h("td", { dataset: { label: "Left in locker", left: String(locker.length) }, text: locker.length ? cardsText(tally(locker)) : "—" }));
  });
  const left = (list) => list.reduce((n, cards) => n + (cards?.length ?? 0), 0);
  return h("div", { id: "rp-result", class: "rp rp-result" },
    h("p", { class: "rp-reason", dataset: { reason: result.reason ?? "" }, text: REASONS[result.reason] ?? "" }),
    h("div", { class: "table-scroll" }, h("table", { class: "struct-table rp-reveal" },
      h("caption", { text: "Every party, revealed" }),
      h("thead", {}, h("tr", {}, ["#", "Player", "Party hired", "Left in hold", "Left in locker"].map((t) => h("th", { scope: "col", text: t })))),
      h("tbody", {}, rows))),
    h("p", { class: "rp-hint", text: `Unplayed at the end: ${plural(left(reveal.holds ?? []), "card")} in holds, ${plural(left(reveal.lockers ?? []), "card")} in lockers.` }));
}
