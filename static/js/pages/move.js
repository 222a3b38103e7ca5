// A move link carries a one-time code in its fragment: trade it once (claim-page.js) for every seat token and
// spectator key of the other device, keep them here, then show "Your tables".
import { claimPage } from "../claim-page.js";
import { loadToken, storeSpectate, storeToken } from "../client.js";

// Keeps what the link carried; a seat this browser already holds at a table is never replaced by another one.
function keep(tables) {
  for (const entry of tables) {
    const mine = loadToken(entry.table_id);
    if (entry.token && !mine) storeToken(entry.table_id, entry.token);
    else if (entry.spectate && !mine) storeSpectate(entry.table_id, entry.spectate);
  }
}

claimPage({
  page: "move",
  what: "move link",
  path: "/api/move-links/claim",
  working: "Moving your tables…",
  said: {
    link_used: "This move link was already used",
    link_expired: "This move link has expired",
    bad_link: "This move link does not work",
  },
  done: (answer, fail) => {
    keep(answer.tables);
    if (!answer.tables.length) {
      fail("No table could be moved", "Every table of this link has ended, expired, or no longer has your seat.");
      return;
    }
    location.replace("/");
  },
});
