// A game's own countdown (a response window's): every `.<prefix>-clock[data-deadline]` under root counts down to its
// deadline (a time on this device's clock, already corrected by the server's "now"), with an optional bar
// (`.<prefix>-clock-fill`, its width the share of `data-total` left) and red only near the end.
import { timeLeft } from "../when.js";

const URGENT_MS = 3000;

export function runClocks(root, st, prefix) {
  const selector = `.${prefix}-clock[data-deadline]`;
  const step = () => {
    const clocks = root.querySelectorAll(selector);
    if (!clocks.length) {
      clearInterval(st.ticker);
      st.ticker = null;
      return;
    }
    for (const clock of clocks) {
      const left = Number(clock.dataset.deadline) - Date.now();
      const total = Number(clock.dataset.total || 0);
      clock.querySelector(`.${prefix}-clock-time`).textContent = timeLeft(left);
      clock.dataset.urgent = String(left < Math.min(URGENT_MS, total ? total / 3 : URGENT_MS));
      const fill = clock.querySelector(`.${prefix}-clock-fill`);
      const share = total ? Math.max(0, Math.min(100, (left / total) * 100)) : 0;
      if (fill && total) fill.style.setProperty("width", `${share.toFixed(1)}%`);
    }
  };
  step();
  if (!st.ticker && root.querySelector(selector)) st.ticker = setInterval(step, 250);
}

// The server's clock minus this device's (st.skew), from the "now" each message carries, so a countdown is right on
// a device whose clock is wrong. Kept on the renderer's per-root state.
export function trackSkew(st, message) {
  if (!message.now || message.now === st.lastNow || Number.isNaN(Date.parse(message.now))) return;
  st.lastNow = message.now;
  st.skew = Date.parse(message.now) - Date.now();
}
