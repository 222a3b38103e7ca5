// Home page: pick a game, fill its options, create a table and go to it as the host.

import { api, openSeat, rememberName, rememberedName } from "../client.js";
import { readJson, wireCounters } from "../dom.js";
import { paceFields } from "../pace.js";
import { buildFields } from "../schema-form.js";
import { showYourTables } from "./your-tables.js";

const games = readJson("games-data") ?? [];
const form = document.getElementById("create-form");
const nameInput = document.getElementById("name");
const gameSelect = document.getElementById("game");
const fields = document.getElementById("option-fields");
const players = document.getElementById("game-players");
const timer = document.getElementById("turn-timer");
const pace = document.getElementById("pace");
const moveTime = document.getElementById("move-time");
const errorBox = document.getElementById("create-error");
const createButton = document.getElementById("create");

let readOptions = () => ({});

function selectGame(id) {
  const game = games.find((g) => g.id === id) ?? games[0];
  if (!game) return;
  gameSelect.value = game.id;
  players.textContent = `${game.min_players}–${game.max_players} players`;
  readOptions = buildFields(fields, game.options_schema);
  paceFields(fields, game.options_schema, pace.value);
}

function showError(message) {
  errorBox.textContent = message;
  errorBox.hidden = !message;
}

gameSelect.addEventListener("change", () => selectGame(gameSelect.value));

// A live table has a turn timer in seconds; a turn-based one a time per move of hours or days.
function showPace() {
  const turnBased = pace.value === "turn-based";
  document.getElementById("move-time-field").hidden = !turnBased;
  document.getElementById("turn-timer-field").hidden = turnBased;
  const game = games.find((g) => g.id === gameSelect.value);
  if (game) paceFields(fields, game.options_schema, pace.value); // a window option reads in the unit it runs in
}
pace.addEventListener("change", showPace);

document.querySelectorAll("button[data-game]").forEach((button) => {
  button.addEventListener("click", () => {
    selectGame(button.dataset.game);
    form.scrollIntoView({ behavior: "smooth", block: "start" });
    nameInput.focus({ preventScroll: true });
  });
});

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  showError("");
  const name = nameInput.value.trim();
  if (!name) {
    showError("Please enter your name.");
    nameInput.focus();
    return;
  }
  let options;
  try {
    options = readOptions();
  } catch (error) {
    showError(error.message);
    return;
  }
  const seconds = timer.value.trim();
  const body = {
    game: gameSelect.value,
    name,
    options,
    pace: pace.value,
    turn_timer: pace.value === "turn-based" ? Number(moveTime.value) : seconds === "" ? null : Number(seconds),
    spectator_chat: document.getElementById("spectator-chat").checked,
  };
  createButton.disabled = true;
  try {
    const created = await api("POST", "/api/tables", body);
    rememberName(name);
    openSeat(created);
  } catch (error) {
    showError(error.message);
    createButton.disabled = false;
  }
});

showPace();
nameInput.value = rememberedName();
wireCounters();
selectGame(new URLSearchParams(location.search).get("game") ?? gameSelect.value);
showYourTables();
