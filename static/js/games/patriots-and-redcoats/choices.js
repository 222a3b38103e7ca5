// Patriots & Redcoats: the two choices that take more than one tap (sharing out Conceal feathers, and a Spy's
// assassination with its optional Turncoat). Local state only decides which legal action a button carries.

import { h } from "../../dom.js";
import { icon } from "./cards.js";
import { plural } from "./text.js";

export function actionButton(action, label, ctx, { cls = "", sub = null, aria = null } = {}) {
  return h("button", {
    type: "button",
    class: `pr-btn ${cls}`.trim(),
    dataset: { action: JSON.stringify(action), kind: action.type },
    disabled: ctx.st.busy,
    "aria-label": aria,
    onclick: () => ctx.act(action),
  }, h("span", { class: "pr-btn-label" }, label), sub ? h("span", { class: "pr-btn-sub", text: sub }) : null);
}


const sorted = (list) => [...list].sort((a, b) => a - b);
const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

function allocation(st) {
  return Object.entries(st.alloc ?? {}).flatMap(([seat, k]) => Array.from({ length: k }, () => Number(seat)));
}

export function concealPicker(actions, ctx, feathers) {
  const { view, n, me, st } = ctx;
  st.alloc ??= {};
  const chosen = sorted(allocation(st));
  const total = chosen.length;
  const match = total === feathers ? actions.find((a) => a.to.length && same(sorted(a.to), chosen)) : null;
  const seats = [...new Set(actions.flatMap((a) => a.to))].sort((a, b) => a - b);
  const change = (seat, delta) => {
    const next = Math.max(0, (st.alloc[seat] ?? 0) + delta);
    st.alloc = { ...st.alloc, [seat]: next };
    ctx.redraw();
    // A full split disables every "+": the keyboard moves on to the button that sends it.
    if (document.activeElement === document.body || document.activeElement === null) ctx.root.querySelector(".pr-give")?.focus();
  };
  const rows = seats.map((seat) => {
    const count = st.alloc[seat] ?? 0;
    const eyes = view.seats[seat]?.eye_total ?? 0;
    const who = seat === me ? `${n.name(seat)} (you)` : n.name(seat);
    return h("li", { class: "pr-alloc-row", dataset: { allocSeat: String(seat) } },
      h("span", { class: "pr-alloc-name" }, who, h("span", { class: "pr-alloc-eyes" }, icon("eye", 12), ` ${eyes}`)),
      h("button", { type: "button", class: "pr-step", dataset: { featherSeat: String(seat), step: "-1" }, disabled: st.busy || count === 0,
        "aria-label": `One feather fewer for ${who}`, onclick: () => change(seat, -1), text: "−" }),
      h("span", { class: "pr-alloc-n", "aria-live": "polite", dataset: { feathers: String(count) } }, icon("feather", 14), ` ${count}`),
      h("button", { type: "button", class: "pr-step", dataset: { featherSeat: String(seat), step: "1" }, disabled: st.busy || total >= feathers,
        "aria-label": `One more feather for ${who}`, onclick: () => change(seat, 1), text: "+" }));
  });
  const summary = chosen.length
    ? Object.entries(st.alloc).filter(([, k]) => k > 0).map(([seat, k]) => `${k} to ${Number(seat) === me ? "you" : n.name(Number(seat))}`).join(", ")
    : "";
  const left = feathers - total;
  const give = match
    ? actionButton(match, `Give: ${summary}`, ctx, { cls: "pr-give" })
    : h("button", { type: "button", class: "pr-btn pr-give", disabled: true, dataset: { give: "pending" } },
      h("span", { class: "pr-btn-label", text: total ? `Place ${plural(left, "more feather")}` : `Place ${plural(feathers, "feather")} first` }));
  const keepAll = actions.find((a) => a.to.length === feathers && a.to.every((s) => s === me));
  const none = actions.find((a) => a.to.length === 0);
  return [
    h("ul", { class: "pr-alloc", "aria-label": `Share out ${plural(feathers, "feather")}` }, rows),
    give,
    keepAll ? actionButton(keepAll, "Keep them all", ctx, { sub: `${plural(feathers, "feather")} for you` }) : null,
    none ? actionButton(none, "Give to no one", ctx, { cls: "pr-quiet" }) : null,
  ];
}

export function assassinationPanel(kills, ctx) {
  const { n, st } = ctx;
  const plain = kills.some((a) => !a.turncoat);
  const guarded = kills.some((a) => a.turncoat);
  const useTurncoat = plain ? guarded && Boolean(st.assTurncoat) : true;
  const targets = [...new Set(kills.map((a) => a.target))];
  const buttons = targets.map((target) => {
    const action = kills.find((a) => a.target === target && Boolean(a.turncoat) === useTurncoat);
    return action ? actionButton(action, `Assassinate ${n.name(target)}`, ctx, { cls: "pr-danger", sub: useTurncoat ? "revealing your Turncoat: you survive" : "you are eliminated too" }) : null;
  });
  const details = h("details", { class: "pr-assassinate", dataset: { panel: "assassinate" } },
    h("summary", {}, icon("eye", 16), " Spy: assassinate…"),
    h("p", { class: "pr-hint", text: "You hold a Spy card: reveal it to eliminate another living player. You are eliminated as well unless you also reveal a face-down Turncoat. A target holding a Leader loses the game for their team." }),
    !plain ? h("p", { class: "pr-note", text: "You hold a Leader, so you may only assassinate while revealing a Turncoat." }) : null,
    plain && guarded ? h("label", { class: "pr-check" },
      h("input", { type: "checkbox", dataset: { turncoatToggle: "1" }, checked: Boolean(st.assTurncoat),
        onchange: (event) => { st.assTurncoat = event.currentTarget.checked; ctx.redraw(); } }),
      " Also reveal my Turncoat to survive") : null,
    h("div", { class: "pr-controls" }, buttons));
  details.open = Boolean(st.assOpen);
  details.addEventListener("toggle", () => { st.assOpen = details.open; });
  return details;
}
