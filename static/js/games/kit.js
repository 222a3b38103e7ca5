// What every game renderer shares, so that a renderer only draws. `gameRenderer(spec)` returns the module's
// `render(root, message, send)` and `renderResult(root, message)`; per root it keeps the latest message and send, the
// server clock's offset (st.skew) and deadline (st.deadlineAt, on this device's clock), and the renderer's selection
// (st.sel), and it:
// - links the game's stylesheet as the module loads, so the first drawing is already styled;
// - draws only when something drawn changed (the message, the names, busy, the selection, `spec.drawKey`);
// - shows "Setting up the table…" until there is a view;
// - lets one action be in flight at a time: `act` draws the controls disabled (st.busy, data-busy on the root) until
//   the page's send settles, on the server's ack once the state it made is drawn, or on a refusal;
// - after an action or a `select(sel, true)`, puts keyboard focus on the panel's first live control (or its prompt),
//   unless the person has put it somewhere themselves; `select(sel, selector)` focuses that control instead;
// - runs the game's own countdowns (clock.js) under `.<prefix>-clock`.
//
// The spec: `draw(ctx)` returns the tree (ctx: root, st, message, view, legal, names, me, deadlineAt, act, select,
// redraw, force). Optional: `css`, `prefix`, `state()` (the renderer's own starting state), `position(message)` and
// `moved(st, message)` (what a selection belongs to, and what to keep when it changes: by default nothing),
// `drawKey(st, message)`, `settled(st, error)` (after an action), `after(ctx)` (after drawing), `patch(old, tree)`
// (update the root in place instead of replacing it, except on a forced redraw), `focus` (selectors),
// `placeholder` (null: draw even without a view) and `result(message)` (the result screen's tree).

import { h, keepFocus, useStylesheet } from "../dom.js";
import { namesFrom } from "../structure.js";
import { runClocks, trackSkew } from "./clock.js";

const SETTING_UP = "Setting up the table…";

export function gameRenderer(spec) {
  const {
    css = null, prefix = null, draw, state = () => ({}), position = (m) => [m.status, m.view, m.legal],
    moved = (st) => { st.sel = {}; }, drawKey = () => null, settled = () => {}, after = () => {}, patch = null,
    placeholder = SETTING_UP, result = null,
  } = spec;
  const focusTargets = spec.focus ?? (prefix ? [`.${prefix}-act button:not(:disabled)`, `#${prefix}-prompt`] : []);
  const memo = new WeakMap(); // root -> its state
  const style = () => css && useStylesheet(css);
  style();

  function render(root, message, send) {
    style();
    const st = memo.get(root) ?? { busy: false, skew: 0, sel: {}, ...state() };
    memo.set(root, st);
    st.message = message;
    st.send = send;
    trackSkew(st, message);
    if (message.deadline !== st.deadlineFor) {
      // Fixed once per deadline, so an unchanged drawing stays equal to the one on screen.
      st.deadlineFor = message.deadline;
      const at = message.deadline ? Date.parse(message.deadline) : NaN;
      st.deadlineAt = Number.isNaN(at) ? null : at - st.skew;
    }
    const where = JSON.stringify(position(message));
    if (where !== st.position) {
      st.position = where;
      moved(st, message);
    }
    paint(root, st, false);
  }

  function paint(root, st, force) {
    const message = st.message;
    const names = namesFrom(message);
    const key = JSON.stringify([message.status, message.seq, message.view, message.legal, message.deadline, names,
      st.busy, st.sel, drawKey(st, message)]);
    if (!force && key === st.drawnKey) return;
    st.drawnKey = key;
    const view = message.view ?? null;
    if (!view && placeholder) {
      root.replaceChildren(h("p", { class: "muted", text: placeholder }));
      return;
    }
    const redraw = () => paint(root, st, true);
    const act = (action, onError = null) => {
      if (st.busy) return; // one action at a time
      if (typeof st.send !== "function") return; // a read-only view (a replay): nothing to send, controls stay usable
      st.busy = true;
      st.refocus = true; // the pressed control is about to go: keep the keyboard in the panel
      redraw();
      Promise.resolve(st.send(action))
        .then(() => settled(st, null), (error) => {
          const reason = error ?? new Error("refused");
          onError?.(reason);
          settled(st, reason);
        })
        .finally(() => {
          st.busy = false;
          redraw();
        });
    };
    const select = (sel, focus = null) => {
      st.sel = sel;
      if (focus === true) st.refocus = true;
      else st.focus = focus;
      redraw();
    };
    const ctx = { root, st, message, view, legal: message.legal ?? [], names, me: view?.you ?? null,
      deadlineAt: st.deadlineAt, act, select, redraw, force };
    const tree = draw(ctx);
    const current = root.firstElementChild;
    if (patch && !force && tree instanceof Element && current?.className === tree.className) {
      keepFocus(root, () => patch(current, tree));
    } else {
      keepFocus(root, () => root.replaceChildren(...[tree].flat()));
    }
    refocus(root, st);
    if (prefix) runClocks(root, st, prefix);
    after(ctx);
  }

  // One try, on the first drawing that is not busy: the panel's first live control, or its prompt heading.
  function refocus(root, st) {
    if (st.focus) {
      root.querySelector(st.focus)?.focus({ preventScroll: false });
      st.focus = null;
      return;
    }
    if (!st.refocus || st.busy) return;
    st.refocus = false;
    if (document.activeElement !== document.body && document.activeElement !== null) return;
    const target = focusTargets.map((selector) => root.querySelector(selector)).find(Boolean);
    if (target?.tagName === "H2") target.tabIndex = -1;
    target?.focus({ preventScroll: true });
  }

  function renderResult(root, message) {
    style();
    root.replaceChildren(result(message));
  }

  return { render, renderResult: result ? renderResult : undefined };
}
