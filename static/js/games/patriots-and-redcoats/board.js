// Patriots & Redcoats: the players around the table (an oval, or a grid on narrow screens) and the centre:
// the War track, the failed-election marker, the decks and the Spycraft cards being resolved.

import { h } from "../../dom.js";
import { eyeChips, icon, miniBack, miniCard, spycraftCard } from "./cards.js";
import { plural } from "./text.js";

const PHASE = { setup: "Setup", spycraft: "Spycraft Phase", council: "Council Phase", over: "Game over" };

// Where each seat sits: the viewer at the bottom, then clockwise (next seat number) up the left side.
function placement(seat, base, count) {
  const k = (seat - base + count) % count;
  const angle = (2 * Math.PI * k) / count;
  return { sx: (-Math.sin(angle)).toFixed(4), sy: Math.cos(angle).toFixed(4) };
}

function lastVotes(view) {
  const last = view.councils?.[view.councils.length - 1];
  if (!last?.votes || last.round !== view.round) return null;
  const stepCouncil = view.step?.kind === "council" && !view.step.hessians && view.step.step === "nominate";
  return stepCouncil ? null : last.votes;
}

function tile(view, seatView, ctx) {
  const { n, me, acting } = ctx;
  const seat = seatView.seat;
  const step = view.step;
  const council = step?.kind === "council" ? step : null;
  const isAgent = view.agent === seat;
  const isCommander = seatView.commander;
  const councilCommander = council && council.commander === seat && !isCommander;
  const votes = lastVotes(view);
  const voting = council?.step === "vote";
  const voted = voting && (council.voted ?? []).includes(seat);
  const turn = acting.has(seat);
  const assassin = (view.assassinations ?? []).find((a) => a.assassin === seat && !a.cancelled);
  const target = (view.assassinations ?? []).find((a) => a.target === seat && !a.cancelled);
  const pos = ctx.place(seat);

  const badges = [
    !seatView.alive ? h("span", { class: "pr-badge pr-b-dead", dataset: { badge: "eliminated" } }, icon("cross", 10), "eliminated") : null,
    seat === me ? h("span", { class: "pr-badge pr-b-you", text: "you" }) : null,
    isCommander ? h("span", { class: "pr-badge pr-b-cmd", title: "Commander", dataset: { badge: "commander" } }, icon("star", 11), "Commander") : null,
    councilCommander ? h("span", { class: "pr-badge pr-b-cmd", title: "Commander of the Hessians council", dataset: { badge: "commander" } }, icon("star", 11), "Hessians Cmdr") : null,
    isAgent ? h("span", { class: "pr-badge pr-b-agent", dataset: { badge: "agent" }, text: "Agent" }) : null,
  ];
  const marks = [
    eyeChips(seatView.eyes),
    seatView.reverse ? h("span", { class: "pr-rev", title: "Reverse card set aside until the round ends", dataset: { reverse: String(seatView.reverse) } },
      icon("reverse", 12), seatView.reverse > 1 ? `Reverse ×${seatView.reverse}` : "Reverse") : null,
    voting && seatView.alive ? h("span", { class: `pr-vote-mark${voted ? " pr-voted" : ""}`, dataset: { voted: String(voted) }, text: voted ? "voted ✓" : "not voted" }) : null,
    votes && votes[seat] !== null && votes[seat] !== undefined
      ? h("span", { class: `pr-vote-chip pr-vote-${votes[seat] ? "yes" : "no"}`, dataset: { vote: votes[seat] ? "yes" : "no" }, text: votes[seat] ? "Yes" : "No" })
      : null,
    assassin ? h("span", { class: "pr-alert", text: "assassin" }) : null,
    target ? h("span", { class: "pr-alert", text: target.countered ? "target (Turncoat!)" : "targeted" }) : null,
  ];
  const classes = ["pr-seat"];
  if (seat === me) classes.push("pr-me");
  if (turn) classes.push("pr-turn");
  if (!seatView.alive) classes.push("pr-dead");
  const item = h("li", {
    class: classes.join(" "),
    dataset: { seat: String(seat), alive: String(seatView.alive), turn: String(turn) },
  },
  h("div", { class: "pr-seat-head" },
    turn ? h("span", { class: "pr-turn-mark", title: "the game waits on this player", "aria-label": "acting now", role: "img", text: "▶" }) : null,
    h("span", { class: "pr-seat-name", text: n.name(seat) })),
  h("div", { class: "pr-seat-badges" }, badges),
  h("div", { class: "pr-seat-cards" },
    seatView.face_up.map((kind) => miniCard(kind)),
    seatView.face_down ? miniBack(seatView.face_down) : null),
  marks.some(Boolean) ? h("div", { class: "pr-seat-marks" }, marks) : null);
  // Through the CSSOM: the page's CSP (style-src 'self') refuses a style="" attribute, which left every tile in a pile.
  item.style.setProperty("--sx", pos.sx);
  item.style.setProperty("--sy", pos.sy);
  return item;
}

function track(team, count) {
  const slots = Array.from({ length: 4 }, (_, i) =>
    h("span", { class: `pr-slot${i < count ? " pr-filled" : ""}`, "aria-hidden": "true" }, i < count ? icon(team === "patriots" ? "star" : "crown", 14) : null));
  const title = team === "patriots" ? "Patriots" : "Redcoats";
  return h("div", { class: `pr-track pr-track-${team}`, dataset: { victories: String(count), team } },
    h("span", { class: "pr-track-name", text: title }),
    h("span", { class: "pr-slots" }, slots),
    h("span", { class: "pr-track-n", text: `${count}/4` }),
    h("span", { class: "visually-hidden", text: ` ${title}: ${plural(count, "War Victory", "War Victories")} of 4` }));
}

function marker(value) {
  const dots = Array.from({ length: 3 }, (_, i) => h("span", { class: `pr-dot${i < value ? " pr-on" : ""}`, "aria-hidden": "true" }));
  return h("div", { class: "pr-marker", dataset: { marker: String(value) } },
    h("span", { class: "pr-track-name", text: "Failed elections" }),
    h("span", { class: "pr-dots" }, dots),
    h("span", { class: "pr-track-n", text: `${value}/3` }),
    h("span", { class: "visually-hidden", text: `: the War marker is on ${value}; at 3 a random War card is placed` }));
}

function resolving(view, n) {
  const list = view.resolving ?? [];
  if (!list.length) return null;
  return h("div", { class: "pr-resolving", "aria-label": "Spycraft cards being resolved" },
    h("span", { class: "pr-mini-h", text: "Resolving" }),
    h("div", { class: "pr-sc-row" },
      list.map((entry) => spycraftCard(entry.card, {
        small: true,
        extra: h("span", { class: "pr-sc-by", text: `${n.who(entry.seat)}${recipients(entry, n)}` }),
      })),
      list.flatMap((entry) => (entry.waiting ?? []).map((card) => spycraftCard(card, {
        small: true,
        extra: h("span", { class: "pr-sc-by", text: "waiting" }),
      })))));
}

function recipients(entry, n) {
  if (entry.to === undefined || entry.to === null) return "";
  if (!Array.isArray(entry.to)) return ` → ${n.who(entry.to)}`;
  const counts = new Map();
  for (const seat of entry.to) counts.set(seat, (counts.get(seat) ?? 0) + 1);
  return ` → ${[...counts].map(([seat, k]) => `${n.who(seat)}${k > 1 ? ` ×${k}` : ""}`).join(", ")}`;
}

export function centre(view, n) {
  const w = view.war;
  const direction = view.direction === "clockwise" ? "↻ clockwise" : "↺ counter-clockwise";
  return h("div", { class: "pr-centre", "aria-label": "The War track and the decks", role: "group" },
    h("p", { class: "pr-phase", dataset: { phase: view.phase } },
      h("strong", { text: `Round ${view.round}` }), ` · ${PHASE[view.phase] ?? view.phase}`,
      view.phase === "spycraft" ? h("span", { class: "pr-dir", title: "order of play", text: ` · ${direction}` }) : null,
      view.pending_skips ? ` · ${plural(view.pending_skips, "skip")} pending` : null),
    h("div", { class: "pr-war-track", dataset: { patriots: String(w.patriots), redcoats: String(w.redcoats) } },
      track("patriots", w.patriots), track("redcoats", w.redcoats), marker(w.marker)),
    h("p", { class: "pr-decks" },
      h("span", { dataset: { deck: "spycraft" }, text: `Spycraft: ${view.spycraft.deck} in deck, ${view.spycraft.discard} discarded` }),
      h("span", { dataset: { deck: "war" }, text: `War: ${w.deck} in deck, ${w.discard} discarded` })),
    view.over ? null : resolving(view, n));
}

export function ring(view, n, me, acting) {
  const count = view.seats.length;
  const base = me ?? 0;
  const ctx = { n, me, acting, place: (seat) => placement(seat, base, count) };
  return h("div", { class: "pr-ringwrap" },
    h("div", { class: `pr-ring pr-n${count}` },
      h("div", { class: "pr-felt", "aria-hidden": "true" }),
      centre(view, n),
      h("ul", { class: "pr-seats", "aria-label": "Players around the table, clockwise" },
        view.seats.map((seatView) => tile(view, seatView, ctx)))));
}

