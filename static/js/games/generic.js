// The renderer for any game: the view as a readable structure and every legal action as a button.

import { h } from "../dom.js";
import { prettyKey, renderValue } from "../structure.js";
import { gameRenderer } from "./kit.js";

const META_KEYS = new Set(["type", "template", "schema", "example", "examples", "label"]);
const SEAT_KEY = /^(seat|target|player)$|_seat$/;

export function actionLabel(action, names = {}) {
  if (typeof action.label === "string") return action.label;
  const parts = [action.type];
  for (const [key, value] of Object.entries(action)) {
    if (META_KEYS.has(key)) continue;
    let text;
    if (SEAT_KEY.test(key) && Number.isInteger(value) && names[value] !== undefined) text = names[value];
    else if (value !== null && typeof value === "object") text = JSON.stringify(value);
    else text = String(value);
    parts.push(`${prettyKey(key)}: ${text}`);
  }
  return parts.join(" · ");
}

function exampleFor(entry, legal) {
  const strip = (action) => Object.fromEntries(Object.entries(action).filter(([k]) => !META_KEYS.has(k) || k === "type"));
  const given = entry.example ?? entry.examples?.[0] ?? legal.find((a) => !a.template && a.type === entry.type);
  if (given) return { ...strip(given), type: entry.type };
  const example = { type: entry.type };
  for (const [key, prop] of Object.entries(entry.schema?.properties ?? {})) {
    if (key === "type") continue;
    example[key] = prop.default ?? ({ integer: 0, number: 0, boolean: false, array: [], object: {} }[prop.type] ?? "");
  }
  return example;
}

// Any game's view may be null while moves are legal: the moves are drawn all the same.
export const { render } = gameRenderer({
  placeholder: null,
  drawKey: (st, message) => message.you,
  focus: ["#legal button:not(:disabled), #legal textarea", "#legal-heading"],
  draw,
});

function draw({ root, st, message, names, act }) {
  // Keep what someone was typing into a template box across redraws.
  const drafts = new Map([...root.querySelectorAll("textarea[data-template]")].map((t) => [t.dataset.template, t.value]));
  const legal = message.legal ?? [];

  const viewPart = h(
    "section",
    { class: "card generic-view", "aria-label": "Table" },
    message.view == null
      ? h("p", { class: "muted", text: "Nothing to show yet." })
      : renderValue(message.view, { names, you: message.you?.seat ?? null }),
  );

  const legalPart = h("section", { id: "legal", class: "card legal", "aria-labelledby": "legal-heading", dataset: { busy: String(st.busy) } });
  if (message.status === "finished") {
    legalPart.append(h("h2", { id: "legal-heading", text: "The game is over." }));
  } else if (!legal.length) {
    legalPart.append(h("h2", { id: "legal-heading", class: "waiting", text: "Waiting for other players…" }));
  } else {
    legalPart.append(h("h2", { id: "legal-heading", text: "Your move" }));
    const groups = new Map();
    for (const action of legal) {
      if (!groups.has(action.type)) groups.set(action.type, []);
      groups.get(action.type).push(action);
    }
    for (const [type, actions] of groups) {
      const buttons = actions
        .filter((action) => !action.template)
        .map((action) =>
          h("button", {
            type: "button",
            class: "action",
            dataset: { action: JSON.stringify(action) },
            disabled: st.busy,
            onclick: () => act(action),
          }, actionLabel(action, names)),
        );
      const templates = actions.filter((action) => action.template)
        .map((entry) => templateForm(entry, legal, drafts, act, st.busy));
      legalPart.append(
        h(
          "div",
          { class: "action-group" },
          groups.size > 1 ? h("h3", { text: prettyKey(type) }) : null,
          buttons.length ? h("div", { class: "action-buttons" }, buttons) : null,
          templates,
        ),
      );
    }
  }
  return [viewPart, legalPart];
}

// An action with too many variants to list: edit its JSON (prefilled with an example) and send it.
function templateForm(entry, legal, drafts, act, busy) {
  const id = `template-${entry.type}`;
  const area = h("textarea", { id, class: "json", rows: 6, spellcheck: "false", dataset: { template: entry.type } });
  area.value = drafts.get(entry.type) ?? JSON.stringify(exampleFor(entry, legal), null, 2);
  const error = h("p", { class: "form-error", role: "alert", hidden: true });
  const form = h(
    "form",
    { class: "template-form" },
    h("label", { for: id, text: `${prettyKey(entry.type)} (edit the JSON, then send)` }),
    area,
    error,
    h("button", { type: "submit", dataset: { templateSend: entry.type }, disabled: busy, text: `Send ${prettyKey(entry.type)}` }),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    let action;
    try {
      action = JSON.parse(area.value);
    } catch {
      error.textContent = "That is not valid JSON.";
      error.hidden = false;
      return;
    }
    if (action === null || typeof action !== "object" || Array.isArray(action)) {
      error.textContent = "The action must be a JSON object.";
      error.hidden = false;
      return;
    }
    error.hidden = true;
    act({ ...action, type: action.type ?? entry.type });
  });
  return form;
}
