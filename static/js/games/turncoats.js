// Turncoats: the map in SVG, your hidden hand, and the turn as a few clicks (stone, action, area).
// Every action sent is an object taken from message.legal, never one built here.

import { h } from "../dom.js";
import { namesFrom } from "../structure.js";
import { gameRenderer } from "./kit.js";
import { drawMap, s } from "./turncoats/board.js";
import { COLOUR_HEX, MODE_TEXT, lastText, leaderText, nameFor, stones, streakText, victimsText } from "./turncoats/text.js";

const MODES = ["recruit", "battle", "march"];

// A new position (status, view, legal) starts the turn afresh; a refused action too.
const game = gameRenderer({
  css: "/static/css/turncoats.css",
  focus: [".tc-controls button:not(:disabled)"],
  settled: (st, error) => {
    if (error) st.sel = {};
  },
  draw,
  after: ({ root }) => fitMap(root),
  result: resultTree,
});
export const { renderResult } = game;

function chip(colour, size = 14) {
  const svg = s("svg", { class: "tc-chip", width: size, height: size, viewBox: "0 0 20 20", "aria-hidden": "true" },
    s("circle", { cx: 10, cy: 10, r: 8.5, class: `tc-stone tc-stone-${colour}`, fill: COLOUR_HEX[colour] }));
  return svg;
}

// ---------------------------------------------------------------- what the player may do now

function situation(message) {
  const view = message.view;
  const legal = message.legal ?? [];
  const seated = view.you !== null && view.you !== undefined;
  const returns = legal.filter((a) => a.type === "return");
  return {
    view,
    legal,
    seated,
    over: message.status === "finished" || view.over,
    yourTurn: legal.length > 0,
    negotiating: returns.length > 0,
    returns,
    negotiate: legal.find((a) => a.type === "negotiate") ?? null,
  };
}

function modesFor(legal, colour) {
  return MODES.filter((mode) => legal.some((a) => a.type === mode && a.colour === colour));
}

const unique = (list) => [...new Set(list)];

// The areas to highlight for the current selection, each with its spoken label and an optional badge.
function targetsFor(legal, sel) {
  const targets = new Map();
  const { colour, mode } = sel;
  if (!colour || !mode) return targets;
  const mine = legal.filter((a) => a.type === mode && a.colour === colour);
  if (mode === "recruit") {
    for (const a of mine) targets.set(a.area, { label: `Recruit ${colour} into area ${a.area}` });
  } else if (mode === "battle") {
    for (const area of unique(mine.map((a) => a.area))) {
      const any = mine.find((a) => a.area === area);
      const kills = Object.values(any.victims).reduce((x, y) => x + y, 0);
      targets.set(area, { label: `Battle with ${colour} in area ${area}, ${kills} to kill`, badge: `kills ${kills}` });
    }
  } else if (mode === "march") {
    if (sel.from === undefined) {
      for (const area of unique(mine.map((a) => a.from))) {
        targets.set(area, { label: `March ${colour} stones out of area ${area}`, badge: "from" });
      }
    } else {
      for (const area of unique(mine.filter((a) => a.from === sel.from).map((a) => a.to))) {
        targets.set(area, { label: `March from area ${sel.from} to area ${area}`, badge: "to" });
      }
    }
  }
  return targets;
}

// ---------------------------------------------------------------- drawing

export function render(root, message, send) {
  game.render(root, message, send);
  watchAncestors(root);
  fitMap(root); // also when nothing was redrawn: the page around the game may have moved
}

// The seats the game waits on, for a seat strip that marks whose turn it is (the platform's, when it asks).
export function actingSeats(message) {
  const view = message?.view;
  if (!view || message.status === "finished" || view.over) return [];
  return view.turn === null || view.turn === undefined ? [] : [view.turn];
}

// On a wide screen the map gets the height left under it in the window (whatever the page draws above the game),
// so the whole board, axe and flag included, shows without scrolling. Narrow screens stack it at full width.
function fitMap(root) {
  const play = root.querySelector(".tc-play");
  const map = play?.querySelector(".tc-map");
  if (!map) return;
  const top = play.getBoundingClientRect().top + window.scrollY;
  const room = Math.max(320, window.innerHeight - top - 12);
  const box = map.viewBox.baseVal;
  play.style.setProperty("--tc-fit-w", `${Math.floor((room * box.width) / box.height)}px`);
}

function refitAll() {
  for (const play of document.querySelectorAll(".tc-play")) fitMap(play.parentElement);
}

// The room changes when the window does, or when something drawn above the game grows or shrinks (a banner, a
// wrapped seat strip): then one of the game's ancestors changes size. The fit depends only on where the map starts,
// so refitting never loops.
window.addEventListener("resize", refitAll);
const ancestors = typeof ResizeObserver === "function" ? new ResizeObserver(refitAll) : null;
const watched = new WeakSet();

function watchAncestors(root) {
  for (let node = root.parentElement; node && ancestors; node = node.parentElement) {
    if (watched.has(node)) continue;
    watched.add(node);
    ancestors.observe(node);
  }
}

// Once a step needs an area, bring every area that may be tapped into view, under the bar when the bar sticks to
// the top (narrow screens), so a phone never has to scroll between the hand and the map.
function revealTargets(root) {
  const targets = [...root.querySelectorAll(".tc-map [data-target]")];
  const map = root.querySelector(".tc-map");
  if (!targets.length || !map) return;
  const bar = root.querySelector(".tc-bar");
  const sticky = bar !== null && getComputedStyle(bar).position === "sticky";
  const shade = sticky ? bar.offsetHeight : 0; // what the stuck bar covers at the top of the window
  const clear = sticky ? Math.max(bar.getBoundingClientRect().bottom, shade) : 0;
  const boxes = targets.map((t) => t.getBoundingClientRect());
  const top = Math.min(...boxes.map((b) => b.top));
  const bottom = Math.max(...boxes.map((b) => b.bottom));
  if (top >= clear && bottom <= window.innerHeight) return;
  const gap = 8;
  let delta = map.getBoundingClientRect().top - shade - gap; // the map's top just under the bar
  if (bottom - delta > window.innerHeight - gap) delta = bottom - window.innerHeight + gap;
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollBy({ top: delta, behavior: still ? "auto" : "smooth" });
}

function draw({ root, st, message, names, act, select: choose }) {
  const sit = situation(message);
  const select = (change, focus = null) => {
    const before = st.sel;
    choose(change, focus);
    if (change.mode && (change.mode !== before.mode || change.from !== before.from)) revealTargets(root);
  };
  // Over: the result above shows the final map, every hand and the ranking, so nothing is drawn twice here.
  return sit.over
    ? h("div", { class: "tc tc-over", hidden: true, dataset: { state: "over", seq: String(message.seq ?? "") } })
    : playing(sit, st, names, { select, act });
}

// One line says what to do next: the turn's state, or once a stone is picked, the step being taken.
function statusText(sit, names, sel) {
  const { view } = sit;
  if (!sit.seated) return view.turn === null ? "Watching." : `Watching: ${nameFor(view, names, view.turn)} to play.`;
  if (sit.negotiating) return `You drew a ${view.drawn} stone. Put one stone back in the bag.`;
  if (sit.yourTurn && sel.colour) return promptText(sel);
  if (sit.yourTurn) return "Your turn: pick a stone from your hand, or negotiate.";
  return `Waiting for ${names[view.turn] ?? `Seat ${view.turn}`}…`;
}

function playing(sit, st, names, handlers) {
  const { view, legal } = sit;
  const sel = st.sel;
  const targets = sit.yourTurn && !sit.negotiating ? targetsFor(legal, sel) : new Map();
  const selected = [sel.area, sel.from, sel.to].filter((a) => a !== undefined);
  const pick = targets.size || selected.length
    ? { targets, selected, onPick: (area, event) => onArea(area, event, sit, sel, handlers) }
    : null;
  const stateName = !sit.seated ? "spectating" : sit.negotiating ? "negotiating" : sit.yourTurn ? "your-turn" : "waiting";

  // The bar (status, hand, actions) comes first: on a phone it sticks to the top while the map scrolls under it.
  return h("div", { class: "tc tc-play", dataset: { state: stateName, seq: String(st.message.seq ?? ""), busy: String(st.busy) } },
    h("section", { class: "tc-bar", "aria-label": sit.seated ? "Your turn and your stones" : "Whose turn" },
      h("p", { class: "tc-status", role: "status", text: statusText(sit, names, sel) }),
      sit.seated ? controls(sit, st, handlers) : null),
    h("div", { class: "tc-mapwrap" }, drawMap(view, { pick, title: "Map of the eleven areas, the axe and the flag" })),
    info(view, names));
}

function onArea(area, event, sit, sel, { select, act }) {
  const keyboard = event.type === "keydown" || event.detail === 0;
  const mine = sit.legal.filter((a) => a.type === sel.mode && a.colour === sel.colour);
  if (sel.mode === "recruit") {
    const action = mine.find((a) => a.area === area);
    if (action) act(action);
  } else if (sel.mode === "battle") {
    const options = mine.filter((a) => a.area === area);
    if (options.length === 1) act(options[0]);
    else if (options.length > 1) select({ ...sel, area }, keyboard ? "[data-victims]" : null);
  } else if (sel.mode === "march") {
    if (sel.from === undefined || sel.from === area) {
      select(sel.from === area ? { colour: sel.colour, mode: "march" } : { ...sel, from: area, to: undefined },
        keyboard ? "[data-area][data-target]" : null);
      return;
    }
    const options = mine.filter((a) => a.from === sel.from && a.to === area);
    if (options.length === 1) act(options[0]);
    else if (options.length > 1) select({ ...sel, to: area }, keyboard ? "[data-count]" : null);
  }
}

function controls(sit, st, { select, act }) {
  const { view, legal } = sit;
  const sel = st.sel;
  const busy = st.busy;
  const hand = view.hand ?? {};
  const total = view.colours.reduce((n, c) => n + (hand[c] ?? 0), 0);
  const choosing = sit.yourTurn && !sit.negotiating;
  const keyboard = (event) => event.detail === 0;
  const parts = [];

  parts.push(h("h2", { class: "tc-h", text: `Your hand: ${stones(total)}` }));
  const handRow = h("div", { class: "tc-hand", role: "group", "aria-label": "Your stones" });
  for (const colour of view.colours) {
    const n = hand[colour] ?? 0;
    const content = [chip(colour, 20), h("span", { class: "tc-n", text: String(n) }), h("span", { text: colour })];
    if (choosing) {
      const usable = n > 0 && modesFor(legal, colour).length > 0;
      handRow.append(h("button", {
        type: "button",
        class: "tc-stone-btn",
        dataset: { colour },
        disabled: !usable || busy,
        "aria-pressed": String(sel.colour === colour),
        "aria-label": `Use a ${colour} stone (you have ${n})`,
        onclick: (event) => select(sel.colour === colour ? {} : { colour }, keyboard(event) ? "[data-mode]" : null),
      }, content));
    } else {
      handRow.append(h("span", { class: "tc-stone-chip", dataset: { handColour: colour } }, content));
    }
  }
  parts.push(handRow);

  if (sit.negotiating) {
    parts.push(h("p", { class: "tc-prompt", text: "Everyone will see the colour you return." }));
    parts.push(h("div", { class: "tc-buttons" }, sit.returns.map((action) => h("button", {
      type: "button",
      class: "tc-stone-btn",
      dataset: { return: action.colour },
      disabled: busy,
      onclick: () => act(action),
    }, chip(action.colour, 20), `Return ${action.colour}`))));
  } else if (choosing) {
    const usable = sel.colour ? modesFor(legal, sel.colour) : [];
    parts.push(h("div", { class: "tc-modes", role: "group", "aria-label": sel.colour ? `Actions with a ${sel.colour} stone` : "Actions (pick a stone first)" },
      MODES.map((mode) => h("button", {
        type: "button",
        class: "tc-mode",
        dataset: { mode },
        disabled: busy || !usable.includes(mode),
        "aria-pressed": String(sel.mode === mode),
        onclick: (event) => select(sel.mode === mode ? { colour: sel.colour } : { colour: sel.colour, mode },
          keyboard(event) ? "[data-area][data-target]" : null),
      }, h("strong", { text: MODE_TEXT[mode].label }), h("span", { class: "tc-mode-hint", text: MODE_TEXT[mode].hint })))));
    parts.push(chooser(sit, sel, busy, act));
    const footer = [];
    if (sel.colour) {
      footer.push(h("button", { type: "button", class: "secondary tc-back", disabled: busy, onclick: () => select({}) }, "Start over"));
    }
    if (sit.negotiate) {
      const ends = view.streak + 1 >= view.players;
      footer.push(h("button", {
        type: "button",
        class: `tc-neg-btn${ends ? " tc-ends" : ""}`,
        dataset: { actionType: "negotiate" },
        disabled: busy,
        onclick: () => act(sit.negotiate),
      }, h("strong", { text: "Negotiate" }),
      h("span", { class: "tc-mode-hint", text: ends ? "this ends the game" : "draw a stone, then return one" })));
    }
    parts.push(h("div", { class: "tc-footer" }, footer));
  }
  return h("div", { class: "tc-controls" }, parts);
}

function promptText(sel) {
  if (!sel.colour) return "";
  if (!sel.mode) return `Choose what to do with your ${sel.colour} stone.`;
  if (sel.mode === "recruit") return `Tap a highlighted area to recruit a ${sel.colour} stone there.`;
  if (sel.mode === "battle") {
    return sel.area === undefined
      ? `Tap the area where ${sel.colour} fights (each tile shows how many stones die).`
      : `Choose who dies in area ${sel.area}:`;
  }
  if (sel.from === undefined) return `Tap the area your ${sel.colour} stones march out of.`;
  if (sel.to === undefined) return `Tap the neighbouring area they march into (tap area ${sel.from} again to change).`;
  return `How many ${sel.colour} stones march from area ${sel.from} to area ${sel.to}?`;
}

// The last step when one click is not enough: who dies in a battle, how many stones march.
function chooser(sit, sel, busy, act) {
  const mine = sit.legal.filter((a) => a.type === sel.mode && a.colour === sel.colour);
  if (sel.mode === "battle" && sel.area !== undefined) {
    const options = mine.filter((a) => a.area === sel.area);
    return h("div", { class: "tc-buttons", role: "group", "aria-label": "Who dies" }, options.map((action) => h("button", {
      type: "button",
      class: "tc-choice",
      dataset: { victims: JSON.stringify(action.victims) },
      disabled: busy,
      onclick: () => act(action),
      "aria-label": `Kill ${victimsText(action.victims)}`,
    }, victimsLabel(action.victims))));
  }
  if (sel.mode === "march" && sel.to !== undefined) {
    const options = mine.filter((a) => a.from === sel.from && a.to === sel.to).sort((a, b) => b.count - a.count);
    return h("div", { class: "tc-buttons", role: "group", "aria-label": "How many march" }, options.map((action, i) => h("button", {
      type: "button",
      class: `tc-choice${i === 0 ? " tc-default" : ""}`,
      dataset: { count: String(action.count) },
      disabled: busy,
      onclick: () => act(action),
    }, i === 0 ? `All ${action.count}` : String(action.count))));
  }
  return null;
}

function victimsLabel(victims) {
  const parts = Object.entries(victims).filter(([, n]) => n > 0);
  if (!parts.length) return "Kill none";
  return ["Kill ", parts.map(([colour, n], i) => [i ? " + " : "", chip(colour, 14), ` ${n} ${colour}`])];
}

function info(view, names) {
  const leader = leaderText(view);
  const players = view.hands.map((hand) => {
    const turn = view.turn === hand.seat;
    return h("li", {
      class: `tc-player${turn ? " tc-turn" : ""}${hand.seat === view.you ? " tc-you" : ""}`,
      dataset: { seat: String(hand.seat), turn: String(turn) },
    },
    h("span", { class: "tc-turn-mark", "aria-hidden": "true", text: turn ? "▶" : "" }),
    h("span", { class: "tc-pname", text: names[hand.seat] ?? `Seat ${hand.seat}` }),
    hand.seat === view.you ? h("span", { class: "badge you", text: "you" }) : null,
    turn ? h("span", { class: "tc-to-play", text: "to play" }) : null,
    h("span", { class: "tc-pcount", dataset: { handCount: String(hand.count) }, text: stones(hand.count) }));
  });
  return h("section", { class: "tc-info", "aria-label": "Public information" },
    h("p", { class: "tc-leader" }, leader.colour ? chip(leader.colour, 16) : null, ` ${leader.text}`),
    h("p", { class: "tc-streak", dataset: { streak: String(view.streak) }, text: streakText(view) }),
    h("p", { class: "tc-last-text" }, h("span", { class: "tc-label", text: "Last move: " }), lastText(view, names)),
    h("p", { class: "tc-bag", text: `Bag: ${stones(view.bag)} (colours hidden)` }),
    h("h2", { class: "tc-h", text: "Players and hands" }),
    h("ul", { class: "tc-players" }, players),
    legend());
}

function legend() {
  const flag = s("svg", { class: "tc-chip", width: 14, height: 16, viewBox: "0 0 16 18", "aria-hidden": "true" },
    s("line", { x1: 2, y1: 1, x2: 2, y2: 17, stroke: "#4a3b24", "stroke-width": 1.6 }),
    s("polygon", { points: "2,1 15,1 11,5.5 15,10 2,10", fill: "#8f8676" }));
  return h("p", { class: "tc-legend" },
    flag, " banner: that colour's homeland · thick border and crown: the colour ruling the area (most stones; ties go to more on the axe, then the flag)");
}

// ---------------------------------------------------------------- result

function resultTree(message) {
  const result = message.result ?? {};
  const view = message.view;
  const names = namesFrom(message);
  const colour = result.winning_colour ?? null;
  const colours = view?.colours ?? ["red", "blue", "black"];
  const winning = view ? leaderText(view, colour, "Winning").text : `Winning colour: ${colour}`;
  const headline = colour
    ? h("p", { class: "tc-winning", dataset: { winningColour: colour } }, chip(colour, 20), ` ${winning}`)
    : h("p", { class: "tc-winning", dataset: { winningColour: "none" } },
      "No colour won: the tie survived the axe and the flag, so the player holding the fewest stones wins.");

  // Short headings so the table fits a phone; the line under it says what each column is.
  const rankRows = (result.ranking ?? []).map((row) => h("tr", { dataset: { seat: String(row.seat) }, class: row.seat === message.you?.seat ? "you" : null },
    h("td", { text: String(row.rank) }),
    h("th", { scope: "row", text: names[row.seat] ?? `Seat ${row.seat}` }),
    colour ? h("td", { text: String(row.winning_colour_stones) }) : null,
    h("td", { text: String(row.other_stones) }),
    h("td", { text: String(row.turn_order + 1) })));
  const heads = [
    h("th", { scope: "col" }, h("span", { "aria-hidden": "true", text: "#" }), h("span", { class: "visually-hidden", text: "Rank" })),
    h("th", { scope: "col", text: "Player" }),
    colour ? h("th", { scope: "col" }, chip(colour, 12), ` ${colour} held`) : null,
    h("th", { scope: "col", text: colour ? "Others held" : "Stones held" }),
    h("th", { scope: "col", text: "Turn" }),
  ];
  const order = colour
    ? `Ranked by ${colour} stones held, then the fewest stones of the other colours, then turn order`
    : "No colour won, so ranked by the fewest stones held, then turn order";
  const ranking = h("div", { class: "table-scroll" }, h("table", { class: "struct-table tc-ranking" },
    h("caption", { text: "Ranking" }),
    h("thead", {}, h("tr", {}, heads)),
    h("tbody", {}, rankRows)),
  h("p", { class: "hint", text: `${order}, counted from the player who opened the final run of Negotiates.` }));

  const reveal = result.reveal ?? {};
  const handRow = (label, counts, data) => h("tr", { dataset: data },
    h("th", { scope: "row", text: label }),
    colours.map((c) => h("td", { dataset: { colour: c } }, chip(c, 12), ` ${counts?.[c] ?? 0}`)),
    h("td", { class: "tc-total", text: String(colours.reduce((n, c) => n + (counts?.[c] ?? 0), 0)) }));
  const hands = h("div", { class: "table-scroll" }, h("table", { class: "struct-table tc-hands" },
    h("caption", { text: "Every hand, revealed" }),
    h("thead", {}, h("tr", {}, ["Who", ...colours, "Total"].map((text) => h("th", { scope: "col", text })))),
    h("tbody", {},
      (reveal.hands ?? []).map((counts, seat) => handRow(names[seat] ?? `Seat ${seat}`, counts, { revealSeat: String(seat) })),
      reveal.bag ? handRow("Bag", reveal.bag, { revealBag: "true" }) : null)));

  return h("div", { id: "turncoats-result", class: "tc tc-result" },
    headline,
    h("div", { class: "tc-result-grid" },
      view ? h("div", { class: "tc-mapwrap" }, drawMap(view, { title: "The final map" })) : null,
      h("div", { class: "tc-result-tables" }, ranking, hands)));
}
