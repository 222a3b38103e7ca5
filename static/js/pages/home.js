// Home page: pick a game, fill its options, create a table and go to it as the host; or start a table with bots at
// once: a practice game at the chosen level, or a guided first game against Easy bots from a game's card.

import { api, openSeat, rememberName, rememberedName } from "../client.js";
import { h, readJson, wireCounters } from "../dom.js";
import { EASIEST, LEVELS, levelOrder } from "../levels.js";
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
const practiceButton = document.getElementById("practice");
const practicePlayers = document.getElementById("practice-players");
const practiceLevel = document.getElementById("practice-level");
const learnError = document.getElementById("learn-error");
const LEARNER = "Learner"; // the name a guided game is played under when none is given: only bots see it

let readOptions = () => ({});

function selectGame(id) {
  const game = games.find((g) => g.id === id) ?? games[0];
  if (!game) return;
  gameSelect.value = game.id;
  players.textContent = `${game.min_players}–${game.max_players} players`;
  readOptions = buildFields(fields, game.options_schema);
  paceFields(fields, game.options_schema, pace.value);
  practiceChoices(game);
}

// The practice table's size (the fewest players by default) and its bots' level (Normal where the game has it).
function practiceChoices(game) {
  const counts = [];
  for (let n = game.min_players; n <= game.max_players; n += 1) counts.push(n);
  practicePlayers.replaceChildren(...counts.map((n) => h("option", { value: String(n), text: String(n) })));
  const kinds = levelOrder(game.bots ?? []);
  const chosen = kinds.includes("basic") ? "basic" : kinds[0];
  practiceLevel.replaceChildren(...kinds.map((kind) => h("option", {
    value: kind, text: LEVELS[kind]?.name ?? kind, selected: kind === chosen,
  })));
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

// The table the form describes, as the create call takes it; null (and the reason shown) when the form is not ready.
function formBody() {
  showError("");
  const name = nameInput.value.trim();
  if (!name) {
    showError("Please enter your name.");
    nameInput.focus();
    return null;
  }
  let options;
  try {
    options = readOptions();
  } catch (error) {
    showError(error.message);
    return null;
  }
  const seconds = timer.value.trim();
  return {
    game: gameSelect.value,
    name,
    options,
    pace: pace.value,
    turn_timer: pace.value === "turn-based" ? Number(moveTime.value) : seconds === "" ? null : Number(seconds),
    spectator_chat: document.getElementById("spectator-chat").checked,
  };
}

// Create the table, seat `bots` bots of level `kind` beside its creator and start it, then open it in the seat.
// Should adding the bots or starting fail, the table opens in its lobby, where the host can finish by hand.
async function createWithBots(body, bots, kind, { remember = true } = {}) {
  const created = await api("POST", "/api/tables", body);
  if (remember) rememberName(body.name);
  const base = `/api/tables/${encodeURIComponent(created.table_id)}`;
  try {
    if (bots > 0) await api("POST", `${base}/bots`, { count: bots, kind }, created.token);
    await api("POST", `${base}/start`, undefined, created.token);
  } finally {
    openSeat(created);
  }
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const body = formBody();
  if (!body) return;
  createButton.disabled = true;
  try {
    const created = await api("POST", "/api/tables", body);
    rememberName(body.name);
    openSeat(created);
  } catch (error) {
    showError(error.message);
    createButton.disabled = false;
  }
});

practiceButton.addEventListener("click", async () => {
  const body = formBody();
  if (!body) return;
  practiceButton.disabled = true;
  try {
    await createWithBots(body, Number(practicePlayers.value) - 1, practiceLevel.value);
  } catch (error) {
    showError(error.message);
    practiceButton.disabled = false;
  }
});

// A guided first game: the fewest players, Easy bots, hints on. The options are the form's when it shows this game
// (whoever changed them meant them), else the game's defaults; the name is the form's, else LEARNER.
document.querySelectorAll("button[data-learn]").forEach((button) => {
  button.addEventListener("click", async () => {
    const game = games.find((g) => g.id === button.dataset.learn);
    if (!game) return;
    learnError.hidden = true;
    let options = {};
    if (gameSelect.value === game.id) {
      try {
        options = readOptions();
      } catch {
        options = {}; // a half-typed option in the form: learn with the defaults
      }
    }
    const kind = (game.bots ?? []).includes(EASIEST) ? EASIEST : levelOrder(game.bots ?? []).at(-1);
    const typed = nameInput.value.trim();
    const body = { game: game.id, name: typed || LEARNER, options, pace: "live", guided: true };
    button.disabled = true;
    try {
      await createWithBots(body, game.min_players - 1, kind, { remember: Boolean(typed) });
    } catch (error) {
      learnError.textContent = error.message;
      learnError.hidden = false;
      button.disabled = false;
    }
  });
});

showPace();
nameInput.value = rememberedName();
wireCounters();
selectGame(new URLSearchParams(location.search).get("game") ?? gameSelect.value);
showYourTables();
