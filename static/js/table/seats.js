// Seats as people see them: name, badges and marks; shared by the lobby list and the in-game strip.

import { h } from "../dom.js";

export function seatList(message) {
  return message.table?.seats ?? [];
}

export function seatOf(message, seat) {
  return seatList(message).find((s) => s.seat === seat) ?? null;
}

export function nameOf(message, seat) {
  return seatOf(message, seat)?.name ?? `Seat ${seat}`;
}

export function teamOf(message, seat) {
  const teams = message.table?.teams;
  if (!teams || seat === null || seat === undefined) return null;
  return teams[seat] ?? teams[String(seat)] ?? null;
}

// A team as people read it, the same on the seats, in the chat and on the result: "Team 2" for a numbered team
// (the label a game gives, counted from 1), else its name with a capital ("Patriots").
export function teamName(label) {
  const text = String(label);
  return /^\d+$/.test(text) ? `Team ${text}` : text.replace(/^\w/, (c) => c.toUpperCase());
}

export function isHost(message) {
  return message.you?.seat !== null && message.you?.seat !== undefined && message.you.seat === message.table?.host_seat;
}

// What play waits on (the state message's `waits`, the same for every viewer): a bot the game publicly waits on is
// thinking until the next seq. Inside a window or a secret step nobody is singled out, bots least of all: there the
// strip says the same words for everyone (waitsText).
export function thinkingSeats(message) {
  const waits = message.status === "playing" ? message.waits : null;
  if (waits?.kind !== "turn") return new Set();
  return new Set((waits.seats ?? []).filter((seat) => seatOf(message, seat)?.bot));
}

// "Bob", "Bob and Dave", "Bob, Carol and Dave".
function namesText(names) {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names.join("");
}

// The line under the seat strip while a window or a secret step is open, built from `waits` and the seats' names
// only, so every viewer reads the same words whatever anyone holds; null when the strip itself says it all.
export function waitsText(message) {
  const waits = message.status === "playing" ? message.waits : null;
  if (waits?.kind === "window") {
    const seats = waits.seats ?? [];
    if (!seats.length) return "Waiting for responses until the time runs out.";
    const everyone = seats.length > 1 && seats.length === seatList(message).length;
    const named = everyone ? "everyone" : namesText(seats.map((seat) => nameOf(message, seat)));
    return `Waiting for responses from ${named}.`;
  }
  if (waits?.kind === "secret") return "Waiting on the players: who has chosen stays hidden.";
  return null;
}

// One seat as a list item; `actions` are extra controls (buttons) appended by the caller. `turn` marks a seat whose
// move everyone may know about (the renderer says which); `thinking`, a bot deciding a move everyone waits on.
export function seatItem(message, seat, actions = [], { turn = false, thinking = false } = {}) {
  const you = message.you?.seat === seat.seat;
  const host = message.table?.host_seat === seat.seat;
  const team = teamOf(message, seat.seat);
  const presence = seat.bot ? "bot" : !seat.connected ? "offline" : seat.away ? "away" : "online";
  return h(
    "li",
    {
      class: `seat${you ? " you" : ""}${turn || thinking ? " turn" : ""}`,
      dataset: { seat: String(seat.seat), presence },
    },
    turn || thinking ? h("span", { class: "turn-mark", text: "▶", "aria-hidden": "true" }) : null,
    // The colour is a help; the words say it too.
    h("span", { class: `dot ${presence}`, "aria-hidden": "true" }),
    h("span", { class: "seat-name", text: seat.name }),
    thinking ? h("span", { class: "badge thinking", text: "thinking…" })
      : turn ? h("span", { class: "badge turn", text: "to play" }) : null,
    you ? h("span", { class: "badge you", text: "you" }) : null,
    host ? h("span", { class: "badge host", text: "host" }) : null,
    seat.bot ? h("span", { class: "badge bot", text: "bot" }) : null,
    presence === "online" ? h("span", { class: "presence-text", text: "online" }) : null,
    presence === "offline" ? h("span", { class: "badge offline", text: "offline" }) : null,
    presence === "away" ? h("span", { class: "badge away", text: "away" }) : null,
    team !== null ? h("span", { class: "badge team", text: teamName(team) }) : null,
    actions.length ? h("span", { class: "seat-actions" }, actions) : null,
  );
}
