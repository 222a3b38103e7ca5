// Patriots & Redcoats: the result — the winning team and why, every player's cards and final team, the undealt cards.

import { h } from "../../dom.js";
import { namesFrom } from "../../structure.js";
import { icon, miniCard } from "./cards.js";
import { CARD, cardName, plural, teamName } from "./text.js";

function reasonText(reason) {
  const text = String(reason ?? "");
  return text ? text.charAt(0).toUpperCase() + text.slice(1) + "." : "";
}

function cardCell(card) {
  return h("li", { class: `pr-result-card${card.face_up ? " pr-was-up" : ""}`, dataset: { cardKind: card.kind, faceUp: String(card.face_up) } },
    miniCard(card.kind),
    h("span", { class: "pr-result-card-name", text: cardName(card.kind) }),
    h("span", { class: "pr-result-card-state", text: card.face_up ? "face up" : "face down" }));
}

export function resultView(message) {
  const result = message.result ?? {};
  const reveal = result.reveal ?? {};
  const names = namesFrom(message);
  const name = (seat) => names[seat] ?? `Seat ${seat}`;
  const winner = result.winning_team ?? null;
  const won = new Map((result.ranking ?? []).map((row) => [row.seat, row.won]));
  const you = message.you?.seat ?? null;

  const headline = winner
    ? h("p", { class: `pr-winner pr-team-${winner}`, dataset: { winningTeam: winner } },
      icon(winner === "patriots" ? "star" : "crown", 26), ` The ${teamName(winner, { plural: true })} win!`)
    : h("p", { class: "pr-winner pr-team-none", dataset: { winningTeam: "none" } }, "A draw: nobody wins.");

  const track = reveal.track ?? {};
  const rows = (reveal.players ?? []).map((p) => h("tr", { dataset: { revealSeat: String(p.seat), team: p.team ?? "" }, class: p.seat === you ? "you" : null },
    h("th", { scope: "row" }, name(p.seat), p.seat === you ? h("span", { class: "badge you", text: "you" }) : null),
    h("td", { class: `pr-final-team pr-team-${p.team}`, dataset: { team: p.team ?? "", label: "Team" } },
      icon(p.team === "patriots" ? "star" : "crown", 13), ` ${teamName(p.team)}`),
    h("td", { class: "pr-won", dataset: { won: String(Boolean(won.get(p.seat))), label: "Result" }, text: won.get(p.seat) ? "won" : "lost" }),
    h("td", { class: "pr-cards-cell", dataset: { label: "Cards" } }, h("ul", { class: "pr-result-cards" }, (p.cards ?? []).map(cardCell))),
    h("td", { class: "pr-leader-cell", dataset: { label: "Last Leader held" }, text: p.last_leader ? cardName(p.last_leader) : "—" }),
    h("td", { class: "pr-alive-cell", dataset: { alive: String(p.alive), label: "Status" }, text: p.alive ? "in play" : "eliminated" })));

  const counts = new Map();
  for (const kind of reveal.undealt ?? []) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  const undealt = [...counts].sort((a, b) => Object.keys(CARD).indexOf(a[0]) - Object.keys(CARD).indexOf(b[0]))
    .map(([kind, k]) => h("li", { dataset: { undealtKind: kind, count: String(k) } }, miniCard(kind), ` ${cardName(kind)} ×${k}`));

  return h("div", { id: "pr-result", class: "pr pr-result" },
    headline,
    h("p", { class: "pr-reason", dataset: { reason: result.reason ?? "" }, text: reasonText(result.reason) }),
    h("p", { class: "pr-final-track" },
      h("span", { class: "pr-chip-team pr-team-patriots", text: `Patriots ${plural(track.patriots ?? 0, "War Victory", "War Victories")}` }), " ",
      h("span", { class: "pr-chip-team pr-team-redcoats", text: `Redcoats ${plural(track.redcoats ?? 0, "War Victory", "War Victories")}` })),
    h("div", { class: "table-scroll" }, h("table", { class: "struct-table pr-reveal-table" },
      h("caption", { text: "Every player's cards and final team" }),
      h("thead", {}, h("tr", {}, ["Player", "Team", "Result", "Loyalty cards", "Last Leader held", "Status"].map((t) => h("th", { scope: "col", text: t })))),
      h("tbody", {}, rows))),
    h("h4", { class: "pr-undealt-h", text: `Undealt Loyalty cards (${(reveal.undealt ?? []).length})` }),
    h("ul", { class: "pr-undealt", dataset: { undealt: String((reveal.undealt ?? []).length) } }, undealt));
}
