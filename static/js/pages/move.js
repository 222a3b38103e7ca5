// A move link carries a one-time code in its fragment (never sent to the server by the browser): trade it once for
// every seat token and spectator key of the other device, keep them here, then show "Your tables".
import { api, loadToken, storeSpectate, storeToken } from "../client.js";

const CODE = /^[A-Za-z0-9_-]{32}$/; // what the server hands out: 24 random bytes, URL-safe base64

const code = location.hash.slice(1).trim();
const heading = document.querySelector("h1");
const message = document.getElementById("move-message");
const retry = document.getElementById("move-retry");
const home = document.getElementById("move-home");

// The code leaves the address bar at once: a screenshot or a shared screen shows no working link.
history.replaceState(null, "", location.pathname + location.search);

function say(title, text) {
  heading.textContent = title;
  message.textContent = text;
}

const SAID = {
  link_used: "This move link was already used",
  link_expired: "This move link has expired",
  bad_link: "This move link does not work",
};

// Keeps what the link carried; a seat this browser already holds at a table is never replaced by another one.
function keep(tables) {
  for (const entry of tables) {
    const mine = loadToken(entry.table_id);
    if (entry.token && !mine) storeToken(entry.table_id, entry.token);
    else if (entry.spectate && !mine) storeSpectate(entry.table_id, entry.spectate);
  }
}

async function claim() {
  retry.hidden = true;
  say("Moving your tables…", "");
  try {
    const answer = await api("POST", "/api/move-links/claim", { code });
    keep(answer.tables);
    if (!answer.tables.length) {
      say("No table could be moved", "Every table of this link has ended, expired, or no longer has your seat.");
      home.hidden = false;
      return;
    }
    location.replace("/");
  } catch (error) {
    if (error.offline) {
      say("Could not reach the server", "Check your connection and try again.");
      retry.hidden = false;
      return;
    }
    say(SAID[error.code] ?? "This move link does not work", error.message);
    home.hidden = false;
  }
}

retry.addEventListener("click", claim);
if (CODE.test(code)) {
  claim();
} else {
  say("This link is incomplete or mistyped", code
    ? "The secret part of this move link (after the #) is not complete. Copy the whole link and try again."
    : "This move link is missing its secret part (after the #). Copy the whole link and try again.");
  home.hidden = false;
}
