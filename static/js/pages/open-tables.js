// "Open tables" on the home page: lobbies their hosts listed publicly (GET /api/open-tables). Each shows its game,
// pace, free seats and host, nothing more; taking a seat goes through the list's own join route, which needs no
// invite code, and opens the table in that seat.

import { api, openSeat, rememberName, rememberedName } from "../client.js";
import { h, keepFocus, readJson } from "../dom.js";

const REFRESH_MS = 20_000; // the list is re-read while the page is in sight
const PACES = { live: "Live", "turn-based": "Turn-based" };

const titles = Object.fromEntries((readJson("games-data") ?? []).map((game) => [game.id, game.title]));
const list = document.getElementById("open-tables-list");
const empty = document.getElementById("open-tables-empty");
const errorBox = document.getElementById("open-tables-error");
const nameInput = document.getElementById("open-name");

function showError(message) {
  errorBox.textContent = message;
  errorBox.hidden = !message;
}

async function take(table, button) {
  showError("");
  const name = nameInput.value.trim();
  if (!name) {
    showError("Please enter your name to take a seat.");
    nameInput.focus();
    return;
  }
  button.disabled = true;
  try {
    const seated = await api("POST", `/api/open-tables/${encodeURIComponent(table.table_id)}/join`, { name });
    rememberName(name);
    openSeat(seated);
  } catch (error) {
    showError(error.message);
    button.disabled = false;
    refresh(); // the table may have filled up, started or left the list
  }
}

function item(table) {
  const title = titles[table.game] ?? table.game;
  const seats = table.seats_free === 1 ? "1 seat free" : `${table.seats_free} seats free`;
  return h("li", { class: "card your-table", dataset: { openTable: table.table_id } },
    h("div", {},
      h("p", {},
        h("strong", { text: title }),
        h("span", { class: "muted", text: ` · ${PACES[table.pace] ?? table.pace}` })),
      h("p", { class: "muted", text: `Hosted by ${table.host} · ${seats}` })),
    h("button", {
      type: "button",
      class: "secondary small",
      text: "Take a seat",
      "aria-label": `Take a seat at ${table.host}'s ${title} table`,
      dataset: { take: table.table_id }, // keeps the focus on this button when the list is redrawn
      onclick: (event) => take(table, event.currentTarget),
    }));
}

async function refresh() {
  let tables;
  try {
    tables = (await api("GET", "/api/open-tables")).tables;
  } catch {
    return; // keep what is shown; the next refresh tries again
  }
  keepFocus(list, () => list.replaceChildren(...tables.map(item)));
  empty.hidden = tables.length > 0;
}

nameInput.value = rememberedName();
refresh();
setInterval(() => {
  if (!document.hidden) refresh();
}, REFRESH_MS);
