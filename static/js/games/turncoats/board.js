// The Turncoats map as SVG: hex areas placed from the view's axial coordinates, the hole, the axe and the flag,
// and marks for the last action. Interactive areas are real buttons (role, tabindex, Enter and Space).

import { COLOUR_HEX, TINT, colourName, describeStones } from "./text.js";

const NS = "http://www.w3.org/2000/svg";
const R = 60; // hex radius (centre to corner) in SVG units
const INSET = 2.5; // gap between neighbouring tiles
const SQ3 = Math.sqrt(3);
const BOX_W = 100; // axe and flag boxes
const BOX_H = 84;
const MARGIN = 4; // a thin frame: every unit of width goes to the tiles, so the text stays large on a phone
const TEXT = 14; // small map text in SVG units: 12.7 px on a 390 px phone even inside the result card
const ROW_H = 15; // one colour's row of stones (the colour names have no descenders)
let instances = 0; // unique ids for markers when several maps share a page

export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value == null || value === false) continue;
    if (key === "text") el.textContent = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child == null || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

export function centre([q, r]) {
  return [R * SQ3 * (q + r / 2), R * 1.5 * r];
}

function hexPoints(cx, cy, radius) {
  const points = [];
  for (let i = 0; i < 6; i += 1) {
    const angle = (Math.PI / 180) * (60 * i - 90); // pointy top
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`);
  }
  return points.join(" ");
}

// One stone; black ones get a light rim so they show on dark tiles and on the felt.
export function stone(colour, x, y, r) {
  return s("circle", { cx: x, cy: y, r, class: `tc-stone tc-stone-${colour}`, fill: COLOUR_HEX[colour] ?? "#888" });
}

// Roughly how wide a line of map text is, in SVG units. Wide fonts (DejaVu) are the worst case we lay out for.
function textWidth(text, size = TEXT) {
  return text.length * size * 0.62;
}

// A small pile per colour present, with the count and the colour's name as text (never colour alone). The rows
// share one column for the counts and are centred as a block within `width`; a big pile squeezes, the text never.
function stoneRows(colours, counts, cx, cy, width) {
  const present = colours.filter((c) => (counts?.[c] ?? 0) > 0);
  const g = s("g", { class: "tc-stones", "aria-hidden": "true" });
  if (!present.length) {
    g.append(s("text", { x: cx, y: cy + 5, class: "tc-empty", "text-anchor": "middle", text: "empty" }));
    return g;
  }
  const gap = 4;
  const labels = present.map((c) => `${counts[c]} ${colourName(c)}`);
  const textW = Math.max(...labels.map((t) => textWidth(t)));
  const pileRoom = Math.max(10, width - textW - gap);
  const piles = present.map((c) => {
    const shown = Math.min(counts[c], 8);
    const step = shown > 1 ? Math.min(10.5, (pileRoom - 10) / (shown - 1)) : 0;
    return { shown, step, width: 10 + step * (shown - 1) };
  });
  const pileW = Math.max(...piles.map((p) => p.width));
  const divide = cx - (pileW + gap + textW) / 2 + pileW; // piles end here, counts start just after
  const top = cy - ((present.length - 1) * ROW_H) / 2;
  present.forEach((colour, i) => {
    const y = top + i * ROW_H;
    const { shown, step } = piles[i];
    for (let k = 0; k < shown; k += 1) g.append(stone(colour, divide - 5 - (shown - 1 - k) * step, y, 5));
    g.append(s("text", { x: divide + gap, y: y + 5, class: "tc-count" },
      s("tspan", { class: "tc-num", text: String(counts[colour]) }), ` ${colourName(colour)}`));
  });
  return g;
}

// A pill under the stones: who rules the tile (a crown and the colour) or, while choosing, what a tap does.
function pill(cx, cy, label, { crown = false, fill = null, cls }) {
  const crownW = crown ? 14 : 0;
  const width = textWidth(label) + crownW + 14;
  const x = cx - width / 2;
  const g = s("g", { class: cls, "aria-hidden": "true" },
    s("rect", { x, y: cy - 9, width, height: 18, rx: 9, fill }));
  if (crown) {
    const left = x + 7;
    g.append(s("path", { class: "tc-crown", d: `M${left},${cy + 4} v-8 l3,3.5 l2.5,-4.5 l2.5,4.5 l3,-3.5 v8 z` }));
  }
  g.append(s("text", { x: x + 7 + crownW + textWidth(label) / 2, y: cy + 5, "text-anchor": "middle", text: label }));
  return g;
}

function banner(colour, x, y) {
  return s("g", { class: "tc-banner", "aria-hidden": "true" },
    s("line", { x1: x, y1: y - 1, x2: x, y2: y + 17, stroke: "#4a3b24", "stroke-width": 1.6 }),
    s("polygon", {
      points: `${x},${y} ${x + 15},${y} ${x + 11},${y + 5} ${x + 15},${y + 10} ${x},${y + 10}`,
      fill: COLOUR_HEX[colour], stroke: colour === "black" ? "#e9e2cf" : "#2a2620", "stroke-width": 0.8,
    }));
}

function swords(x, y) {
  const blade = (x1, y1, x2, y2) => s("line", { x1, y1, x2, y2, class: "tc-blade" });
  return s("g", { class: "tc-swords", "aria-hidden": "true" },
    s("circle", { cx: x, cy: y, r: 11, class: "tc-swords-bg" }),
    blade(x - 6, y - 6, x + 6, y + 6), blade(x + 6, y - 6, x - 6, y + 6),
    blade(x - 6, y + 2.5, x - 2.5, y + 6), blade(x + 6, y + 2.5, x + 2.5, y + 6));
}

// Where the axe and flag boxes go: the first corner of the map's bounding box that no tile covers; else below.
function placeBoxes(centres, box) {
  const clear = (x, y) => centres.every(([cx, cy]) => {
    const dx = Math.max(x - cx, 0, cx - (x + BOX_W));
    const dy = Math.max(y - cy, 0, cy - (y + BOX_H));
    return Math.hypot(dx, dy) > R * 0.9;
  });
  const corners = [
    [box.minX, box.minY], [box.minX, box.maxY - BOX_H], [box.maxX - BOX_W, box.minY], [box.maxX - BOX_W, box.maxY - BOX_H],
  ].filter(([x, y]) => clear(x, y));
  if (corners.length >= 2) return { axe: corners[0], flag: corners[1], box };
  const y = box.maxY + MARGIN;
  return { axe: [box.minX, y], flag: [box.minX + BOX_W + MARGIN, y], box: { ...box, maxY: y + BOX_H } };
}

function pileBox(kind, label, counts, [x, y], colours, highlighted) {
  const icon = kind === "axe"
    ? s("g", { class: "tc-icon", "aria-hidden": "true" },
      s("line", { x1: x + 14, y1: y + 22, x2: x + 24, y2: y + 8, class: "tc-handle" }),
      s("path", { d: `M${x + 19},${y + 6} q9,-2 11,7 l-8,1 z`, class: "tc-head" }))
    : s("g", { class: "tc-icon", "aria-hidden": "true" },
      s("line", { x1: x + 15, y1: y + 5, x2: x + 15, y2: y + 24, class: "tc-handle" }),
      s("path", { d: `M${x + 15},${y + 6} h13 l-4,4 l4,4 h-13 z`, class: "tc-head" }));
  const text = `${label}: ${describeStones(colours, counts) || "no stones"}`;
  return s("g", { class: `tc-pile tc-${kind}${highlighted ? " tc-last" : ""}`, role: "img", "aria-label": text, dataset: { pile: kind } },
    s("title", { text }),
    s("rect", { x, y, width: BOX_W, height: BOX_H, rx: 10, class: "tc-pile-bg" }),
    icon,
    s("text", { x: x + 34, y: y + 19, class: "tc-pile-label", text: label.toUpperCase() }),
    stoneRows(colours, counts, x + BOX_W / 2, y + 54, BOX_W - 10));
}

/**
 * The map. `pick` (optional): {targets: Map(area -> {label, badge}), selected: [areas], onPick(area, event)}.
 * Without it the map is a picture (spectators, waiting, the result).
 */
export function drawMap(view, { pick = null, title = "The map" } = {}) {
  instances += 1;
  const id = `tc-map-${instances}`;
  const colours = view.colours ?? ["red", "blue", "black"];
  const centres = view.areas.map((a) => centre(a.hex));
  const hole = view.hole ? centre(view.hole) : null;
  const all = hole ? [...centres, hole] : centres;
  const bounds = {
    minX: Math.min(...all.map(([x]) => x)) - (R * SQ3) / 2,
    maxX: Math.max(...all.map(([x]) => x)) + (R * SQ3) / 2,
    minY: Math.min(...all.map(([, y]) => y)) - R,
    maxY: Math.max(...all.map(([, y]) => y)) + R,
  };
  const placed = placeBoxes(all, bounds);
  const { box } = placed;
  const vb = [box.minX - MARGIN, box.minY - MARGIN, box.maxX - box.minX + 2 * MARGIN, box.maxY - box.minY + 2 * MARGIN];
  const last = view.last ?? null;
  const selecting = Boolean(pick);

  const svg = s("svg", {
    class: `tc-map${selecting ? " tc-selecting" : ""}`,
    viewBox: vb.map((n) => n.toFixed(1)).join(" "),
    role: "group",
    "aria-label": title,
    id,
  });
  svg.append(
    s("defs", {},
      s("marker", { id: `${id}-arrow`, viewBox: "0 0 10 10", refX: 6, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" },
        s("path", { d: "M0,0 L10,5 L0,10 z", class: "tc-arrowhead" }))),
    s("rect", { x: vb[0], y: vb[1], width: vb[2], height: vb[3], rx: 14, class: "tc-felt" }),
  );
  if (hole) {
    svg.append(s("g", { class: "tc-hole", "aria-hidden": "true" },
      s("polygon", { points: hexPoints(hole[0], hole[1], R - INSET - 4) })));
  }

  view.areas.forEach((area, index) => {
    const [cx, cy] = centres[index];
    const target = pick?.targets?.get(area.area) ?? null;
    const selected = pick?.selected?.includes(area.area) ?? false;
    const ruler = area.ruler;
    const classes = ["tc-area", ruler ? `tc-ruled-${ruler}` : "tc-unruled"];
    if (target) classes.push("tc-target");
    if (selected) classes.push("tc-selected");
    if (selecting && !target && !selected) classes.push("tc-dim");
    const lastHere = last && (last.area === area.area || last.from === area.area || last.to === area.area);
    if (lastHere) classes.push(`tc-last tc-last-${last.type}`);

    const facts = [
      `Area ${area.area}`,
      describeStones(colours, area.stones) || "no stones",
      ruler ? `ruled by ${colourName(ruler)}` : "unruled",
      area.homeland ? `${colourName(area.homeland)} homeland` : null,
    ].filter(Boolean).join("; ");
    const label = target ? `${target.label}. ${facts}` : facts;
    const g = s("g", {
      class: classes.join(" "),
      dataset: { area: String(area.area), ...(target ? { target: "true" } : {}), ruler: ruler ?? "none" },
      role: target ? "button" : "img",
      tabindex: target ? 0 : null,
      "aria-label": label,
      "aria-pressed": target && selected ? "true" : null,
    });
    g.append(s("title", { text: label }));
    g.append(s("polygon", {
      points: hexPoints(cx, cy, R - INSET),
      class: "tc-hex",
      fill: ruler ? TINT[ruler] : TINT.none,
      stroke: ruler ? COLOUR_HEX[ruler] : "#8f8676",
    }));
    if (lastHere && (last.type === "recruit" || (last.type === "march" && last.to === area.area))) {
      g.append(s("polygon", { points: hexPoints(cx, cy, R - INSET - 5), class: "tc-pulse", "aria-hidden": "true" }));
    }
    g.append(s("text", { x: cx, y: cy - 29, class: "tc-area-num", "text-anchor": "middle", text: String(area.area) }));
    if (area.homeland) g.append(banner(area.homeland, cx - 27, cy - 41));
    g.append(stoneRows(colours, area.stones, cx, cy - 4, 90));
    // The pill sits where the tile is still wide enough for it (its hexagon narrows towards the bottom point).
    if (target?.badge) {
      g.append(pill(cx, cy + 32, target.badge, { cls: "tc-badge" }));
    } else if (ruler) {
      g.append(pill(cx, cy + 32, colourName(ruler), { crown: true, fill: COLOUR_HEX[ruler], cls: `tc-rule-tag tc-rule-${ruler}` }));
    } else {
      g.append(s("text", { x: cx, y: cy + 37, class: "tc-unruled-text", "text-anchor": "middle", text: "unruled" }));
    }
    if (lastHere && last.type === "recruit") {
      g.append(s("g", { class: "tc-plus", "aria-hidden": "true" },
        stone(last.colour, cx + 25, cy - 36, 12),
        s("text", { x: cx + 25, y: cy - 31, "text-anchor": "middle", class: `tc-plus-text tc-on-${last.colour}`, text: "+1" })));
    }
    if (lastHere && last.type === "battle") g.append(swords(cx + 22, cy - 35));
    if (pick && target) {
      const activate = (event) => pick.onPick(area.area, event);
      g.addEventListener("click", activate);
      g.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          activate(event);
        }
      });
    }
    svg.append(g);
  });

  svg.append(pileBox("axe", "Axe", view.axe, placed.axe, colours, last?.type === "battle"));
  svg.append(pileBox("flag", "Flag", view.flag, placed.flag, colours, last?.type === "march"));

  if (last?.type === "march") {
    const [fx, fy] = centres[last.from];
    const [tx, ty] = centres[last.to];
    const len = Math.hypot(tx - fx, ty - fy) || 1;
    const ux = (tx - fx) / len;
    const uy = (ty - fy) / len;
    const a = [fx + ux * 12, fy + uy * 12];
    const b = [tx - ux * 22, ty - uy * 22];
    const mid = [(fx + tx) / 2, (fy + ty) / 2];
    svg.append(s("g", { class: "tc-march-arrow", "aria-hidden": "true" },
      s("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "tc-arrow-under" }),
      s("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "tc-arrow", "marker-end": `url(#${id}-arrow)` }),
      stone(last.colour, mid[0], mid[1], 12),
      s("text", { x: mid[0], y: mid[1] + 5, "text-anchor": "middle", class: `tc-plus-text tc-on-${last.colour}`, text: String(last.count) })));
  }
  return svg;
}
