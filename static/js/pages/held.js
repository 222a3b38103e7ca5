// What "Your tables" offers so that no seat is lost by one tap: hide a table from the list (the seat stays in this
// browser), leave a table only after saying what will happen, and move every table of this browser to another
// device with one link (and its QR code).

import { api, forgetTable, heldTables, isHidden, setHidden } from "../client.js";
import { h, toast, wireCopyButtons } from "../dom.js";

const el = (id) => document.getElementById(id);
let showingHidden = false; // whether hidden tables are drawn (greyed, each with "Show in the list")

function label(table) {
  return `${table.title} at ${table.host ?? "?"}'s table`;
}

// What leaving does, said before it is done: the server frees a lobby seat; a seat in play stays at the table.
function leaveWords(table) {
  if (table.seat === null) {
    return { title: "Stop watching this table?", button: "Stop watching",
      text: `This browser forgets its spectator link to ${label(table)}. You can watch again with the link.` };
  }
  if (table.status === "lobby") {
    const hosting = table.players.find((p) => p.seat === table.seat)?.name === table.host;
    const people = table.players.filter((p) => !p.bot && p.seat !== table.seat).length;
    const after = !hosting ? "" : people ? " The next person at the table becomes its host." : " Nobody else is " +
      "seated, so the table closes.";
    return { title: "Leave this table?", button: "Leave the table",
      text: `You give up your seat at ${label(table)}: it is freed for someone else, and this browser forgets the ` +
        `table. To come back you would need the invite link and a free seat.${after}` };
  }
  if (table.status === "playing") {
    return { title: "Leave this game?", button: "Leave the game",
      text: `The game at ${label(table)} goes on without you: a bot plays your seat from now on, everyone is told ` +
        "you left, and this browser forgets the table. You cannot take the seat back. To keep it but tidy the " +
        "list, choose Cancel and then \u201cHide from this list\u201d." };
  }
  return { title: "Forget this table?", button: "Forget it",
    text: `The game at ${label(table)} is over. This browser forgets the table and your seat there.` };
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

async function leave(table, held, redraw) {
  if (!(await ask(leaveWords(table)))) return;
  if (table.seat !== null && (table.status === "lobby" || table.status === "playing")) {
    try {
      await api("POST", `/api/tables/${encodeURIComponent(table.table_id)}/leave`, undefined, held.token);
    } catch (error) {
      // A seat already gone is as good as left; anything else keeps the seat and says why.
      if (!["seat_gone", "bad_token", "unknown_table"].includes(error.code)) {
        toast(error.message);
        redraw();
        return;
      }
    }
  }
  forgetTable(table.table_id);
  toast(`You left ${label(table)}.`, "info");
  redraw();
}

// The two buttons of one table in the list.
export function tableControls(table, held, redraw) {
  const hidden = isHidden(table.table_id);
  // Each name starts with the button's words, then says which table (many rows have the same buttons).
  const button = (text, onclick) => h("button", {
    type: "button", class: "secondary small", "aria-label": `${text}: ${label(table)}`, onclick,
  }, text);
  return h("span", { class: "your-table-actions" },
    button(hidden ? "Show in the list" : "Hide from this list", () => {
      setHidden(table.table_id, !hidden);
      redraw();
    }),
    button(table.seat === null ? "Stop watching" : "Leave this table", () => leave(table, held, redraw)));
}

// The tables to draw, and the "Show hidden (N)" control under the list.
export function visibleTables(tables, redraw) {
  const hidden = tables.filter((table) => isHidden(table.table_id));
  const toggle = el("your-tables-hidden");
  toggle.hidden = hidden.length === 0;
  if (!hidden.length) showingHidden = false;
  toggle.textContent = showingHidden ? "Hide them again" : `Show hidden (${hidden.length})`;
  toggle.setAttribute("aria-expanded", String(showingHidden));
  toggle.onclick = () => {
    showingHidden = !showingHidden;
    redraw();
  };
  return showingHidden ? tables : tables.filter((table) => !isHidden(table.table_id));
}

function when(iso) {
  return new Date(iso).toLocaleString(undefined, { weekday: "short", hour: "numeric", minute: "2-digit" });
}

// "Move my tables to another device": one link for everything this browser holds, hidden tables included.
async function moveTables(button) {
  button.disabled = true;
  try {
    const made = await api("POST", "/api/move-links", { tables: heldTables().slice(0, 100) });
    el("move-link").value = made.url;
    el("move-qr").src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(made.qr_svg)}`;
    el("move-expires").dateTime = made.expires_at;
    el("move-expires").textContent = when(made.expires_at);
    const count = made.tables.length;
    el("move-count").textContent = `It carries ${count} table${count === 1 ? "" : "s"}.`;
    const left = made.left_out.length;
    el("move-left-out").hidden = left === 0;
    el("move-left-out").textContent = `${left} table${left === 1 ? " was" : "s were"} left out: ` +
      "they have ended, or this browser's seat there is gone.";
    el("move-dialog").showModal();
    el("move-link").select();
  } catch (error) {
    toast(error.message ?? "Could not make a move link.");
  } finally {
    button.disabled = false;
  }
}

export function wireHeld() {
  const button = el("move-tables");
  button.addEventListener("click", () => moveTables(button));
  wireCopyButtons(el("move-dialog"));
}
