// "Your tables" on the home page: every table this browser holds a seat or a spectator link at, asked about in one
// request (the credentials go in its body, never in an address). Tables that are gone are forgotten here.

import { api, forgetTable, heldTables, isHidden, keepAccountTables, signedInHere } from "../client.js";
import { h, keepFocus, toast } from "../dom.js";
import { tableLabel } from "../leaving.js";
import { paceText } from "../pace.js";
import { saveAnswer } from "../table/answer.js";
import { clockTime, until } from "../when.js";
import { showGroup } from "./group.js";
import { tableControls, visibleTables, wireHeld } from "./held.js";

const STATUS = { lobby: "In the lobby", playing: "Playing", finished: "Finished" };

function address(table, held) {
  const id = encodeURIComponent(table.table_id);
  return held.token ? `/t/${id}` : `/t/${id}/watch?key=${encodeURIComponent(held.spectate)}`;
}

function state(table) {
  if (table.status !== "playing") return STATUS[table.status] ?? table.status;
  if (table.your_move) return "Your move";
  if (table.may_react) return "You may react"; // a window waits on you: the same words whatever you hold
  if (table.waiting_on === null) return "Waiting on the players";
  return table.waiting_on.length ? `Waiting on ${table.waiting_on.join(", ")}` : "Playing";
}

function row(table, held, redraw) {
  const others = table.players.filter((p) => p.seat !== table.seat).map((p) => p.name);
  const pace = paceText(table.pace, table.turn_timer);
  const whose = state(table);
  const hidden = isHidden(table.table_id) ? " hidden-table" : "";
  const due = table.your_move || table.may_react;
  return h("li", { class: `card your-table${due ? " due" : ""}${hidden}`, dataset: { table: table.table_id } },
    h("div", {},
      h("p", {}, h("a", { href: address(table, held) }, tableLabel(table)),
        h("span", { class: "muted" }, ` · ${pace}${table.seat === null ? " · watching" : ""}`)),
      h("p", { class: "muted" }, others.length ? `With ${others.join(", ")}` : "Nobody else yet"),
      h("p", { class: due ? "move" : "" }, whose,
        table.deadline ? h("span", { class: "muted", title: clockTime(table.deadline) },
          ` · due ${until(Date.parse(table.deadline) - Date.now())}`) : null),
      answerSwitch(table, held)),
    tableControls(table, held, redraw));
}

// A turn-based seat's standing answer to game windows, kept on the server (table/answer.js says the same on the
// table page): on, windows that ask you are passed for you after a few seconds; off, they wait for you. Only while
// the game can still ask (lobby or playing).
function answerSwitch(table, held) {
  if (table.window_answer === null || table.window_answer === undefined || !held?.token) return null;
  if (table.status !== "lobby" && table.status !== "playing") return null;
  const id = `answer-${table.table_id}`;
  const words = "Pass reaction windows for me";
  // Every row has this switch: its name says which table.
  const box = h("input", { type: "checkbox", role: "switch", id, checked: table.window_answer === "pass",
    "aria-label": `${words}: ${tableLabel(table)}` });
  box.addEventListener("change", async () => {
    box.disabled = true;
    try {
      box.checked = (await saveAnswer(table.table_id, box.checked ? "pass" : "respond", held.token)) === "pass";
    } catch (error) {
      box.checked = !box.checked; // not kept: show what the server still has, and why
      toast(`Your answer at ${tableLabel(table)} was not changed: ${error.message}`);
    }
    box.disabled = false;
  });
  return h("p", { class: "field check answer-switch" }, box, h("label", { for: id }, words));
}

export async function showYourTables() {
  const section = document.getElementById("your-tables");
  const list = document.getElementById("your-tables-list");
  const held = heldTables();
  if (!held.length && !signedInHere()) {
    section.hidden = true;
    return;
  }
  let answer;
  try {
    answer = await api("POST", "/api/your-tables", { tables: held.slice(0, 100) });
  } catch {
    return; // the list is a convenience: the rest of the page works without it
  }
  for (const gone of answer.gone) forgetTable(gone);
  if (answer.account) keepAccountTables(answer.account); // signed in: the account's tables open here too
  const byId = new Map(heldTables().map((entry) => [entry.table_id, entry]));
  showGroup(answer, byId, showYourTables); // invitations and the people played with, from the same answer
  const shown = visibleTables(answer.tables, showYourTables);
  // Hide, Show and Leave rebuild the list: the keyboard stays on the control it was on, or, when its row went
  // (hidden, left), on "Show hidden" or the list's first link rather than back at the top of the page.
  const wasInside = list.contains(document.activeElement);
  keepFocus(list, () => list.replaceChildren(...shown.map((table) => row(table, byId.get(table.table_id),
    showYourTables))));
  section.hidden = answer.tables.length === 0;
  if (wasInside && !section.hidden && !list.contains(document.activeElement)) {
    const toggle = document.getElementById("your-tables-hidden");
    (toggle.hidden ? list.querySelector("a") ?? document.getElementById("move-tables") : toggle)
      .focus({ preventScroll: true });
  }
}

wireHeld();
