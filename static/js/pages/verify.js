// The fair-shuffle page: recompute sha256(seed) here, in the browser, and compare it with the commitment.

import { readJson, wireCopyButtons } from "../dom.js";
import { sha256Hex } from "../sha256.js";

const { table_id: tableId, commitment, seed } = readJson("verify-data");
const check = document.getElementById("browser-check");
const verdict = document.getElementById("browser-verdict");

wireCopyButtons();
// The command needs this table's full address, which only the browser knows for sure (proxies, ports).
document.getElementById("verify-command").value = `tabletop verify ${location.origin}/t/${encodeURIComponent(tableId)}`;

if (seed && commitment) {
  try {
    const digest = await sha256Hex(seed);
    const ok = digest === commitment.trim().toLowerCase();
    check.dataset.ok = String(ok);
    verdict.textContent = ok
      ? "✔ sha256(seed) matches the commitment."
      : `✘ sha256(seed) is ${digest}, which does not match the commitment.`;
  } catch (error) {
    check.dataset.ok = "false";
    verdict.textContent = `Could not compute the hash here: ${error.message}`;
  }
}
