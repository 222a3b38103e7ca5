// Any JSON value as readable HTML: objects as definition lists, lists of records as tables, lists of plain values
// inline, and null as a greyed "hidden" (views use null for what the viewer may not see).

import { h } from "./dom.js";

const MAX_DEPTH = 8;
const MAX_COLUMNS = 10;

// A key in words, with a capital: "pirate_chief" and "pirateChief" read "Pirate chief"; a label a game already wrote
// in words ("War deck, top first") keeps its own capitals.
export function prettyKey(key) {
  const raw = String(key);
  const words = raw.replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").trim();
  const text = /^\w+$/.test(raw) ? words.toLowerCase() : words;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function isScalar(value) {
  return value === null || value === undefined || typeof value !== "object";
}

function isRecord(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function scalar(value) {
  if (value === null || value === undefined) return h("span", { class: "hidden-val", text: "hidden" });
  if (typeof value === "boolean") return h("span", { class: `bool ${value}`, text: value ? "yes" : "no" });
  return h("span", { class: "val", text: String(value) });
}

// `ctx`: {names: [name by seat] or {seat: name}, you: seat|null}. Records with a numeric "seat" get a name.
export function renderValue(value, ctx = {}, depth = 0) {
  if (isScalar(value)) return scalar(value);
  if (depth > MAX_DEPTH) return h("code", { text: JSON.stringify(value) });
  if (Array.isArray(value)) return renderArray(value, ctx, depth);
  const entries = Object.entries(value);
  if (!entries.length) return h("span", { class: "muted", text: "none" });
  return h(
    "dl",
    { class: "struct" },
    entries.map(([key, item]) => [h("dt", { text: prettyKey(key) }), h("dd", {}, renderValue(item, ctx, depth + 1))]),
  );
}

function renderArray(items, ctx, depth) {
  if (!items.length) return h("span", { class: "muted", text: "none" });
  if (items.every(isScalar)) {
    return h("ul", { class: "inline-list" }, items.map((item) => h("li", {}, scalar(item))));
  }
  if (items.every(isRecord)) {
    const columns = [...new Set(items.flatMap((item) => Object.keys(item)))];
    if (columns.length <= MAX_COLUMNS) return recordTable(items, columns, ctx, depth);
  }
  // Numbered from 0 so positions line up with seat numbers and indexes used in actions.
  return h(
    "ol",
    { class: "struct-list", start: "0" },
    items.map((item) => h("li", {}, renderValue(item, ctx, depth + 1))),
  );
}

function seatName(ctx, seat) {
  const names = ctx.names ?? {};
  return names[seat] ?? `Seat ${seat}`;
}

function recordTable(items, columns, ctx, depth) {
  const bySeat = columns.includes("seat") && items.every((item) => Number.isInteger(item.seat));
  const head = h(
    "tr",
    {},
    columns.map((column) => h("th", { scope: "col", text: column === "seat" && bySeat ? "Player" : prettyKey(column) })),
  );
  const rows = items.map((item) => {
    const mine = bySeat && item.seat === ctx.you;
    return h(
      "tr",
      { class: mine ? "you" : null, dataset: bySeat ? { seat: String(item.seat) } : {} },
      columns.map((column) => {
        if (column === "seat" && bySeat) {
          return h("th", { scope: "row" }, seatName(ctx, item.seat), mine ? h("span", { class: "badge you", text: "you" }) : null);
        }
        return h("td", {}, column in item ? renderValue(item[column], ctx, depth + 1) : "");
      }),
    );
  });
  // Focusable, so a keyboard can scroll a table wider than the screen.
  return h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": "Table" },
    h("table", { class: "struct-table" }, h("thead", {}, head), h("tbody", {}, rows)));
}

export function namesFrom(message) {
  const names = {};
  for (const seat of message.table?.seats ?? []) names[seat.seat] = seat.name;
  return names;
}
