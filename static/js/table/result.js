// The result screen: winners, ranking, the full reveal, the revealed seed and the way to a rematch.

import { api, openSeat } from "../client.js";
import { h, keepFocus } from "../dom.js";
import { newGameForm } from "../new-game.js";
import { namesFrom, renderValue } from "../structure.js";
import { nameOf, teamName, teamOf } from "./seats.js";

function joinNames(names) {
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

function ordinal(n) {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th";
  return `${n}${suffix}`;
}

// Which seats a ranking entry names: a seat, a tie, or a row with `seat`/`seats`.
function entrySeats(entry) {
  if (Number.isInteger(entry)) return [entry];
  if (Array.isArray(entry)) return entry.filter(Number.isInteger);
  if (entry && typeof entry === "object") {
    if (Number.isInteger(entry.seat)) return [entry.seat];
    if (Array.isArray(entry.seats)) return entry.seats;
  }
  return [];
}

// The line that speaks to this person: their team's fate in a team game, else their place.
export function personalLine(message) {
  const you = message.you?.seat;
  const result = message.result ?? {};
  if (you === null || you === undefined) return null;
  const winners = result.winners ?? [];
  const ranking = result.ranking ?? [];
  const mine = ranking.find((entry) => entrySeats(entry).includes(you));
  // The platform's team label first: the one the seats and the chat show (a ranking's own team may count from 0).
  const team = teamOf(message, you) ?? mine?.team ?? null;
  if (team !== null && team !== undefined) {
    const name = teamName(team);
    if (winners.length === 0) return `No team won. You played for ${name}.`;
    return winners.includes(you) ? `Your team (${name}) won.` : `Your team (${name}) lost.`;
  }
  const index = ranking.indexOf(mine);
  if (index >= 0) {
    const won = winners.includes(you);
    // Winners share first place whatever order the ranking lists them in.
    const place = Number.isInteger(mine?.rank) ? mine.rank : won ? 1
      : 1 + ranking.slice(0, index).reduce((sum, entry) => sum + Math.max(1, entrySeats(entry).length), 0);
    const tied = entrySeats(mine).length > 1 || (won && winners.length > 1) ? " (tied)" : "";
    const players = (message.table?.seats ?? []).length || ranking.length;
    return `${won ? "You won! " : ""}You finished ${ordinal(place)} of ${players}${tied}.`;
  }
  if (winners.length === 0) return null;
  return winners.includes(you) ? "You won!" : "You did not win this time.";
}

function rankingItem(message, entry) {
  if (Number.isInteger(entry)) return h("li", { text: nameOf(message, entry) });
  if (Array.isArray(entry)) return h("li", { text: joinNames(entry.map((seat) => nameOf(message, seat))) + " (tied)" });
  if (entry && typeof entry === "object") {
    const who = Number.isInteger(entry.seat)
      ? nameOf(message, entry.seat)
      : Array.isArray(entry.seats) ? joinNames(entry.seats.map((seat) => nameOf(message, seat))) : entry.team ?? entry.name ?? "";
    const details = Object.entries(entry)
      .filter(([key]) => !["seat", "seats", "name"].includes(key) && !(key === "team" && who === entry.team))
      .map(([key, value]) => `${key.replace(/_/g, " ")}: ${typeof value === "object" ? JSON.stringify(value) : value}`);
    return h("li", {}, h("strong", { text: String(who) }), details.length ? ` — ${details.join(", ")}` : "");
  }
  return h("li", { text: String(entry) });
}

// The replay opens at the decisive moment, the last action, with everything revealed (the viewpoint can be switched).
function replayUrl(message) {
  return `/t/${encodeURIComponent(message.table.table_id)}/replay#seq=${message.seq}&seat=all`;
}

// The other people at the table (not bots): whom "New game with these players" invites.
function otherPeople(message) {
  const you = message.you?.seat;
  return (message.table?.seats ?? []).filter((seat) => !seat.bot && seat.seat !== you);
}

export function createResult({ tableId, getToken, rematchBy }) {
  const section = document.getElementById("result");
  let drawnKey = "";
  let chooser = null; // the open "New game with these players" form: kept as it is across redraws

  // Any game, the other people of this table invited: each sees it in "Your tables" and is notified.
  function newGame(button, people) {
    if (chooser) {
      chooser.querySelector("select")?.focus();
      return;
    }
    chooser = newGameForm({
      prefix: "new-game",
      submitLabel: `Open the table and invite ${joinNames(people.map((p) => p.name))}`,
      players: people.length + 1,
      submit: async (body) => {
        openSeat(await api("POST", `/api/tables/${encodeURIComponent(tableId)}/invitations`, body, getToken()));
      },
      cancel: () => {
        chooser?.remove();
        chooser = null;
        const opener = section.querySelector("#new-game");
        opener?.setAttribute("aria-expanded", "false");
        opener?.focus();
      },
    });
    button.parentElement.after(chooser);
  }

  async function again(button, error) {
    button.disabled = true;
    error.hidden = true;
    try {
      openSeat(await api("POST", `/api/tables/${encodeURIComponent(tableId)}/again`, undefined, getToken()));
    } catch (failure) {
      error.textContent = failure.message;
      error.hidden = false;
      button.disabled = false;
    }
  }

  return {
    render(message, renderer) {
      const result = message.result;
      const table = message.table ?? {};
      const key = JSON.stringify([result, table.seed, table.next_table_id, namesFrom(message), Boolean(renderer),
        rematchBy()]);
      if (key === drawnKey) return;
      drawnKey = key;

      const you = message.you?.seat;
      const winners = result.winners ?? [];
      const winnerNames = winners.map((seat) => nameOf(message, seat));
      const headline = winners.length === 0 ? "No one won." : `${winners.length > 1 ? "Winners" : "Winner"}: ${joinNames(winnerNames)}`;
      const youWon = you !== null && you !== undefined && winners.includes(you);
      const personal = personalLine(message);

      const reveal = h("div", { class: "reveal" });
      if (typeof renderer?.renderResult === "function") renderer.renderResult(reveal, message);
      else reveal.append(renderValue(result.reveal ?? null, { names: namesFrom(message), you: you ?? null }));

      const error = h("p", { class: "form-error", role: "alert", hidden: true });
      const seated = you !== null && you !== undefined;
      const againButton = seated
        ? h("button", { id: "again", type: "button", text: table.next_table_id ? "Join the rematch" : "Play again" })
        : null;
      againButton?.addEventListener("click", () => again(againButton, error));
      const people = seated ? otherPeople(message) : [];
      const newGameButton = people.length
        ? h("button", { id: "new-game", type: "button", class: "secondary", text: "New game with these players",
          "aria-expanded": chooser ? "true" : "false" })
        : null;
      newGameButton?.addEventListener("click", () => {
        newGame(newGameButton, people);
        newGameButton.setAttribute("aria-expanded", "true");
      });

      const parts = [
        h("h2", { id: "result-heading", text: "Game over", tabindex: "-1" }),
        h("p", { class: "headline", text: headline }),
        personal ? h("p", { id: "personal-result", class: youWon ? "you-won" : "you-lost", text: personal }) : null,
        table.next_table_id && seated
          ? h("p", { class: "banner rematch-banner", role: "status" },
            rematchBy() ? `${rematchBy()} started a rematch.` : "A rematch is open.")
          : null,
        againButton ? h("div", { class: "card-actions" }, againButton, newGameButton) : null,
        people.length ? chooser : null,
        error,
        // A game's own result screen draws its ranking; the generic list is for games without one.
        ...(result.ranking?.length && typeof renderer?.renderResult !== "function"
          ? [h("h3", { text: "Ranking" }), h("ol", { class: "ranking" }, result.ranking.map((entry) => rankingItem(message, entry)))]
          : []),
        h("h3", { text: "Everything revealed" }),
        reveal,
        h("h3", { text: "Fair shuffle" }),
        h("p", {}, "Seed: ", h("code", { class: "hash", id: "seed", text: table.seed ?? "not revealed yet" })),
        h("p", {}, h("a", { href: `/t/${encodeURIComponent(tableId)}/verify`, text: "Verify the shuffle" })),
        h("h3", { text: "Replay" }),
        h("p", {}, h("a", { id: "replay-link", class: "button secondary", href: replayUrl(message),
          text: "Replay the game from its last move" })),
      ];
      keepFocus(section, () => section.replaceChildren(...parts.filter(Boolean)));
    },
  };
}
