// Your standing answer to game windows at a turn-based table, kept on the server (POST …/window-answer, app/windows.py)
// so it works with this page closed: on, the server passes each window that asks you a few seconds after it opens
// (the game's window option), the same answer after the same delay whatever you hold; off, the window waits for you
// for hours, and Your tables and a push say "You may react". At a live table the game's own auto-pass switch does
// this in the browser instead, so this bar is not shown there.

import { api } from "../client.js";
import { TURN_BASED } from "../pace.js";
import { optionSchema } from "../schema-form.js";

// Keeps a seat's standing answer ("pass" or "respond") on the server: the table page's bar and the switch of each row
// of "Your tables" both save through here. Resolves to the answer kept; throws the ApiError when it was not kept.
export async function saveAnswer(tableId, answer, token) {
  const url = `/api/tables/${encodeURIComponent(tableId)}/window-answer`;
  return (await api("POST", url, { answer }, token)).answer;
}

// The game's window options by their marks ("x-window": "length" or "mode"), in schema order.
function marked(game, mark) {
  const schema = game.options_schema ?? {};
  return Object.keys(schema.properties ?? {}).filter((name) => optionSchema(schema, name)?.["x-window"] === mark);
}

export function createAnswerSwitch({ tableId, game, getToken }) {
  const el = (id) => document.getElementById(id);
  const bar = el("answer-bar");
  const box = el("answer-switch");
  const note = el("answer-note");
  const url = `/api/tables/${encodeURIComponent(tableId)}/window-answer`;
  const lengths = marked(game, "length");
  const modes = marked(game, "mode");
  let answer = null; // "pass" or "respond", once read from the server
  let asked = false;
  let seconds = null;

  function say() {
    box.checked = answer === "pass";
    const after = seconds ? `${seconds} s` : "a few seconds";
    note.textContent = answer === "pass"
      ? `Windows that ask you are passed for you ${after} after they open, whatever you hold. Turn this off to answer them yourself.`
      : "Windows that ask you wait for you (for hours at most): Your tables and notifications say “You may react”.";
  }

  async function load() {
    asked = true;
    try {
      answer = (await api("GET", url, undefined, getToken())).answer;
      say();
    } catch {
      asked = false; // try again with the next message
    }
  }

  box.addEventListener("change", async () => {
    const wanted = box.checked ? "pass" : "respond";
    box.disabled = true;
    try {
      answer = await saveAnswer(tableId, wanted, getToken());
    } catch (error) {
      note.textContent = error.message;
      box.checked = answer === "pass";
      box.disabled = false;
      return;
    }
    box.disabled = false;
    say();
  });

  // Called with every state message: shown to a seated player at a turn-based table of a game with windows that
  // can be passed (not "fixed" ones, which close by themselves).
  function render(message) {
    const table = message.table ?? {};
    const seated = message.you?.seat !== null && message.you?.seat !== undefined && Boolean(getToken());
    const fixed = modes.some((name) => table.options?.[name] === "fixed");
    const show = seated && table.pace === TURN_BASED && lengths.length > 0 && !fixed
      && (message.status === "lobby" || message.status === "playing");
    bar.hidden = !show;
    if (!show) return;
    seconds = table.options?.[lengths[0]] ?? optionSchema(game.options_schema, lengths[0])?.default ?? null;
    if (!asked) load();
    else if (answer) say();
  }

  return { render };
}
