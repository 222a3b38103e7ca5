// Turncoats words and colours shared by the board, the controls and the result.

export const COLOUR_HEX = { red: "#c8372d", blue: "#2f68c8", black: "#1a1a1a" };
export const TINT = { red: "#f6d4cd", blue: "#d3dff5", black: "#d2cec6", none: "#f3ecda" };

export function colourName(colour) {
  return String(colour ?? "");
}

export function stones(n) {
  return `${n} stone${n === 1 ? "" : "s"}`;
}

// "2 red, 1 black" (only colours present).
export function describeStones(colours, counts) {
  return colours.filter((c) => (counts?.[c] ?? 0) > 0).map((c) => `${counts[c]} ${c}`).join(", ");
}

// Battle victims as people say it: "2 blue", "1 blue + 1 black", "none".
export function victimsText(victims) {
  const parts = Object.entries(victims ?? {}).filter(([, n]) => n > 0).map(([c, n]) => `${n} ${c}`);
  return parts.length ? parts.join(" + ") : "none";
}

export function nameFor(view, names, seat) {
  if (seat === view.you && seat !== null && seat !== undefined) return "You";
  return names[seat] ?? `Seat ${seat}`;
}

export function lastText(view, names) {
  const last = view.last;
  if (!last) return "No moves yet.";
  const who = nameFor(view, names, last.seat);
  switch (last.type) {
    case "recruit":
      return `${who} recruited a ${last.colour} stone into area ${last.area}.`;
    case "battle":
      return `${who} battled with ${last.colour} in area ${last.area}, killing ${victimsText(last.victims)}.`;
    case "march":
      return `${who} marched ${last.count} ${last.colour} from area ${last.from} to area ${last.to}.`;
    case "draw":
      return `${who} ${who === "You" ? "are" : "is"} negotiating and drew a stone from the bag.`;
    case "negotiate":
      return `${who} negotiated and returned a ${last.colour} stone.`;
    default:
      return "";
  }
}

export function streakText(view) {
  const n = view.players;
  const done = view.streak ?? 0;
  if (done <= 0) return `No one has negotiated in a row yet: ${n} Negotiates in a row end the game.`;
  const left = n - done;
  const verb = done === 1 ? "has" : "have";
  const tail = left === 1 ? "one more ends the game" : `${left} more end the game`;
  return `${done} of ${n} players ${verb} negotiated in a row — ${tail}.`;
}

// Which colour leads (or won) and why: "areas ruled 4 red / 4 blue / 1 black, ahead on the axe".
export function leaderText(view, colour = view.leader, word = "Leading") {
  const colours = view.colours;
  const ruled = view.ruled ?? {};
  let why = colours.map((c) => `${ruled[c] ?? 0} ${c}`).join(" / ");
  if (!colour) return { colour: null, text: `${word} colour: none, a tie (areas ruled ${why})` };
  const best = Math.max(...colours.map((c) => ruled[c] ?? 0));
  const tied = colours.filter((c) => (ruled[c] ?? 0) === best);
  if (tied.length > 1) {
    const axeBest = Math.max(...tied.map((c) => view.axe[c]));
    why += tied.filter((c) => view.axe[c] === axeBest).length === 1 ? ", ahead on the axe" : ", ahead on the flag";
  }
  return { colour, text: `${word} colour: ${colour} (areas ruled ${why})` };
}

export const MODE_TEXT = {
  recruit: { label: "Recruit", hint: "place it in an area" },
  battle: { label: "Battle", hint: "put it on the axe and fight in an area" },
  march: { label: "March", hint: "put it on the flag and move stones" },
};
