// Red Scare Redux: sentences about actions, steps and windows, the same words for every viewer.

import { BONUS_TEXT, asText, deckName, partialName, placedText, seatName } from "./cards.js";

function targetOnPartial(view, action) {
  const p = (view.partials ?? []).find((x) => x.id === action.partial);
  const where = partialName(view, action.partial);
  if (action.at === undefined || action.at === null || !p) return where;
  const placed = p.placed?.[action.at];
  let what = placed ? placedText(placed) : `card ${action.at + 1}`;
  if (placed?.pair && action.member !== null && action.member !== undefined) what = `${placed.pair[action.member]} (of the pair)`;
  return `${what} on ${where}`;
}

// One sentence for an action, e.g. "begin Bug the Embassy with Gear 1". `names` by seat.
export function actionText(view, names, action) {
  const who = (seat) => seatName(names, view, seat);
  switch (action.type) {
    case "draw": return `draw from ${deckName(action.deck)}`;
    case "draw_objective": return "draw an Objective (2 actions)";
    case "redraw": return `discard ${action.cards.join(", ")} and draw as many`;
    case "give": return `give ${action.card} to ${who(action.to)}`;
    case "take": return `take ${action.card} from ${who(action.from)}`;
    case "begin": return action.pair
      ? `begin ${action.objective} with ${action.pair.join(" + ")} ${asText(action.as)}`
      : `begin ${action.objective} with ${action.card}`;
    case "add": return `add ${action.card} to ${partialName(view, action.partial)}`;
    case "add_pair": return `add ${action.pair.join(" + ")} ${asText(action.as)} to ${partialName(view, action.partial)}`;
    case "place": return `place ${action.card}`;
    case "place_pair": return `place ${action.pair.join(" + ")} ${asText(action.as)}`;
    case "done": return "stop placing cards";
    case "end_turn": return "end the turn";
    case "steal": return `take a random card from ${who(action.victim)}`;
    case "pick": return `take ${action.card}`;
    case "discard": return `discard ${action.card}`;
    case "counter": return "play Counterintelligence";
    case "tip_off": return "play Tip-Off";
    case "continue": return "let it pass";
    case "tip_off_played": return "cancel the Completion Bonus";
    case "black_ops": return blackOpsText(view, names, action);
    default: return action.type;
  }
}

function blackOpsText(view, names, action) {
  const card = action.card;
  if (action.victim !== undefined) return `${card} on ${seatName(names, view, action.victim)}`;
  if (action.partial !== undefined) {
    const as = action.as ? ` ${asText(action.as)}` : "";
    return `${card} on ${targetOnPartial(view, action)}${as}`;
  }
  return card;
}

// The window's headline: what is being played, by whom, against whom.
export function windowText(view, names) {
  const w = view.window;
  if (!w) return "";
  const who = seatName(names, view, w.seat);
  if (w.kind === "tip_off") {
    return `${who} completed ${w.objective}. Its bonus (${BONUS_TEXT[w.bonus] ?? w.bonus}) is about to happen: an opponent may answer with Tip-Off.`;
  }
  if (w.card === "Tip-Off") return `${who} plays Tip-Off to cancel the Completion Bonus: an opponent may answer with Counterintelligence.`;
  return `${who} plays ${actionText(view, names, w.action ?? { type: "black_ops", card: w.card })}: an opponent may answer with Counterintelligence.`;
}

export function stepText(view, names) {
  const s = view.step;
  if (!s) return "";
  const who = seatName(names, view, s.seat);
  const mine = s.seat === view.you;
  switch (s.kind) {
    case "draw": return mine ? `Draw ${s.owed} more card${s.owed === 1 ? "" : "s"}: pick a deck.` : `${who} is drawing (${s.owed} to go).`;
    case "place": return mine
      ? `Place more cards on ${partialName(view, s.partial)}, or stop.`
      : `${who} is placing cards on ${partialName(view, s.partial)}.`;
    case "steal": return mine ? "Completion Bonus: pick the opponent to take a random card from." : `${who} is picking whom to steal from.`;
    case "interrogate": return mine
      ? `Interrogation: take one card from ${seatName(names, view, s.victim)}'s hand.`
      : `${who} is looking through ${seatName(names, view, s.victim)}'s hand.`;
    case "discard": return mine
      ? `Your hand is over its limit: discard ${s.over} card${s.over === 1 ? "" : "s"}.`
      : `${who} is discarding down to the hand limit.`;
    default: return `${who}: ${s.kind}.`;
  }
}
