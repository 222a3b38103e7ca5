// The lobby: who is seated, the invite link, and the host's controls (bots, removing seats, start).

import { api } from "../client.js";
import { absoluteUrl, h, keepFocus, setLink } from "../dom.js";
import { leave } from "../leaving.js";
import { LEVELS, levelOrder } from "../levels.js";
import { paceText, pacedOption } from "../pace.js";
import { appliesAt, label, optionSchema, valueText } from "../schema-form.js";
import { isHost, nameOf, seatItem, seatList } from "./seats.js";

// A level's description, and how often it beats the next weaker level where the strength ladder has measured it
// (games/ladder.json, bench/ladder.py): "Hard: wins about 7 of 10 games against Normal (2 players)."
function levelText(kind, figure) {
  const about = LEVELS[kind]?.about ?? "";
  if (!figure) return about;
  const name = (level) => LEVELS[level]?.name ?? level;
  const each = figure.teams ? ", a team of each" : figure.players > 2 ? ", half the seats each" : "";
  const table = `${figure.players} players${each}`;
  const measured =
    `${name(kind)}: wins about ${figure.wins_of_10} of 10 games against ${name(figure.against)} (${table}).`;
  return about ? `${about} ${measured}` : measured;
}

export function createLobby({ tableId, game, getToken, onLeft }) {
  const el = (id) => document.getElementById(id);
  const errorBox = el("lobby-error");
  const botCount = el("bot-count");
  const botKind = el("bot-kind");
  const base = `/api/tables/${encodeURIComponent(tableId)}`;

  function showError(text) {
    errorBox.textContent = text;
    errorBox.hidden = !text;
  }

  // Disables the button while the call runs; returns false on failure. The new state comes over the websocket.
  async function call(button, method, path, body) {
    showError("");
    if (button) button.disabled = true;
    try {
      return (await api(method, path, body, getToken())) ?? true;
    } catch (error) {
      showError(error.message);
      return false;
    } finally {
      if (button) button.disabled = false;
    }
  }

  function describeLevel() {
    el("bot-kind-hint").textContent = levelText(botKind.value, game.ladder?.[botKind.value]);
  }
  botKind.addEventListener("change", describeLevel);

  el("add-bots").addEventListener("click", (event) => {
    const count = Number.parseInt(botCount.value, 10);
    if (!Number.isInteger(count) || count < 1) {
      showError("Enter how many bots to add (1 or more).");
      return;
    }
    const body = { count };
    if (botKind.value) body.kind = botKind.value;
    call(event.currentTarget, "POST", `${base}/bots`, body);
  });

  el("start").addEventListener("click", (event) => call(event.currentTarget, "POST", `${base}/start`));

  // Listed on the home page's open tables, or not; the box shows what the server holds once the call is back.
  const listBox = el("list-table");
  listBox.addEventListener("change", async () => {
    const wanted = listBox.checked;
    const facts = await call(listBox, "POST", `${base}/listing`, { listed: wanted });
    listBox.checked = facts && facts !== true ? Boolean(facts.listed) : !wanted;
  });

  let latest = null; // the state last drawn: what the leave dialog says

  // Asked first, in the words "Your tables" uses (leaving.js); left, the table is forgotten here and in the account.
  // The button stays enabled: the dialog is modal, and on Cancel it gives the focus back to the button.
  el("leave").addEventListener("click", async () => {
    if (!latest) return;
    showError("");
    if (await leave(asListed(latest), getToken(), showError)) onLeft();
  });

  // This table as an entry of "Your tables" (POST /api/your-tables), for leaving.js.
  function asListed(message) {
    const table = message.table ?? {};
    return {
      table_id: tableId, title: game.title, status: message.status, seat: message.you?.seat ?? null,
      host: nameOf(message, table.host_seat), host_seat: table.host_seat,
      players: seatList(message).map((s) => ({ seat: s.seat, name: s.name, bot: Boolean(s.bot) })),
    };
  }

  function removeButton(seat) {
    return h("button", {
      type: "button",
      class: "small secondary",
      text: "Remove",
      "aria-label": `Remove ${seat.name}`,
      dataset: { removeSeat: String(seat.seat) },
      onclick: (event) => call(event.currentTarget, "DELETE", `${base}/seats/${seat.seat}`),
    });
  }

  // The table's options in words, each with the line its game gives it (what a choice trades), so everyone in the
  // lobby knows what they are about to play; an option that does not apply at this many seats is left out.
  // A window's length reads, at a turn-based table, as the delay of the automatic pass (pace.js).
  function drawOptions(options, players, pace) {
    const schema = game.options_schema ?? {};
    const properties = schema.properties ?? {};
    const key = JSON.stringify([options ?? {}, players, pace]);
    const list = el("lobby-options");
    if (list.dataset.key === key) return;
    list.dataset.key = key;
    const items = Object.entries(options ?? {})
      .filter(([name]) => name in properties && appliesAt(optionSchema(schema, name), players))
      .map(([name, value]) => {
        const prop = pacedOption(optionSchema(schema, name), pace);
        return h("li", { dataset: { option: name } },
          h("strong", { text: `${label(name, prop)}: ` }),
          valueText(value),
          prop.description ? h("span", { class: "hint", text: ` (${prop.description})` }) : null);
      });
    list.replaceChildren(...items);
    el("lobby-options-field").hidden = items.length === 0;
  }

  function render(message) {
    latest = message;
    drawOptions(message.table?.options, seatList(message).length, message.table?.pace);
    el("lobby-pace").textContent = paceText(message.table?.pace, message.table?.turn_timer);
    const seats = seatList(message);
    const host = isHost(message);
    const seated = message.you?.seat !== null && message.you?.seat !== undefined;
    const need = game.min_players;
    const max = game.max_players;

    el("lobby-count").textContent =
      `${seats.length} of ${max} seats taken` + (seats.length < need ? ` · needs at least ${need} to start` : "");
    const items = seats.map((seat) =>
      seatItem(message, seat, host && seat.seat !== message.table.host_seat ? [removeButton(seat)] : []),
    );
    keepFocus(el("lobby-seats"), () => el("lobby-seats").replaceChildren(...items));

    el("host-controls").hidden = !host;
    el("lobby-wait").hidden = host;
    el("leave").hidden = !seated || host;

    if (host) {
      const free = Math.max(0, max - seats.length);
      botCount.max = String(Math.max(1, free));
      if (Number(botCount.value) > free && free > 0) botCount.value = String(free);
      el("add-bots").disabled = free === 0;
      const kinds = message.table.bot_kinds ?? [];
      if (botKind.dataset.kinds !== kinds.join(",")) {
        botKind.dataset.kinds = kinds.join(",");
        botKind.replaceChildren(...levelOrder(kinds).map((kind) => h("option", {
          value: kind, text: LEVELS[kind]?.name ?? kind, selected: kind === kinds[0],
        })));
        botKind.value = kinds[0] ?? "";  // the server lists its default (the strongest level) first
        describeLevel();
      }
      el("bot-kind-field").hidden = kinds.length === 0;
      if (!listBox.disabled) listBox.checked = Boolean(message.table.listed); // not while a change is on its way
      const ready = seats.length >= need;
      el("start").disabled = !ready;
      el("start-hint").textContent = ready
        ? `Start with ${seats.length} players.`
        : `Needs at least ${need} players; add bots or wait for friends.`;
    }
    setLink(el("invite-field"), message.table.invite_url ? absoluteUrl(message.table.invite_url) : "");
  }

  return { render };
}
