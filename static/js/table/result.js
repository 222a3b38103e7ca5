// The result screen: winners, ranking, the full reveal, the revealed seed and the way to a rematch.

import { api, storeToken } from "../client.js";
import { h, keepFocus } from "../dom.js";
import { namesFrom, renderValue } from "../structure.js";
import { nameOf } from "./seats.js";

function joinNames(names) {
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
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

export function createResult({ tableId, getToken }) {
  const section = document.getElementById("result");
  let drawnKey = "";

  async function again(button, error) {
    button.disabled = true;
    error.hidden = true;
    try {
      const next = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/again`, undefined, getToken());
      storeToken(next.table_id, next.token);
      location.href = `/t/${encodeURIComponent(next.table_id)}`;
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
      const key = JSON.stringify([result, table.seed, table.next_table_id, namesFrom(message), Boolean(renderer)]);
      if (key === drawnKey) return;
      drawnKey = key;

      const you = message.you?.seat;
      const winners = result.winners ?? [];
      const winnerNames = winners.map((seat) => nameOf(message, seat));
      const headline = winners.length === 0 ? "No one won." : `${winners.length > 1 ? "Winners" : "Winner"}: ${joinNames(winnerNames)}`;
      const youWon = you !== null && you !== undefined && winners.includes(you);

      const reveal = h("div", { class: "reveal" });
      if (typeof renderer?.renderResult === "function") renderer.renderResult(reveal, message);
      else reveal.append(renderValue(result.reveal ?? null, { names: namesFrom(message), you: you ?? null }));

      const error = h("p", { class: "form-error", role: "alert", hidden: true });
      const seated = you !== null && you !== undefined;
      const againButton = seated
        ? h("button", { id: "again", type: "button", text: table.next_table_id ? "Join the rematch" : "Play again" })
        : null;
      againButton?.addEventListener("click", () => again(againButton, error));

      const parts = [
        h("h2", { id: "result-heading", text: "Game over" }),
        h("p", { class: "headline", text: headline }),
        youWon ? h("p", { class: "you-won", text: "You won!" }) : null,
        // A game's own result screen draws its ranking; the generic list is for games without one.
        ...(result.ranking?.length && typeof renderer?.renderResult !== "function"
          ? [h("h3", { text: "Ranking" }), h("ol", { class: "ranking" }, result.ranking.map((entry) => rankingItem(message, entry)))]
          : []),
        h("h3", { text: "Everything revealed" }),
        reveal,
        h("h3", { text: "Fair shuffle" }),
        h("p", {}, "Seed: ", h("code", { class: "hash", id: "seed", text: table.seed ?? "not revealed yet" })),
        h("p", {}, h("a", { href: `/t/${encodeURIComponent(tableId)}/verify`, text: "Verify the shuffle" })),
        againButton ? h("div", { class: "card-actions" }, againButton) : null,
        error,
      ];
      keepFocus(section, () => section.replaceChildren(...parts.filter(Boolean)));
    },
  };
}
