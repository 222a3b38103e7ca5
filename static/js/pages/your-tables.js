// "Your tables" on the home page: every table this browser holds a seat or a spectator link at, asked about in one
// request (the credentials go in its body, never in an address). Tables that are gone are forgotten here.

import { api, forgetTable, heldTables } from "../client.js";
import { h } from "../dom.js";
import { clockTime, until } from "../when.js";

const STATUS = { lobby: "In the lobby", playing: "Playing", finished: "Finished" };

function address(table, held) {
  const id = encodeURIComponent(table.table_id);
  return held.token ? `/t/${id}` : `/t/${id}/watch?key=${encodeURIComponent(held.spectate)}`;
}

function state(table) {
  if (table.status !== "playing") return STATUS[table.status] ?? table.status;
  if (table.your_move) return "Your move";
  if (table.waiting_on === null) return "Waiting on the players";
  return table.waiting_on.length ? `Waiting on ${table.waiting_on.join(", ")}` : "Playing";
}

function row(table, held, redraw) {
  const others = table.players.filter((p) => p.seat !== table.seat).map((p) => p.name);
  const pace = table.pace === "turn-based" ? "turn-based" : "live";
  const whose = state(table);
  return h("li", { class: `card your-table${table.your_move ? " due" : ""}`, dataset: { table: table.table_id } },
    h("div", {},
      h("p", {}, h("a", { href: address(table, held) }, `${table.title} at ${table.host ?? "?"}'s table`),
        h("span", { class: "muted" }, ` · ${pace}${table.seat === null ? " · watching" : ""}`)),
      h("p", { class: "muted" }, others.length ? `With ${others.join(", ")}` : "Nobody else yet"),
      h("p", { class: table.your_move ? "move" : "" }, whose,
        table.deadline ? h("span", { class: "muted", title: clockTime(table.deadline) },
          ` · due ${until(Date.parse(table.deadline) - Date.now())}`) : null)),
    h("button", {
      type: "button", class: "secondary small", "aria-label": `Remove ${table.title} at ${table.host}'s table from this list`,
      onclick: () => {
        forgetTable(table.table_id);
        redraw();
      },
    }, "Remove"));
}

export async function showYourTables() {
  const section = document.getElementById("your-tables");
  const list = document.getElementById("your-tables-list");
  const held = heldTables();
  if (!held.length) {
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
  const byId = new Map(held.map((entry) => [entry.table_id, entry]));
  list.replaceChildren(...answer.tables.map((table) => row(table, byId.get(table.table_id), showYourTables)));
  section.hidden = answer.tables.length === 0;
}
