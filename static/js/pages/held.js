// What "Your tables" offers so that no seat is lost by one tap: hide a table from the list (the seat stays in this
// browser), leave a table only after saying what will happen, and move every table of this browser to another
// device with one link (and its QR code).

import { api, heldTables, isHidden, setHidden } from "../client.js";
import { h, toast, wireCopyButtons } from "../dom.js";
import { leave, tableLabel } from "../leaving.js";
import { clockTime } from "../when.js";

const el = (id) => document.getElementById(id);
let showingHidden = false; // whether hidden tables are drawn (greyed, each with "Show in the list")

async function leaveHere(table, held, redraw) {
  const left = await leave(table, held?.token, (why) => toast(why));
  if (left === null) return; // cancelled: nothing changed
  if (left) toast(`You left ${tableLabel(table)}.`, "info");
  redraw();
}

// The two buttons of one table in the list.
export function tableControls(table, held, redraw) {
  const hidden = isHidden(table.table_id);
  // Each name starts with the button's words, then says which table (many rows have the same buttons).
  // Their data names them, so focus comes back to the same control when the list is drawn again (dom.js keepFocus).
  const button = (text, control, onclick) => h("button", {
    type: "button", class: "secondary small", "aria-label": `${text}: ${tableLabel(table)}`, onclick,
    dataset: { table: table.table_id, control },
  }, text);
  return h("span", { class: "your-table-actions" },
    button(hidden ? "Show in the list" : "Hide from this list", "visibility", () => {
      setHidden(table.table_id, !hidden);
      redraw();
    }),
    button(table.seat === null ? "Stop watching" : "Leave this table", "leave", () => leaveHere(table, held, redraw)));
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

// "Move my tables to another device": one link for everything this browser holds, hidden tables included.
async function moveTables(button) {
  button.disabled = true;
  try {
    const made = await api("POST", "/api/move-links", { tables: heldTables().slice(0, 100) });
    el("move-link").value = made.url;
    el("move-qr").src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(made.qr_svg)}`;
    el("move-expires").dateTime = made.expires_at;
    el("move-expires").textContent = clockTime(made.expires_at);
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
