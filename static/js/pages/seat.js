// A seat link carries a one-time claim code in its fragment (never sent to the server by the browser): trade it for
// the seat's token once, keep the token, then open the table. The code stays in the browser's history, but used.
import { api, loadToken, storeToken } from "../client.js";
import { readJson } from "../dom.js";

const CODE = /^[A-Za-z0-9_-]{32}$/; // what the server hands out: 24 random bytes, URL-safe base64

const { table_id: tableId } = readJson("page-data");
const tablePath = `/t/${encodeURIComponent(tableId)}`;
// Taken as it is, never decoded: the code's alphabet needs no escapes, and decoding a stray "%" would throw before
// the code leaves the address bar and the page could say anything.
const code = location.hash.slice(1).trim();
const heading = document.querySelector("h1");
const message = document.getElementById("seat-message");
const retry = document.getElementById("seat-retry");

// The code leaves the address bar at once: a screenshot or a shared screen shows no working link.
history.replaceState(null, "", location.pathname + location.search);

function say(title, text) {
  heading.textContent = title;
  message.textContent = text;
}

const SAID = {
  link_used: "This seat link was already used",
  link_replaced: "This seat link was replaced by a newer one",
  link_expired: "This seat link has expired",
  bad_link: "This seat link does not work here",
};

async function claim() {
  retry.hidden = true;
  say("Taking your seat…", "");
  try {
    const { token } = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/claim`, { code });
    storeToken(tableId, token);
    location.replace(tablePath);
  } catch (error) {
    if (error.offline) {
      say("Could not reach the server", "Check your connection and try again.");
      retry.hidden = false;
      return;
    }
    if (error.code === "link_used" && loadToken(tableId)) {
      // Most likely this very browser used it (a reload, the history): it already holds a seat here.
      say(SAID.link_used, "This link was used, and this browser holds a seat at this table: ");
      const open = document.createElement("a");
      open.href = tablePath;
      open.textContent = "open the table";
      message.append(open, ".");
      return;
    }
    say(SAID[error.code] ?? "This seat link does not work", error.message);
  }
}

retry.addEventListener("click", claim);
if (CODE.test(code)) {
  claim();
} else {
  say("This link is incomplete or mistyped", code
    ? "The secret part of this seat link (after the #) is not complete. Copy the whole link and try again."
    : "This seat link is missing its secret part (after the #). Copy the whole link and try again.");
}
