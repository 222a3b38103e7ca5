// Red Scare Redux: the table. The turn order, the scores, the decks and discard, then one area per team: its
// players (hands shown for your team, counts for the others), its partial Objectives with the cards placed and what
// each still needs, and its completed Objectives.

import { h } from "../../dom.js";
import { cardHelp, kindOf, missingText, objectiveInfo, placedText, seatName, teamName } from "./cards.js";

function cardChip(name, pick) {
  const help = cardHelp(name);
  // A soft hyphen lets the one very long card name break where a reader expects it.
  const shown = name === "Counterintelligence" ? "Counter\u00ADintelligence" : name;
  const inside = [h("span", { class: "rs-card-name", text: shown }), help ? h("span", { class: "rs-card-help", text: help }) : null];
  if (pick?.can(name)) {
    // Your turn: a card that takes part in some legal action is a button that offers those actions.
    return h("li", { class: `rs-card rs-k-${kindOf(name)} rs-card-live`, dataset: { card: name } },
      h("button", { type: "button", class: "rs-card-btn", dataset: { handCard: name }, disabled: pick.busy,
        "aria-pressed": String(pick.selected === name), onclick: () => pick.on(name) }, inside));
  }
  return h("li", { class: `rs-card rs-k-${kindOf(name)}`, dataset: { card: name } }, inside);
}

// `pick` (your own hand on your turn): {can(name), on(name), selected, busy}.
export function handList(cards, label, pick = null) {
  if (!cards.length) return h("p", { class: "rs-empty", text: "No cards." });
  return h("ul", { class: "rs-hand", "aria-label": label }, cards.map((name) => cardChip(name, pick)));
}

function countsText(c) {
  const total = (c?.objective ?? 0) + (c?.omega ?? 0) + (c?.delta ?? 0);
  return `${total} card${total === 1 ? "" : "s"} (${c?.objective ?? 0} Objective, ${c?.omega ?? 0} Omega, ${c?.delta ?? 0} Delta)`;
}

export function turnStrip(view, names) {
  const order = view.order ?? [];
  return h("section", { class: "rs-panel rs-order", "aria-label": "Turn order" },
    h("h2", { class: "rs-mini-h", text: "Turn order" }),
    h("ol", { class: "rs-order-list" }, order.map((seat, i) => h("li", {
      class: `rs-order-seat rs-team-${view.team_of[seat]}`,
      dataset: { seat: String(seat), current: String(i === view.turn_index) },
      "aria-current": i === view.turn_index ? "true" : null,
    }, seatName(names, view, seat)))),
    h("p", { class: "rs-scores" }, (view.scores ?? []).map((pts, team) => h("span", { class: `rs-score rs-team-${team}`, dataset: { team: String(team), points: String(pts) } },
      `Team ${team + 1}: ${pts} pt${pts === 1 ? "" : "s"}, ${(view.completed?.[team] ?? []).length} of ${view.objectives_to_win} Objectives`))));
}

export function decksPanel(view) {
  const d = view.decks ?? {};
  const discard = view.discard ?? [];
  const top = discard.slice(-6).reverse();
  return h("section", { class: "rs-panel rs-decks", "aria-label": "Decks and discard" },
    h("h2", { class: "rs-mini-h", text: "Decks" }),
    h("ul", { class: "rs-deck-list" },
      ["objective", "omega", "delta"].map((k) => h("li", { dataset: { deck: k, size: String(d[k] ?? 0) } },
        h("span", { class: "rs-deck-name", text: { objective: "Objectives", omega: "Omega", delta: "Delta" }[k] }),
        h("span", { class: "rs-deck-size", text: String(d[k] ?? 0) }))),
      h("li", { dataset: { deck: "discard", size: String(discard.length) } },
        h("span", { class: "rs-deck-name", text: "Discard" }), h("span", { class: "rs-deck-size", text: String(discard.length) }))),
    discard.length ? h("details", { class: "rs-discard-pile" },
      h("summary", {}, `Latest discards: ${top.join(", ")}${discard.length > 6 ? ", …" : ""}`),
      h("p", { class: "rs-hint", text: `All ${discard.length}, newest first: ${[...discard].reverse().join(", ")}.` })) : null);
}

function partialBox(p, view) {
  const info = objectiveInfo(p.objective);
  return h("li", { class: "rs-partial", dataset: { partial: p.id, team: String(p.team) } },
    h("h4", { class: "rs-obj-name" }, p.objective,
      info ? h("span", { class: "rs-obj-pts", text: ` · ${info.points} pt${info.points === 1 ? "" : "s"}` }) : null),
    h("p", { class: "rs-placed" }, h("span", { class: "rs-label", text: "Placed: " }),
      p.placed.length ? p.placed.map((x) => placedText(x)).join(", ") : "nothing yet"),
    h("p", { class: "rs-missing", dataset: { missing: JSON.stringify(p.missing ?? {}) } },
      h("span", { class: "rs-label", text: "Still needs: " }), missingText(p.missing)),
    p.team === view.your_team ? null : h("span", { class: "visually-hidden", text: "An opponent's Objective." }));
}

function completedList(list) {
  if (!list.length) return null;
  return h("div", { class: "rs-completed" },
    h("h4", { class: "rs-mini-h", text: "Completed" }),
    h("ul", {}, list.map((c) => h("li", { dataset: { completed: c.objective } },
      h("strong", { text: `${c.objective} (${c.points} pt${c.points === 1 ? "" : "s"})` }),
      h("span", { class: "rs-hint", text: `: ${c.placed.map((x) => placedText(x)).join(", ")}` })))));
}

function playerRow(seat, view, names) {
  const hand = view.hands?.[seat];
  const mine = seat === view.you;
  const limit = view.hand_limits?.[seat];
  return h("li", { class: `rs-player${mine ? " rs-you" : ""}`, dataset: { seat: String(seat), turn: String(view.turn === seat) } },
    h("p", { class: "rs-player-name" },
      h("strong", { text: seatName(names, view, seat) }),
      view.turn === seat ? h("span", { class: "rs-badge", text: "to play" }) : null,
      h("span", { class: "rs-hint", text: ` ${countsText(view.hand_counts?.[seat])}, limit ${limit}` })),
    hand && !mine ? handList(hand, `${seatName(names, view, seat)}'s hand`) : null);
}

export function teamArea(team, view, names) {
  const seats = view.teams?.[team] ?? [];
  const partials = (view.partials ?? []).filter((p) => p.team === team);
  return h("section", { class: `rs-panel rs-team rs-team-${team}${team === view.your_team ? " rs-own" : ""}`, dataset: { team: String(team) },
    "aria-label": teamName(view, team) },
  h("h2", { class: "rs-team-h" }, teamName(view, team),
    h("span", { class: "rs-team-score", text: ` ${view.scores?.[team] ?? 0} pts` })),
  h("ul", { class: "rs-players" }, seats.map((seat) => playerRow(seat, view, names))),
  h("h3", { class: "rs-mini-h", text: "Objectives in progress" }),
  partials.length ? h("ul", { class: "rs-partials" }, partials.map((p) => partialBox(p, view)))
    : h("p", { class: "rs-empty", text: "None on the table." }),
  completedList(view.completed?.[team] ?? []));
}
