// A table's pace in words, said the same way on every page (lobby, join page, the table's header, Your tables):
// "Turn-based · 1 day a move", "Live · 30 s a turn", or "Live" for an untimed live table. And what a game's window
// option means at that pace: at a turn-based table the pace sets a window's hours, and the option's seconds are
// how long after a window opens it is passed for those who let windows pass (the server's standing answer).

import { label, optionSchema } from "./schema-form.js";

export const TURN_BASED = "turn-based";
const DAY = 86400;
const HOUR = 3600;

// A length of time in short words: "1 day", "2 days", "12 h", "1.5 h", "90 min", "30 s".
export function duration(seconds) {
  const s = Math.round(Number(seconds) || 0);
  if (s >= DAY && s % DAY === 0) return s === DAY ? "1 day" : `${s / DAY} days`;
  if (s >= HOUR) return `${Number((s / HOUR).toFixed(1))} h`;
  if (s >= 60 && s % 60 === 0) return `${s / 60} min`;
  return `${s} s`;
}

export function paceText(pace, turnTimer) {
  if (pace === TURN_BASED) return `Turn-based · ${duration(turnTimer ?? DAY)} a move`;
  return turnTimer ? `Live · ${duration(turnTimer)} a turn` : "Live";
}

// An option's schema as it reads at this pace: a window's length ("x-window": "length") at a turn-based table is
// the delay of the automatic pass.
export function pacedOption(prop, pace) {
  if (pace !== TURN_BASED || prop?.["x-window"] !== "length") return prop;
  const name = (prop.title ?? "Window").replace(/\s*\(seconds\)\s*$/, "");
  return {
    ...prop,
    title: `${name}: automatic pass after (seconds)`,
    description: "At a turn-based table a window stays open for hours for players who answer windows themselves; "
      + "everyone else's is passed for them this many seconds after it opens, whatever they hold.",
  };
}

// Relabel a built options form (schema-form.js buildFields) for the pace chosen, keeping what was typed. `prefix` is
// the one the form was built with (its fields' ids are `${prefix}-${name}`).
export function paceFields(container, schema, pace, prefix = "opt") {
  for (const name of Object.keys(schema?.properties ?? {})) {
    const prop = optionSchema(schema, name);
    if (prop?.["x-window"] !== "length") continue;
    const shown = pacedOption(prop, pace);
    const title = container.querySelector(`label[for="${prefix}-${name}"]`);
    if (title) title.textContent = label(name, shown);
    const hint = container.querySelector(`#${prefix}-${name}-hint`);
    if (hint) hint.textContent = shown.description ?? "";
  }
}
