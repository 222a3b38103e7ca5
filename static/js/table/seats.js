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

export function isHost(message) {
  return message.you?.seat !== null && message.you?.seat !== undefined && message.you.seat === message.table?.host_seat;
}

// One seat as a list item; `actions` are extra controls (buttons) appended by the caller.
export function seatItem(message, seat, actions = []) {
  const you = message.you?.seat === seat.seat;
  const host = message.table?.host_seat === seat.seat;
  const team = teamOf(message, seat.seat);
  const presence = seat.bot ? "bot" : !seat.connected ? "offline" : seat.away ? "away" : "online";
  const presenceText = { bot: "bot", offline: "disconnected", away: "away", online: "connected" }[presence];
  return h(
    "li",
    { class: `seat${you ? " you" : ""}`, dataset: { seat: String(seat.seat), presence } },
    h("span", { class: `dot ${presence}`, title: presenceText, "aria-label": presenceText, role: "img" }),
    h("span", { class: "seat-name", text: seat.name }),
    you ? h("span", { class: "badge you", text: "you" }) : null,
    host ? h("span", { class: "badge host", text: "host" }) : null,
    seat.bot ? h("span", { class: "badge bot", text: "bot" }) : null,
    seat.away && !seat.bot ? h("span", { class: "badge away", text: "away" }) : null,
    team !== null ? h("span", { class: "badge team", text: `team ${team}` }) : null,
    actions.length ? h("span", { class: "seat-actions" }, actions) : null,
  );
}
