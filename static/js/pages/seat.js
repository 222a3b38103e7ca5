// The private seat link carries the token in the fragment (never sent to the server): keep it, then open the table.
import { storeToken } from "../client.js";
import { readJson } from "../dom.js";

const TOKEN = /^[A-Za-z0-9_-]{32}$/; // what the server hands out: 24 random bytes, URL-safe base64

const { table_id: tableId } = readJson("page-data");
const token = decodeURIComponent(location.hash.slice(1)).trim();
const message = document.getElementById("seat-message");
if (TOKEN.test(token)) {
  storeToken(tableId, token);
  try {
    // If the table refuses it, the table page blames the link rather than a seat given up.
    sessionStorage.setItem(`tabletop:fresh-seat-link:${tableId}`, "1");
  } catch {
    // storage blocked: the table page uses its general wording
  }
  location.replace(`/t/${encodeURIComponent(tableId)}`);
} else {
  document.querySelector("h1").textContent = "This link is incomplete or mistyped";
  message.textContent = token
    ? "The secret part of this seat link (after the #) is not complete. Copy the whole link and try again."
    : "This seat link is missing its secret part (after the #). Copy the whole link and try again.";
}
