// A seat link carries a one-time claim code in its fragment: trade it for the seat's token once (claim-page.js), keep
// the token, then open the table. The code stays in the browser's history, but used.
import { claimPage } from "../claim-page.js";
import { loadToken, storeToken } from "../client.js";
import { readJson } from "../dom.js";

const { table_id: tableId } = readJson("page-data");
const tablePath = `/t/${encodeURIComponent(tableId)}`;

const SAID = {
  link_used: "This seat link was already used",
  link_replaced: "This seat link was replaced by a newer one",
  link_expired: "This seat link has expired",
  bad_link: "This seat link does not work here",
};

claimPage({
  page: "seat",
  what: "seat link",
  path: `/api/tables/${encodeURIComponent(tableId)}/claim`,
  working: "Taking your seat…",
  said: SAID,
  done: ({ token }) => {
    storeToken(tableId, token);
    location.replace(tablePath);
  },
  refused: (error, say) => {
    if (error.code !== "link_used" || !loadToken(tableId)) return false;
    // Most likely this very browser used it (a reload, the history): it already holds a seat here.
    say(SAID.link_used, "This link was used, and this browser holds a seat at this table: ");
    const open = document.createElement("a");
    open.href = tablePath;
    open.textContent = "open the table";
    document.getElementById("seat-message").append(open, ".");
    return true;
  },
});
