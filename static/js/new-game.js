// A compact "which game?" form for starting a new game with people already known (a finished table's players, or
// someone from the home page's list): the game, its options and the pace, as the home page's form asks them. The
// name is not asked: the server seats the asker under their name at the table they shared.

import { api } from "./client.js";
import { h } from "./dom.js";
import { paceFields } from "./pace.js";
import { buildFields } from "./schema-form.js";

const MOVE_TIMES = [[3600, "1 hour"], [14400, "4 hours"], [43200, "12 hours"], [86400, "1 day"], [172800, "2 days"],
  [259200, "3 days"]];

let gamesLoaded = null;

// The installed games, asked for once per page.
export function loadGames() {
  gamesLoaded ??= api("GET", "/api/games").catch((error) => {
    gamesLoaded = null;
    throw error;
  });
  return gamesLoaded;
}

// `prefix` keeps this form's ids apart from other forms on the page; `submit(body)` sends the choice (it may throw an
// ApiError, shown in the form); `players` is how many people the new game starts with, to suggest games that fit.
export function newGameForm({ prefix, submitLabel, players, submit, cancel }) {
  const id = (name) => `${prefix}-${name}`;
  const gameSelect = h("select", { id: id("game"), "aria-describedby": id("game-players") });
  const fit = h("p", { id: id("game-players"), class: "hint" });
  const fields = h("div");
  const pace = h("select", { id: id("pace") },
    h("option", { value: "live", text: "Live: everyone plays at once" }),
    h("option", { value: "turn-based", text: "Turn-based: each moves when they can, over days" }));
  const moveTime = h("select", { id: id("move-time") },
    MOVE_TIMES.map(([seconds, words]) => h("option", { value: String(seconds), text: words, selected: seconds === 86400 })));
  // 5 s to an hour: what the server takes for a live table's timer (app/pace.py LIVE_TIMER_S), as on the home page.
  const timer = h("input", { id: id("turn-timer"), type: "number", min: "5", max: "3600", step: "1",
    inputmode: "numeric", placeholder: "none" });
  const moveField = h("div", { class: "field", hidden: true }, h("label", { for: id("move-time"), text: "Time per move" }),
    moveTime);
  const timerField = h("div", { class: "field" }, h("label", { for: id("turn-timer"), text: "Turn timer (seconds)" }),
    timer, h("p", { class: "hint", text: "Leave empty for no timer." }));
  const error = h("p", { class: "form-error", role: "alert", hidden: true });
  const button = h("button", { type: "submit", text: submitLabel });
  const form = h("form", { class: "new-game card", id: id("form"), novalidate: true },
    h("div", { class: "field" }, h("label", { for: id("game"), text: "Game" }), gameSelect, fit),
    h("fieldset", { class: "options" }, h("legend", { text: "Options" }), fields),
    h("div", { class: "field" }, h("label", { for: id("pace"), text: "Pace" }), pace),
    moveField, timerField, error,
    h("div", { class: "card-actions" }, button,
      cancel ? h("button", { type: "button", class: "secondary", text: "Cancel", onclick: cancel }) : null));

  let games = [];
  let readOptions = () => ({});

  function showError(message) {
    error.textContent = message;
    error.hidden = !message;
  }

  function selectGame(gameId) {
    const game = games.find((g) => g.id === gameId) ?? games[0];
    if (!game) return;
    gameSelect.value = game.id;
    const counts = `${game.min_players}–${game.max_players} players`;
    const fits = !players || (players >= game.min_players && players <= game.max_players);
    fit.textContent = fits ? counts : `${counts}: you are ${players}, so some seats may need bots or wait for others.`;
    readOptions = buildFields(fields, game.options_schema, id("opt"));
    paceFields(fields, game.options_schema, pace.value, id("opt"));
  }

  gameSelect.addEventListener("change", () => selectGame(gameSelect.value));
  pace.addEventListener("change", () => {
    moveField.hidden = pace.value !== "turn-based";
    timerField.hidden = pace.value === "turn-based";
    // A window option reads in the unit it runs in at this pace (pace.js), as on the home page's form.
    const game = games.find((g) => g.id === gameSelect.value);
    if (game) paceFields(fields, game.options_schema, pace.value, id("opt"));
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    showError("");
    let options;
    try {
      options = readOptions();
    } catch (failure) {
      showError(failure.message);
      return;
    }
    const seconds = timer.value.trim();
    const body = {
      game: gameSelect.value,
      options,
      pace: pace.value,
      turn_timer: pace.value === "turn-based" ? Number(moveTime.value) : seconds === "" ? null : Number(seconds),
    };
    button.disabled = true;
    try {
      await submit(body);
    } catch (failure) {
      showError(failure.message);
      button.disabled = false;
    }
  });

  loadGames().then((found) => {
    games = found;
    gameSelect.replaceChildren(...games.map((g) => h("option", { value: g.id, text: g.title })));
    selectGame(games[0]?.id);
    gameSelect.focus();
  }, (failure) => showError(failure.message));

  return form;
}
