// The one browser client: REST calls, the live websocket with reconnection, the render loop and seat tokens.

const TOKEN_PREFIX = "tabletop:seat:";
const WATCH_PREFIX = "tabletop:watch:"; // spectator keys of tables watched here, for "Your tables"
const HIDDEN_PREFIX = "tabletop:hidden:"; // tables hidden from "Your tables" here; their credentials stay
const BACKOFF_START_MS = 500;
const BACKOFF_MAX_MS = 10_000;
const RESTART_JITTER_MS = 250;
// The server deleted the table (it expired) while this connection was open: final, like every 4xxx close.
export const TABLE_EXPIRED = 4410;

// Close codes after which retrying cannot help: 1008 (policy) and the 4xxx range the server uses for refusals
// such as an unknown table, a seat token that is no longer valid or a table that has expired.
function isFinalClose(code) {
  return code === 1008 || (code >= 4000 && code < 5000);
}

export function connect({ tableId, token, spectate, onMessage, onStatus = () => {} }) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  // The credential goes in the first message, never in the URL, so no server or proxy log can hold it.
  const url = `${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`;
  // After the first full state the server sends only what changed (JSON Patch); `held` is the full state so far.
  const auth = JSON.stringify(
    token ? { type: "auth", token, patches: true } : { type: "auth", spectate: spectate ?? "", patches: true },
  );
  let held = null;
  let ws = null;
  let attempt = 0;
  let timer = null;
  let stopped = false;

  function open() {
    clearTimeout(timer);
    timer = null;
    if (stopped) return;
    onStatus("connecting", { attempt });
    const socket = new WebSocket(url);
    ws = socket;
    socket.onopen = () => {
      socket.send(auth);
      attempt = 0;
      onStatus("open", {});
    };
    socket.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return; // not ours to crash on; the server only sends JSON
      }
      if (message.type === "state") held = message;
      if (message.type === "patch") {
        try {
          held = applyPatch(held, message.ops);
        } catch {
          held = null;
          socket.close(3000, "patch did not apply"); // not final: reconnecting brings a full state
          return;
        }
        message = held;
      }
      onMessage(message);
    };
    socket.onclose = (event) => {
      if (ws !== socket) return;
      ws = null;
      const final = isFinalClose(event.code);
      if (final) stopped = true;
      onStatus("closed", { code: event.code, reason: event.reason, final, attempt });
      // 1012: the server is restarting (another worker may already serve): back at once, jittered a little.
      if (!stopped && event.code === 1012 && attempt === 0) {
        attempt += 1;
        timer = setTimeout(open, Math.random() * RESTART_JITTER_MS);
      } else if (!stopped) schedule();
    };
  }

  function schedule() {
    const base = Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** attempt);
    attempt += 1;
    // Jitter spreads the reconnects of a whole table after a server restart.
    const delay = base * (0.75 + Math.random() * 0.5);
    timer = setTimeout(open, Math.min(delay, BACKOFF_MAX_MS));
  }

  // Coming back online or to the tab is a good moment to retry at once instead of waiting out the backoff.
  function retryNow() {
    if (!stopped && !ws && timer !== null) open();
  }
  function onVisible() {
    if (document.visibilityState === "visible") retryNow();
  }
  window.addEventListener("online", retryNow);
  document.addEventListener("visibilitychange", onVisible);

  open();
  return {
    send(obj) {
      if (!ws || ws.readyState !== WebSocket.OPEN) return false;
      ws.send(JSON.stringify(obj));
      return true;
    },
    close() {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener("online", retryNow);
      document.removeEventListener("visibilitychange", onVisible);
      if (ws) {
        const socket = ws;
        ws = null;
        socket.close(1000);
      }
    },
  };
}

// RFC 6902 JSON Patch, the three operations the server sends (add, remove, replace); returns a new document and
// leaves the old one as it was (the page may still be drawing it).
export function applyPatch(document, ops) {
  if (document === null) throw new Error("no state to patch");
  let doc = structuredClone(document);
  for (const op of ops) {
    const parts = op.path.split("/").slice(1).map((p) => p.replaceAll("~1", "/").replaceAll("~0", "~"));
    if (parts.length === 0) {
      doc = structuredClone(op.value);
      continue;
    }
    let parent = doc;
    for (const part of parts.slice(0, -1)) parent = parent[Array.isArray(parent) ? Number(part) : part];
    const last = parts[parts.length - 1];
    if (Array.isArray(parent)) {
      if (op.op === "remove") parent.splice(Number(last), 1);
      else if (last === "-") parent.push(op.value);
      else if (op.op === "add") parent.splice(Number(last), 0, op.value);
      else parent[Number(last)] = op.value;
    } else if (op.op === "remove") {
      delete parent[last];
    } else {
      parent[last] = op.value;
    }
  }
  return doc;
}

// `status` is the HTTP status; 0 means the server was never reached (network, socket closed), and REFUSED a refusal
// the server sent over the websocket, which has no HTTP status. Pages tell "try again" from "no" by it.
export const REFUSED = -1;

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }

  get offline() {
    return this.status === 0;
  }
}

// Actions in flight. Each `act` goes out with an id, and the server answers that id with `ack` (applied as action
// `seq`) or `error` (refused, nothing changed). An accepted action settles once the state of its seq has been drawn
// (`drawn`), which may be before or after the ack comes, so the controls come back on the position it made, never
// on the one it left; a refused one fails at once with the server's reason. Neither waits on someone else's move.
export function createActions({ timeoutMs = 15_000 } = {}) {
  const pending = new Map(); // id -> {resolve, reject, seq: the acked seq or null, timer}
  let counter = 0;
  let drawnSeq = -1;

  function settle(id, error) {
    const entry = pending.get(id);
    if (!entry) return;
    pending.delete(id);
    clearTimeout(entry.timer);
    if (error) entry.reject(error);
    else entry.resolve(entry.seq);
  }

  return {
    // Sends one action through `send` (a socket's, false when it is down); the promise settles as above.
    send(send, action, expectSeq) {
      counter += 1;
      const id = `act-${counter}-${Math.random().toString(36).slice(2, 8)}`;
      return new Promise((resolve, reject) => {
        if (!send({ type: "act", id, action, expect_seq: expectSeq })) {
          reject(new ApiError(0, "offline", "Not connected; your move was not sent. Try again in a moment."));
          return;
        }
        // Should no answer ever come, the controls still come back.
        pending.set(id, { resolve, reject, seq: null, timer: setTimeout(() => settle(id, null), timeoutMs) });
      });
    },
    // An `ack` or `error` from the server: whether it answered one of ours.
    answer(message) {
      const entry = pending.get(message.id);
      if (!entry) return false;
      if (message.type === "error") {
        settle(message.id, new ApiError(REFUSED, message.code ?? "error", message.message ?? "That was refused."));
      } else if (message.type === "ack") {
        entry.seq = Number.isInteger(message.seq) ? message.seq : drawnSeq;
        if (entry.seq <= drawnSeq) settle(message.id, null);
      }
      return true;
    },
    // The page has drawn the state of this seq.
    drawn(seq) {
      if (!Number.isInteger(seq) || seq <= drawnSeq) return;
      drawnSeq = seq;
      for (const [id, entry] of pending) if (entry.seq !== null && entry.seq <= seq) settle(id, null);
    },
    // The connection is gone: an answer can no longer come.
    failAll(error) {
      for (const id of [...pending.keys()]) settle(id, error);
    },
  };
}

export async function api(method, path, body, token) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "network", "Could not reach the server. Check your connection and try again.");
  }
  const text = await response.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const error = data?.error;
    if (error?.message) throw new ApiError(response.status, error.code ?? "error", error.message);
    if (Array.isArray(data?.detail)) {
      // FastAPI's default validation body, in case a route answers before the app's own handler.
      const message = data.detail.map((d) => `${(d.loc ?? []).join(".")}: ${d.msg}`).join("; ");
      throw new ApiError(response.status, "bad_request", message);
    }
    throw new ApiError(response.status, "http_error", `The server answered ${response.status}. Please try again.`);
  }
  return data;
}

// Keeps only the newest message and draws it at most once per animation frame.
export function renderLoop(render) {
  // Animation frames do not run in a background tab; there a timer draws, so turn alerts and timers still happen.
  const frame = (fn) => (document.hidden || !globalThis.requestAnimationFrame ? setTimeout(fn, 0) : requestAnimationFrame(fn));
  let latest = null;
  let scheduled = false;
  return function push(message) {
    latest = message;
    if (scheduled) return;
    scheduled = true;
    frame(() => {
      scheduled = false;
      const next = latest;
      latest = null;
      if (next !== null) render(next);
    });
  };
}

// localStorage can be unavailable (private modes, blocked storage): fall back to memory for this page.
const memory = new Map();

function storage() {
  try {
    const probe = "tabletop:probe";
    localStorage.setItem(probe, "1");
    localStorage.removeItem(probe);
    return localStorage;
  } catch {
    return null;
  }
}

// A seat just taken (a new table, an invitation accepted, a new game with the same people): keep its token here,
// then open its table.
export function openSeat(made) {
  storeToken(made.table_id, made.token);
  location.href = `/t/${encodeURIComponent(made.table_id)}`;
}

export function storeToken(tableId, token) {
  const known = loadToken(tableId) === token;
  keepToken(tableId, token);
  bindToAccount({ table_id: tableId, token }, known);
}

function keepToken(tableId, token) {
  const key = TOKEN_PREFIX + tableId;
  memory.set(key, token);
  storage()?.setItem(key, token);
}

export function loadToken(tableId) {
  const key = TOKEN_PREFIX + tableId;
  return storage()?.getItem(key) ?? memory.get(key) ?? null;
}

export function clearToken(tableId) {
  const key = TOKEN_PREFIX + tableId;
  memory.delete(key);
  storage()?.removeItem(key);
}

export function storeSpectate(tableId, key) {
  const known = (storage()?.getItem(WATCH_PREFIX + tableId) ?? memory.get(WATCH_PREFIX + tableId)) === key;
  keepSpectate(tableId, key);
  bindToAccount({ table_id: tableId, spectate: key }, known);
}

function keepSpectate(tableId, key) {
  memory.set(WATCH_PREFIX + tableId, key);
  storage()?.setItem(WATCH_PREFIX + tableId, key);
}

export function clearSpectate(tableId) {
  memory.delete(WATCH_PREFIX + tableId);
  storage()?.removeItem(WATCH_PREFIX + tableId);
}

// Every table this browser holds a seat token or a spectator key for: what "Your tables" asks about.
export function heldTables() {
  const found = new Map();
  const store = storage();
  const keys = new Set(memory.keys());
  for (let index = 0; store && index < store.length; index += 1) keys.add(store.key(index));
  for (const key of keys) {
    const value = store?.getItem(key) ?? memory.get(key);
    if (!value) continue;
    for (const [prefix, field] of [[TOKEN_PREFIX, "token"], [WATCH_PREFIX, "spectate"]]) {
      if (!key.startsWith(prefix)) continue;
      const tableId = key.slice(prefix.length);
      const entry = found.get(tableId) ?? { table_id: tableId };
      entry[field] = value;
      found.set(tableId, entry);
    }
  }
  // A seat wins over a spectator link at the same table: the server reads the token first.
  return [...found.values()].map((entry) => (entry.token ? { table_id: entry.table_id, token: entry.token } : entry));
}

export function forgetTable(tableId) {
  clearToken(tableId);
  clearSpectate(tableId);
  setHidden(tableId, false);
}

// Forgets a table here and, signed in, in the account first (POST /api/account/seats/forget): else the next "Your
// tables" would hand its credential back. Throws the ApiError when the account could not forget it (nothing is
// forgotten then); a server without the route (404) or a session that has ended (401) is no obstacle.
export async function forgetEverywhere(tableId) {
  if (signedInHere()) {
    try {
      await api("POST", "/api/account/seats/forget", { table_id: tableId });
    } catch (error) {
      if (error.status === 401) setSignedIn(false);
      else if (error.status !== 404) throw error;
    }
  }
  forgetTable(tableId);
}

// "Hide from this list": a flag of this browser only; the seat token or spectator key is kept.
export function isHidden(tableId) {
  const key = HIDDEN_PREFIX + tableId;
  return (storage()?.getItem(key) ?? memory.get(key)) === "1";
}

export function setHidden(tableId, hidden) {
  const key = HIDDEN_PREFIX + tableId;
  if (hidden) {
    memory.set(key, "1");
    storage()?.setItem(key, "1");
  } else {
    memory.delete(key);
    storage()?.removeItem(key);
  }
}

export function rememberName(name) {
  try {
    localStorage.setItem("tabletop:name", name);
  } catch {
    // a remembered name is a convenience only
  }
}

export function rememberedName() {
  try {
    return localStorage.getItem("tabletop:name") ?? "";
  } catch {
    return "";
  }
}

// ----------------------------------------------------------------- accounts (static/js/pages/account.js)
// The session cookie is HttpOnly, so scripts cannot see it: the page keeps a flag of its own while signed in, and the
// ids of the tables that came from the account (taken while signed in, or handed over by the account's list), which
// are the ones signing out removes from this browser.
const SIGNED_IN = "tabletop:account";
const ACCOUNT_TABLES = "tabletop:account-tables";

function readList(key) {
  try {
    const list = JSON.parse(storage()?.getItem(key) ?? memory.get(key) ?? "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function writeList(key, list) {
  const text = JSON.stringify([...new Set(list)]);
  memory.set(key, text);
  storage()?.setItem(key, text);
}

export function signedInHere() {
  return (storage()?.getItem(SIGNED_IN) ?? memory.get(SIGNED_IN)) === "1";
}

export function setSignedIn(signedIn) {
  if (signedIn) {
    memory.set(SIGNED_IN, "1");
    storage()?.setItem(SIGNED_IN, "1");
  } else {
    memory.delete(SIGNED_IN);
    storage()?.removeItem(SIGNED_IN);
  }
}

export function accountTableIds() {
  return readList(ACCOUNT_TABLES);
}

// Signed in, a seat or spectator link this browser takes is kept for the account too, and counts as the account's
// here (signing out removes it) unless this browser held it already. `keepalive`: the page usually navigates to the
// table at once, and the request must outlive it.
function bindToAccount(credential, heldBefore) {
  if (!signedInHere()) return;
  if (!heldBefore) writeList(ACCOUNT_TABLES, [...accountTableIds(), credential.table_id]);
  fetch("/api/account/seats", {
    method: "POST", keepalive: true, headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ tables: [credential] }),
  }).then((response) => {
    if (response.status === 401) setSignedIn(false); // the session ended elsewhere: the seat stays this browser's
  }).catch(() => {}); // offline: "Add this browser's tables" on the home page offers it again
}

// The account's tables as "Your tables" listed them for this device: each kept here, marked as the account's, unless
// this browser already holds a seat there. Tells the account area which of this browser's tables the account lacks.
export function keepAccountTables(credentials) {
  const held = new Map(heldTables().map((entry) => [entry.table_id, entry]));
  const adopted = [];
  for (const credential of credentials) {
    const mine = held.get(credential.table_id);
    if (mine?.token || (mine && !credential.token)) continue;
    if (credential.token) keepToken(credential.table_id, credential.token);
    else keepSpectate(credential.table_id, credential.spectate);
    adopted.push(credential.table_id);
  }
  writeList(ACCOUNT_TABLES, [...accountTableIds(), ...adopted]);
  window.dispatchEvent(new CustomEvent("tabletop:account-tables", { detail: credentials.map((c) => c.table_id) }));
}

// Signing out of this device: the tables that came from the account leave this browser; its own stay.
export function forgetAccountTables() {
  for (const tableId of accountTableIds()) forgetTable(tableId);
  memory.delete(ACCOUNT_TABLES);
  storage()?.removeItem(ACCOUNT_TABLES);
}
