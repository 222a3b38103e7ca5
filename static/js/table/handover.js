// The host gives an away seat a new link, for a person whose device is lost: asked first (the old device stops
// working at this table, and everyone reads who did it), then the link is shown to copy and pass on.

import { api } from "../client.js";
import { h, toast } from "../dom.js";
import { clockTime } from "../when.js";

const el = (id) => document.getElementById(id);

async function giveNewLink(tableId, seat, getToken) {
  const confirm = el("handover-confirm");
  confirm.disabled = true;
  try {
    const made = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/seats/${seat.seat}/handover`,
      undefined, getToken());
    el("handover-ask").hidden = true;
    el("handover-done").hidden = false;
    el("handover-done-title").textContent = `A new link for ${seat.name}`;
    el("handover-link-label").textContent = `${seat.name}'s new seat link`;
    el("handover-link").value = made.seat_url;
    el("handover-hint").textContent = `Send it to ${seat.name} only: whoever opens it plays this seat. It works ` +
      `once, until ${clockTime(made.expires_at)}.`;
    el("handover-link").focus();
    el("handover-link").select();
  } catch (error) {
    el("handover-dialog").close();
    toast(error.message ?? "Could not make a new link.");
  } finally {
    confirm.disabled = false;
  }
}

function ask(tableId, seat, getToken) {
  const dialog = el("handover-dialog");
  el("handover-ask").hidden = false;
  el("handover-done").hidden = true;
  el("handover-title").textContent = `Give ${seat.name}'s seat a new link?`;
  el("handover-text").textContent = `For when ${seat.name} has lost the device this seat was on. The link you get ` +
    `opens the seat on a new device; the old one stops working at this table at once. Everyone at the table reads ` +
    `that you did it.`;
  el("handover-confirm").onclick = () => giveNewLink(tableId, seat, getToken);
  el("handover-cancel").onclick = () => dialog.close();
  dialog.showModal();
}

// The host's button next to an away seat in the seat strip.
export function handOverButton(tableId, seat, getToken) {
  return h("button", {
    type: "button",
    class: "small secondary",
    text: "New link",
    "aria-label": `Give ${seat.name}'s seat a new link`,
    dataset: { handOverSeat: String(seat.seat) },
    onclick: () => ask(tableId, seat, getToken),
  });
}
