// A guided first game's hints, above the game: each game declares them as data (games/<name>/hints.py, sent with the
// game's public facts as `game.hints`), and this one module draws them for every game.
//
// A hint shows only at a table created guided (`table.guided`), to a seat, while the game is played, when its
// condition holds for what this seat was sent: its own view and its own legal list, nothing else. So whether and when
// a hint shows tells nobody anything, and depends on nothing the seat cannot see. One hint at a time, in the order
// the game declares them; each is shown once per browser: it is remembered as seen when it is dismissed, or when its
// moment has passed after it was shown. The evaluator is games/hints.py's, line for line (the tests compare them).

import { h } from "../dom.js";

const memory = new Set(); // where localStorage is unavailable: seen for this page only

function seenKey(gameId, hintId) {
  return `tabletop:hint:${gameId}:${hintId}`;
}

export function wasSeen(gameId, hintId) {
  try {
    if (localStorage.getItem(seenKey(gameId, hintId)) !== null) return true;
  } catch {
    // storage blocked: fall through to this page's memory
  }
  return memory.has(seenKey(gameId, hintId));
}

function markSeen(gameId, hintId) {
  memory.add(seenKey(gameId, hintId));
  try {
    localStorage.setItem(seenKey(gameId, hintId), "1");
  } catch {
    // kept in memory only
  }
}

// The view's value at a dotted path ("step.kind", "hands.0"; "@you" is the view's own seat), or null.
export function lookup(view, path) {
  let value = view;
  for (let segment of path.split(".")) {
    if (segment === "@you") segment = String(view?.you);
    if (Array.isArray(value)) {
      if (!/^\d+$/.test(segment) || Number(segment) >= value.length) return null;
      value = value[Number(segment)];
    } else if (value !== null && typeof value === "object") {
      value = Object.hasOwn(value, segment) ? value[segment] : null;
    } else {
      return null;
    }
    if (value === undefined) return null;
  }
  return value;
}

// JSON equality: the same value whatever the order of an object's keys.
function same(a, b) {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && same(a[key], b[key]));
}

function size(value) {
  if (typeof value === "number") return value;
  if (Array.isArray(value)) return value.length;
  if (value !== null && typeof value === "object") return Object.keys(value).length;
  return null;
}

export function holds(condition, view, legal) {
  if ("all" in condition) return condition.all.every((part) => holds(part, view, legal));
  if ("any" in condition) return condition.any.some((part) => holds(part, view, legal));
  if ("not" in condition) return !holds(condition.not, view, legal);
  if ("can" in condition) {
    const wanted = Object.entries(condition.with ?? {});
    return (legal ?? []).some((action) => action?.type === condition.can
      && wanted.every(([key, value]) => same(action[key] ?? null, value)));
  }
  const value = lookup(view ?? {}, condition.view);
  if ("is" in condition) return same(value, condition.is);
  if ("in" in condition) return condition.in.some((one) => same(value, one));
  if ("present" in condition) return (value !== null) === condition.present;
  const n = size(value);
  if (n === null) return false;
  return "at_least" in condition ? n >= condition.at_least : n <= condition.at_most;
}

// A hint's text with its {path} placeholders filled from the view.
export function fill(text, view) {
  return text.replace(/\{([A-Za-z0-9_.@-]+)\}/g, (_, path) => {
    const value = lookup(view ?? {}, path);
    return value === null || typeof value === "object" ? "?" : String(value);
  });
}

// The ids of the hints that hold for this message, in their declared order (for the tests, and for drawing).
export function holding(hints, message) {
  return (hints ?? []).filter((hint) => holds(hint.when, message.view, message.legal)).map((hint) => hint.id);
}

export function createHints({ game, bar }) {
  const hints = Array.isArray(game.hints) ? game.hints : [];
  let shown = null; // the hint on screen
  let last = null; // the message drawn last

  const text = h("span", { class: "hint-text" });
  const dismiss = h("button", { type: "button", class: "secondary small", text: "Got it" });
  bar.replaceChildren(h("strong", { class: "hint-label", text: "Tip" }), text, dismiss);

  function hide() {
    shown = null;
    bar.hidden = true;
    delete bar.dataset.hint;
  }

  dismiss.addEventListener("click", () => {
    if (shown) markSeen(game.id, shown.id);
    hide();
    if (last) render(last); // the next hint whose moment is now, if any
  });

  function render(message) {
    last = message;
    const guided = message.table?.guided === true;
    const seated = Number.isInteger(message.you?.seat);
    if (!guided || !seated || message.status !== "playing" || !hints.length) {
      if (shown) hide();
      return;
    }
    if (shown && !holds(shown.when, message.view, message.legal)) {
      markSeen(game.id, shown.id); // its moment has passed: it was shown once
      hide();
    }
    if (!shown) {
      shown = hints.find((hint) => !wasSeen(game.id, hint.id) && holds(hint.when, message.view, message.legal))
        ?? null;
      if (!shown) return;
    }
    text.textContent = fill(shown.text, message.view);
    bar.dataset.hint = shown.id;
    bar.dataset.seq = String(message.seq);
    bar.hidden = false;
  }

  return { render };
}
