// Leaving a table, asked the same way on the home page's "Your tables" (pages/held.js) and in a table's lobby
// (table/lobby.js): what leaving does is said first in a modal dialog (templates/leave-dialog.html), then the seat is
// left and the table forgotten here and, signed in, in the account too.

import { api, forgetEverywhere, forgetTable } from "./client.js";

const el = (id) => document.getElementById(id);

// A table as the lists name it: "Turncoats at Alice's table". `table` is an entry of POST /api/your-tables (or one
// made alike from a table's state).
export function tableLabel(table) {
  return `${table.title} at ${table.host ?? "?"}'s table`;
}

// What leaving does, said before it is done: the server frees a lobby seat; a seat in play stays at the table.
export function leaveWords(table) {
  const label = tableLabel(table);
  if (table.seat === null) {
    return { title: "Stop watching this table?", button: "Stop watching",
      text: `This browser forgets its spectator link to ${label}. You can watch again with the link.` };
  }
  if (table.status === "lobby") {
    const hosting = table.seat === table.host_seat;
    const people = table.players.filter((p) => !p.bot && p.seat !== table.seat).length;
    const after = !hosting ? "" : people ? " The next person at the table becomes its host." : " Nobody else is " +
      "seated, so the table closes.";
    return { title: "Leave this table?", button: "Leave the table",
      text: `You give up your seat at ${label}: it is freed for someone else, and this browser forgets the ` +
        `table. To come back you would need the invite link and a free seat.${after}` };
  }
  if (table.status === "playing") {
    return { title: "Leave this game?", button: "Leave the game",
      text: `The game at ${label} goes on without you: a bot plays your seat from now on, everyone is told ` +
        "you left, and this browser forgets the table. You cannot take the seat back. To keep it but tidy the " +
        "list, choose Cancel and then \u201cHide from this list\u201d." };
  }
  return { title: "Forget this table?", button: "Forget it",
    text: `The game at ${label} is over. This browser forgets the table and your seat there.` };
}

// Asks in a modal dialog (Escape and Cancel keep everything); true once the person has confirmed.
function ask(words) {
  const dialog = el("leave-dialog");
  el("leave-title").textContent = words.title;
  el("leave-text").textContent = words.text;
  el("leave-confirm").textContent = words.button;
  dialog.returnValue = "";
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "leave"), { once: true });
  });
}

// Asks, then leaves with `token` (a seat's; none for a spectator link) and forgets the table. Resolves true once
// left, null when the person cancelled, false when it failed (`fail` is told why; nothing was forgotten then).
export async function leave(table, token, fail) {
  if (!(await ask(leaveWords(table)))) return null;
  const id = table.table_id;
  if (table.seat !== null && (table.status === "lobby" || table.status === "playing")) {
    try {
      await api("POST", `/api/tables/${encodeURIComponent(id)}/leave`, undefined, token);
    } catch (error) {
      // A seat already gone is as good as left; anything else keeps the seat and says why.
      if (!["seat_gone", "bad_token", "unknown_table"].includes(error.code)) {
        fail(error.message);
        return false;
      }
    }
    // The seat is gone on the server whatever the account answers: this browser forgets it in any case.
    await forgetEverywhere(id).catch(() => forgetTable(id));
    return true;
  }
  try {
    await forgetEverywhere(id);
  } catch (error) {
    fail(error.message);
    return false;
  }
  return true;
}
