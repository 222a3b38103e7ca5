// Raiding Parties: the party being built, kept in this browser per table and seat until it is hired. A phone that
// switches apps may reload the tab; the half-built party must come back. Nothing here goes to the server, and the
// draft is forgotten once the party is hired (or the building is over, e.g. the timeout hired for the seat).

const PREFIX = "tabletop:rp:draft:";
const KEEP_MS = 7 * 24 * 3600 * 1000; // a draft of a table never finished is dropped after a week
const MAX_COPIES = 99;

function store() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage refused: drafts last as long as the page, as before
  }
}

// The key of this seat's draft at this table, or null (a replay, a spectator): never stored then.
export function draftKey(message) {
  const table = message?.table?.table_id;
  const seat = message?.view?.you;
  if (message?.type !== "state" || typeof table !== "string" || !Number.isInteger(seat)) return null;
  return `${PREFIX}${table}:${seat}`;
}

// The stored counts, keeping only catalogue names with a whole number of copies; null if there is none.
export function loadDraft(key, catalogue) {
  if (!key) return null;
  let saved;
  try {
    saved = JSON.parse(store()?.getItem(key) ?? "null");
  } catch {
    return null;
  }
  if (!saved || typeof saved.counts !== "object" || saved.counts === null) return null;
  const counts = {};
  for (const [name, n] of Object.entries(saved.counts)) {
    if (catalogue.has(name) && Number.isInteger(n) && n > 0 && n <= MAX_COPIES) counts[name] = n;
  }
  return counts;
}

export function saveDraft(key, counts) {
  const box = store();
  if (!key || !box) return;
  try {
    if (Object.keys(counts).length) box.setItem(key, JSON.stringify({ counts, at: Date.now() }));
    else box.removeItem(key);
    forgetOld(box, key);
  } catch {
    // a full or refused storage: the draft lasts as long as the page
  }
}

export function clearDraft(key) {
  if (!key) return;
  try {
    store()?.removeItem(key);
  } catch {
    // nothing kept
  }
}

function forgetOld(box, keep) {
  const now = Date.now();
  for (let i = box.length - 1; i >= 0; i -= 1) {
    const key = box.key(i);
    if (!key?.startsWith(PREFIX) || key === keep) continue;
    try {
      if (!(now - JSON.parse(box.getItem(key)).at < KEEP_MS)) box.removeItem(key);
    } catch {
      box.removeItem(key);
    }
  }
}
