// The private seat link carries the token in the fragment (never sent to the server): keep it, then open the table.
import { storeToken } from "../client.js";
import { readJson } from "../dom.js";

const { table_id: tableId } = readJson("page-data");
const token = decodeURIComponent(location.hash.slice(1));
if (token) {
  storeToken(tableId, token);
  location.replace(`/t/${encodeURIComponent(tableId)}`);
} else {
  document.getElementById("seat-message").textContent =
    "This seat link is missing its secret part (after the #). Copy the whole link and try again.";
}
