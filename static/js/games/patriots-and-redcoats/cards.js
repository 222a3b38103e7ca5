// Patriots & Redcoats: small pictures (cards, card backs, eyes, feathers, icons), always with words beside them.

import { h } from "../../dom.js";
import { CARD, NAMED_HINT, SPYCRAFT_HINT, cardName, spycraftName } from "./text.js";

const NS = "http://www.w3.org/2000/svg";

function svg(attrs, ...children) {
  const el = document.createElementNS(NS, "svg");
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  el.setAttribute("aria-hidden", "true");
  el.setAttribute("focusable", "false");
  for (const [tag, a] of children) {
    const c = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(a)) c.setAttribute(k, String(v));
    el.append(c);
  }
  return el;
}

const ICONS = {
  eye: [["path", { d: "M1 8 Q8 1.5 15 8 Q8 14.5 1 8 Z", fill: "#fffaf0", stroke: "currentColor", "stroke-width": 1.4 }],
    ["circle", { cx: 8, cy: 8, r: 2.6, fill: "currentColor" }]],
  feather: [["path", { d: "M13.5 1.5 C6 3 3 8 2.5 14.5 C7 12 12 9 13.5 1.5 Z", fill: "#fffaf0", stroke: "currentColor", "stroke-width": 1.2 }],
    ["path", { d: "M2.5 14.5 L10 5", stroke: "currentColor", "stroke-width": 1.1 }]],
  star: [["path", { d: "M8 1 L10 6 L15.2 6.2 L11.1 9.4 L12.6 14.6 L8 11.6 L3.4 14.6 L4.9 9.4 L0.8 6.2 L6 6 Z", fill: "currentColor" }]],
  crown: [["path", { d: "M1.5 12.5 L1 4 L5 7.5 L8 2 L11 7.5 L15 4 L14.5 12.5 Z", fill: "currentColor" }]],
  reverse: [["path", { d: "M3 6 A5.5 5.5 0 0 1 13 5 M13 10 A5.5 5.5 0 0 1 3 11", fill: "none", stroke: "currentColor", "stroke-width": 1.8 }],
    ["path", { d: "M13 1.5 L13.5 5.8 L9.4 5.2 Z M3 14.5 L2.5 10.2 L6.6 10.8 Z", fill: "currentColor" }]],
  cross: [["path", { d: "M3 3 L13 13 M13 3 L3 13", stroke: "currentColor", "stroke-width": 2.4, "stroke-linecap": "round" }]],
  seal: [["circle", { cx: 8, cy: 8, r: 6, fill: "none", stroke: "currentColor", "stroke-width": 1.4 }],
    ["path", { d: "M8 4.5 L9.1 7 L11.7 7.1 L9.7 8.7 L10.4 11.3 L8 9.8 L5.6 11.3 L6.3 8.7 L4.3 7.1 L6.9 7 Z", fill: "currentColor" }]],
};

export function icon(name, size = 16, cls = "") {
  return svg({ viewBox: "0 0 16 16", width: size, height: size, class: `pr-icon pr-icon-${name} ${cls}`.trim() }, ...(ICONS[name] ?? []));
}

function emblem(kind, size) {
  if (kind === "patriot_leader") return icon("star", size);
  if (kind === "redcoat_leader") return icon("crown", size);
  if (kind === "patriot_spy" || kind === "redcoat_spy") return icon("eye", size);
  if (kind === "patriot") return icon("star", size);
  if (kind === "redcoat") return icon("crown", size);
  return null;
}

// A small Loyalty card face for player tiles: colour, emblem and a short letter code, named for screen readers.
export function miniCard(kind) {
  const name = cardName(kind, { long: true });
  return h("span", { class: `pr-mini pr-k-${kind}`, title: name, role: "img", "aria-label": `face up: ${name}`, dataset: { cardKind: kind } },
    kind === "turncoat" ? null : emblem(kind, 10),
    h("span", { class: "pr-mini-code", text: CARD[kind]?.short ?? "?" }));
}

export function miniBack(count) {
  return h("span", { class: "pr-backs", role: "img", "aria-label": `${count} face down`, title: `${count} face-down card${count === 1 ? "" : "s"}`, dataset: { faceDown: String(count) } },
    Array.from({ length: Math.min(count, 3) }, () => h("span", { class: "pr-mini pr-back", "aria-hidden": "true" }, icon("seal", 10))),
    h("span", { class: "pr-back-n", "aria-hidden": "true", text: `×${count}` }));
}

// A full-size Loyalty card (your own hand, the result).
export function bigCard(kind, { faceUp = null, label = null } = {}) {
  const card = CARD[kind] ?? {};
  const state = faceUp === null ? null : faceUp ? "Face up: everyone sees it" : "Face down: only you see it";
  return h("div", { class: `pr-card pr-k-${kind}${faceUp === false ? " pr-down" : ""}`, dataset: { cardKind: kind, faceUp: faceUp === null ? null : String(faceUp) } },
    h("span", { class: "pr-card-emblem" }, kind === "turncoat" ? h("span", { class: "pr-turn-emblem", "aria-hidden": "true" }) : emblem(kind, 26)),
    h("strong", { class: "pr-card-name", text: card.name ?? kind }),
    card.note ? h("span", { class: "pr-card-note", text: card.note }) : null,
    state ? h("span", { class: "pr-card-state", text: label ?? state }) : null);
}

// A Spycraft card face: title, value icons and its name.
export function spycraftCard(card, { small = false, extra = null } = {}) {
  if (!card) return null;
  const pips = [];
  for (let i = 0; i < (card.eyes ?? 0); i += 1) pips.push(icon("eye", small ? 12 : 16));
  for (let i = 0; i < (card.feathers ?? 0); i += 1) pips.push(icon("feather", small ? 12 : 16));
  const hint = [SPYCRAFT_HINT[card.kind], NAMED_HINT[card.name]].filter(Boolean).join(" ");
  return h("div", { class: `pr-sc pr-sc-${card.kind}${small ? " pr-sc-small" : ""}`, dataset: { spycraft: card.kind }, role: "img",
    "aria-label": `${spycraftName(card)}${hint ? `: ${hint}` : ""}`, title: hint || null },
    h("span", { class: "pr-sc-title", text: card.title ?? card.kind }),
    pips.length ? h("span", { class: "pr-sc-pips", "aria-hidden": "true" }, pips) : null,
    card.eyes ? h("span", { class: "pr-sc-value", text: `${card.eyes} eye${card.eyes === 1 ? "" : "s"}` }) : null,
    card.feathers ? h("span", { class: "pr-sc-value", text: `${card.feathers} feather${card.feathers === 1 ? "" : "s"}` }) : null,
    card.name ? h("span", { class: "pr-sc-name", text: card.name }) : null,
    extra);
}

// A War card (council and Winter choices).
export function warCard(name) {
  const side = /patriot/i.test(name) ? "patriots" : "redcoats";
  return h("span", { class: `pr-war pr-war-${side}`, dataset: { war: side } }, icon(side === "patriots" ? "star" : "crown", 14), ` ${name}`);
}

// Eyes lying in front of a player: one eye chip per Spy card, with its value.
export function eyeChips(eyes) {
  if (!eyes?.length) return null;
  const total = eyes.reduce((a, b) => a + b, 0);
  return h("span", { class: "pr-eyes", dataset: { eyes: String(total) }, title: `${total} eye${total === 1 ? "" : "s"} from ${eyes.length} Spy card${eyes.length === 1 ? "" : "s"}` },
    eyes.map((value) => h("span", { class: "pr-eye", "aria-hidden": "true" }, icon("eye", 14), String(value))),
    h("span", { class: "visually-hidden", text: `${total} eye${total === 1 ? "" : "s"} (Spy cards: ${eyes.join(", ")})` }));
}
