// The table page: decides who you are here (seat, spectator, invitee), keeps the live connection and draws the
// lobby, the game or the result from the latest state message.

import {
  TABLE_EXPIRED, api, clearToken, connect, createActions, forgetTable, loadToken, rememberName, rememberedName,
  renderLoop, storeSpectate, storeToken,
} from "../client.js";
import { absoluteUrl, h, readJson, setLink, toast, wireCopyButtons, wireCounters } from "../dom.js";
import { paceText } from "../pace.js";
import { createAlerts } from "../table/alerts.js";
import { createAnswerSwitch } from "../table/answer.js";
import { createAway } from "../table/away.js";
import { createChat } from "../table/chat.js";
import { createHints } from "../table/hints.js";
import { createLobby } from "../table/lobby.js";
import { createPlay } from "../table/play.js";
import { createPushSwitch } from "../table/push.js";
import { createResult } from "../table/result.js";
import { createSceneWatch } from "../table/scene.js";
import { nameOf } from "../table/seats.js";

const { table_id: tableId, game, spectate_key: spectateKey, invite } = readJson("table-data");
const el = (id) => document.getElementById(id);

let token = loadToken(tableId);
let conn = null;
let current = null;
let everOpened = false;
let views = null; // lobby, play, result and chat, made once we know who we are
const actions = createActions(); // our actions until the server answers them (ack or error)
let lost = false; // the connection dropped after it had been open: the page shows it and waits
let resultShown = false;
const alerts = createAlerts({ title: game.title });
const pushSwitch = createPushSwitch({ tableId, getToken: () => token });
const answerSwitch = createAnswerSwitch({ tableId, game, getToken: () => token });
// The page decides where a reload opens (on the game, see scene.js), not the browser's memory of an old layout.
history.scrollRestoration = "manual";
const sceneDrawn = createSceneWatch(el("play"));
const hints = createHints({ game, bar: el("hint-bar") }); // only at a table created guided

wireCopyButtons();
wireCounters();

// A link for another device is made on request, one-time and short-lived (a seat link carries a claim code, never
// the token, since browsers keep every address in their history).
el("make-seat-link").addEventListener("click", async () => {
  const button = el("make-seat-link");
  button.disabled = true;
  try {
    const made = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/seat-link`, undefined, token);
    el("seat-link").value = made.seat_url;
    el("seat-link-row").hidden = false;
    button.textContent = "Make a new link";
    el("seat-link").focus();
    el("seat-link").select();
  } catch (error) {
    toast(error.message ?? "Could not make a link.");
  } finally {
    button.disabled = false;
  }
});

// While the connection is down nothing on the table can be done: say so at the top of the screen, grey the table out
// and make it inert, so a tap cannot look accepted and then fail.
// "idle": no connection is wanted yet (the join form, or nobody's seat here), so nothing is connecting.
function setConn(state) {
  const badge = el("conn");
  badge.dataset.state = state;
  badge.textContent = {
    open: "online", connecting: everOpened ? "reconnecting…" : "connecting…", offline: "offline", idle: "not joined yet",
  }[state];
  const down = everOpened && state !== "open" && state !== "idle";
  el("conn-bar").hidden = !down;
  el("conn-bar").textContent = state === "offline" ? "Disconnected." : "Connection lost. Reconnecting…";
  document.body.classList.toggle("connection-lost", down);
  for (const id of ["lobby", "play", "result"]) el(id).inert = down;
  el("chat-send").disabled = down;
  if (lost && state === "open") toast("Back online.", "info");
  lost = down;
}

function gate(text, { join = false, heading = null, home = false } = {}) {
  el("table-layout").hidden = true;
  el("gate").hidden = false;
  el("gate-message").textContent = text;
  el("join-form").hidden = !join;
  el("gate-heading").textContent = heading ?? (join ? "Join this table" : "This table");
  el("gate-home").hidden = !home;
  if (join) setConn("idle");
  el("conn-bar").hidden = true; // nothing is being reconnected any more
  document.body.classList.remove("connection-lost");
  describeTable(join);
}

// The gate shows whose table this is, the game and who sits where; when joining is not possible, an invitee is
// offered to watch instead (the invite code buys the spectator link).
async function describeTable(join) {
  let facts;
  try {
    const query = invite ? `?invite=${encodeURIComponent(invite)}` : "";
    facts = await api("GET", `/api/tables/${encodeURIComponent(tableId)}${query}`);
  } catch {
    return; // the message already says what went wrong
  }
  const host = facts.seats.find((seat) => seat.seat === facts.host_seat)?.name;
  const status = { lobby: "waiting in the lobby", playing: "being played", finished: "finished" }[facts.status] ?? facts.status;
  el("gate-summary").textContent =
    `${host ? `${host}'s table` : "A table"} of ${game.title}, ${status}: ${facts.seats.length} of ${facts.max_players} seats taken.`;
  el("gate-pace").textContent = paceText(facts.pace, facts.turn_timer);
  el("gate-seats").replaceChildren(...facts.seats.map((seat) => h(
    "li", { class: "seat" },
    h("span", { class: "seat-number", text: `Seat ${seat.seat + 1}` }),
    h("span", { class: "seat-name", text: seat.name }),
    seat.seat === facts.host_seat ? h("span", { class: "badge host", text: "host" }) : null,
    seat.bot ? h("span", { class: "badge bot", text: "bot" }) : null,
  )));
  el("gate-table").hidden = false;
  const full = facts.seats.length >= facts.max_players;
  const canJoin = facts.status === "lobby" && !full;
  if (join && !canJoin) {
    el("join-form").hidden = true;
    el("gate-heading").textContent = "This table";
    el("gate-message").textContent = facts.status !== "lobby"
      ? "This game has already started, so no one can join it now. You can watch it instead."
      : `The table is full (${facts.max_players} seats). You can watch the game instead.`;
  }
  if (facts.spectate_url && (!join || !canJoin)) {
    el("watch-link").href = facts.spectate_url;
    el("gate-watch").hidden = false;
  }
}

function stop() {
  conn?.close();
  conn = null;
  actions.failAll(new Error("Disconnected."));
  setConn("offline");
}

// ---- actions: a renderer's send settles on the server's answer (see createActions).

function sendAction(message, action) {
  const send = (obj) => {
    const sent = conn?.send(obj) ?? false;
    if (sent) alerts.moved();
    return sent;
  };
  const done = actions.send(send, action, message.seq);
  done.catch((error) => {
    if (error.code === "offline") toast(error.message);
  });
  return done;
}

// ---- drawing

function draw(message) {
  const { status, table = {} } = message;
  el("gate").hidden = true;
  el("table-layout").hidden = false;

  const hostName = Number.isInteger(table.host_seat) ? nameOf(message, table.host_seat) : null;
  const watching = message.you?.seat === null || message.you?.seat === undefined;
  el("status-line").textContent = [
    { lobby: "In the lobby", playing: "Playing", finished: "Finished" }[status] ?? status,
    hostName ? `${hostName}'s table` : null,
    paceText(table.pace, table.turn_timer),
    watching ? "you are watching" : null,
  ].filter(Boolean).join(" · ");
  el("spectator-count").textContent = `${table.spectators ?? 0} watching`;

  el("seat-field").hidden = !token || watching;
  pushSwitch.show(Boolean(token) && !watching);
  answerSwitch.render(message);
  setLink(el("spectate-field"), table.spectate_url ? absoluteUrl(table.spectate_url) : "");
  el("commitment").textContent = table.commitment ?? "";

  el("lobby").hidden = status !== "lobby";
  el("play").hidden = status === "lobby";
  el("log-panel").hidden = status === "lobby";
  const finished = status === "finished" && message.result;
  el("result").hidden = !finished;

  hints.render(message); // before the game's layout, which counts the bars shown above it
  if (status === "lobby") views.lobby.render(message);
  else views.play.render(message);
  if (status === "playing") sceneDrawn(`playing:${views.play.scene(message)}`);
  actions.drawn(message.seq); // an acknowledged action of ours settles once the state it made is on screen
  if (finished) {
    views.play.renderer().then((module) => {
      if (current === message || current?.result) views.result.render(current, module);
      if (!resultShown) showResult();
    });
  }
  views.chat.render(message);
  alerts.update(status === "playing" && views.play.yourTurn(message));
}

// However far down the page someone is (a phone shows the board, then log and chat), the result comes into view.
function showResult() {
  resultShown = true;
  const section = el("result");
  section.scrollIntoView({ block: "start" });
  el("result-heading")?.focus({ preventScroll: true });
}

const push = renderLoop(draw);

// ---- the live connection

function onMessage(message) {
  switch (message.type) {
    case "state":
      if (current && message.seq < current.seq) return; // an older message overtaken by a reconnect
      current = message;
      push(current);
      break;
    case "presence":
      if (!current) return;
      current = { ...current, table: { ...current.table, seats: message.seats, spectators: message.spectators } };
      push(current);
      break;
    case "chat":
      views.chat.add(message);
      if (message.kind === "rematch" && current) push(current); // the result screen names who opened it
      break;
    case "chat_history":
      views.chat.replace(message.messages);
      break;
    case "ack":
      actions.answer(message);
      break;
    case "error":
      actions.answer(message);
      toast(message.message ?? "That was refused."); // a refused action's reason, or any other refusal
      break;
    default:
      break; // newer message types are ignored by older pages
  }
}

function refused(status, reason) {
  stop();
  const said = reason ? ` (${reason})` : "";
  if (status === 404 || status === 4404) {
    gate(reason || "There is no such table. Check the link.");
    return;
  }
  if (token && status === 4403) {
    // The server closed a seat's socket because the seat is gone: removed by the host, or left from another tab.
    clearToken(tableId);
    token = null;
    const why = reason || "You no longer hold a seat at this table.";
    gate(invite ? `${why} You can join again:` : why, { join: Boolean(invite) });
    return;
  }
  if (token) {
    clearToken(tableId);
    token = null;
    if (invite) {
      gate(`Your seat here is no longer valid${said}. You can join again:`, { join: true });
      return;
    }
    gate(`Your seat at this table is no longer valid: you may have left or been removed${said}. Ask for the invite link.`);
    return;
  }
  gate(`This spectator link is not valid${said}. Ask for a new one.`);
}

// A refused websocket handshake looks like a network error to the browser; ask the REST API why.
async function probe() {
  const path = `/api/tables/${encodeURIComponent(tableId)}/state`;
  try {
    await api("GET", token ? path : `${path}?spectate=${encodeURIComponent(spectateKey ?? "")}`, undefined, token);
  } catch (error) {
    if ([401, 403, 404].includes(error.status)) refused(error.status, error.message);
  }
}

function onStatus(state, info) {
  if (state === "open") {
    everOpened = true;
    setConn("open");
    return;
  }
  if (state === "connecting") {
    setConn("connecting");
    return;
  }
  actions.failAll(new Error("Connection lost."));
  if (info.final) {
    if (info.code === TABLE_EXPIRED) expired();
    else if ([4401, 4403, 1008].includes(info.code)) refused(info.code, info.reason);
    else if (info.code === 4404) refused(404, info.reason);
    else {
      stop();
      gate(info.reason || "The server closed the connection. Reload the page to try again.");
    }
    return;
  }
  setConn("connecting");
  if ((!everOpened && info.attempt === 0) || info.attempt % 3 === 2) probe();
}

function begin(who) {
  const getToken = () => token;
  views ??= {
    lobby: createLobby({ tableId, game, getToken, onLeft: left }),
    play: createPlay({
      tableId, game, getToken, act: sendAction, redraw: () => current && push(current),
      away: createAway({ tableId, getToken, spectate: who.spectate, onChange: () => current && push(current) }),
    }),
    chat: createChat({
      tableId,
      send: (obj) => conn?.send(obj) ?? false,
      setSpectatorChat: (readable) => api("POST", `/api/tables/${encodeURIComponent(tableId)}/spectator-chat`,
        { readable }, token),
      joinRematch: () => el("again")?.click(), // the result screen's button does the joining
    }),
    result: createResult({ tableId, getToken, rematchBy: () => views.chat.rematchBy() }),
  };
  current = null;
  setConn("connecting");
  conn = connect({ tableId, token: who.token, spectate: who.spectate, onMessage, onStatus });
}

// The server deleted the table while this page had it open (close 4410): nothing here can come back, not even by
// reconnecting, so the page says so once and stays as it is.
function expired() {
  stop();
  forgetTable(tableId); // its seat and spectator link went with it
  token = null;
  el("status-line").textContent = "Expired";
  el("spectator-count").textContent = "";
  gate("Nobody had used this table for a long time, so it was deleted, with its log and chat. You can start a new " +
    "table from the home page.", { heading: "This table has expired", home: true });
}

function left() {
  stop();
  clearToken(tableId);
  token = null;
  gate("You left the table.");
}

// ---- joining with an invite

function showJoin() {
  gate("", { join: true });
  const input = el("join-name");
  if (!input.value) input.value = rememberedName();
  input.dispatchEvent(new Event("input")); // the character counter
  input.focus();
}

el("join-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const errorBox = el("join-error");
  const button = el("join");
  const name = el("join-name").value.trim();
  errorBox.hidden = true;
  if (!name) {
    errorBox.textContent = "Please enter your name.";
    errorBox.hidden = false;
    return;
  }
  button.disabled = true;
  try {
    const joined = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/join`, { name, invite });
    rememberName(name);
    storeToken(tableId, joined.token);
    token = joined.token;
    begin({ token });
  } catch (error) {
    errorBox.textContent = error.message;
    errorBox.hidden = false;
  } finally {
    button.disabled = false;
  }
});

// The spectator link always spectates, even in a browser that also holds a seat here.
if (spectateKey) {
  storeSpectate(tableId, spectateKey); // listed under "Your tables" on the home page
  begin({ spectate: spectateKey });
} else if (token) begin({ token });
else if (invite) showJoin();
else {
  gate("You are not seated at this table; ask for the invite link.");
  setConn("idle");
}
