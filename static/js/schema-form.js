// Form fields generated from a game's options JSON Schema (as pydantic writes it), and the values read back.

import { h } from "./dom.js";

// Follows local "$ref"s and unwraps Optional[...] (anyOf with null) so each property has one plain schema.
function resolve(schema, root) {
  let current = schema ?? {};
  for (let guard = 0; guard < 10; guard += 1) {
    if (current.$ref?.startsWith("#/")) {
      const target = current.$ref.slice(2).split("/").reduce((node, key) => node?.[key], root);
      const rest = { ...current };
      delete rest.$ref;
      current = { ...(target ?? {}), ...rest };
    } else if (Array.isArray(current.allOf) && current.allOf.length === 1) {
      const rest = { ...current };
      delete rest.allOf;
      current = { ...current.allOf[0], ...rest };
    } else if (Array.isArray(current.anyOf)) {
      const options = current.anyOf.filter((s) => s.type !== "null");
      const nullable = options.length < current.anyOf.length;
      const rest = { ...current };
      delete rest.anyOf;
      current = { ...(options[0] ?? {}), ...rest, nullable: nullable || rest.nullable };
    } else {
      return current;
    }
  }
  return current;
}

export function label(name, schema) {
  if (schema.title) return schema.title;
  return name.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());
}

// The player counts an option applies at (its "x-players"), or null when it applies at every count.
export function playerCounts(schema) {
  const counts = schema?.["x-players"];
  return Array.isArray(counts) && counts.length ? counts : null;
}

// Whether an option matters at a table of `players` (an option without "x-players" always does).
export function appliesAt(schema, players) {
  const counts = playerCounts(schema);
  return !counts || counts.includes(players);
}

function countsText(counts) {
  const sorted = [...counts].sort((a, b) => a - b);
  const run = sorted.every((n, i) => i === 0 || n === sorted[i - 1] + 1);
  if (sorted.length === 1) return `Only with ${sorted[0]} players.`;
  if (run) return `Only with ${sorted[0]} to ${sorted[sorted.length - 1]} players.`;
  return `Only with ${sorted.slice(0, -1).join(", ")} or ${sorted[sorted.length - 1]} players.`;
}

// An option's value in words, as the lobby lists it: "none" for null (its description says what none means), "yes"
// or "no", a list as its items.
export function valueText(value) {
  if (value === null || value === undefined) return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.length ? value.join(" ") : "none";
  return String(value);
}

// A schema's property with its references resolved (for listing options as well as for the form).
export function optionSchema(schema, name) {
  return resolve(schema?.properties?.[name], schema);
}

const NUMBER_LIST = /^[\s,]*$|^[\s,]*-?\d+([\s,]+-?\d+)*[\s,]*$/;

// One field per property; returns a reader that collects {name: value} (empty inputs are left to the defaults).
// `prefix` keeps the fields' ids apart from another such form on the same page.
export function buildFields(container, schema, prefix = "opt") {
  container.replaceChildren();
  const properties = schema?.properties ?? {};
  const readers = [];
  for (const [name, raw] of Object.entries(properties)) {
    const prop = resolve(raw, schema);
    const id = `${prefix}-${name}`;
    const hintId = `${id}-hint`;
    const counts = playerCounts(prop);
    const about = [prop.description, counts ? countsText(counts) : null].filter(Boolean).join(" ");
    const hint = about ? h("p", { class: "hint", id: hintId, text: about }) : null;
    const describedBy = hint ? hintId : null;
    const title = label(name, prop);
    const enumValues = prop.enum ?? (prop.const !== undefined ? [prop.const] : null);

    if (enumValues) {
      const select = h("select", { id, name, "aria-describedby": describedBy });
      if (prop.nullable) select.append(h("option", { value: "", text: "—" }));
      enumValues.forEach((value, index) => {
        const option = h("option", { value: String(index), text: String(value) });
        if (JSON.stringify(value) === JSON.stringify(prop.default)) option.selected = true;
        select.append(option);
      });
      container.append(h("div", { class: "field" }, h("label", { for: id, text: title }), select, hint));
      readers.push(() => (select.value === "" ? [name, null] : [name, enumValues[Number(select.value)]]));
    } else if (prop.type === "boolean") {
      const box = h("input", { id, name, type: "checkbox", "aria-describedby": describedBy });
      box.checked = Boolean(prop.default);
      container.append(h("div", { class: "field check" }, box, h("label", { for: id, text: title }), hint));
      readers.push(() => [name, box.checked]);
    } else if (prop.type === "integer" || prop.type === "number") {
      const integer = prop.type === "integer";
      const min = prop.minimum ?? (prop.exclusiveMinimum !== undefined ? prop.exclusiveMinimum : null);
      const max = prop.maximum ?? (prop.exclusiveMaximum !== undefined ? prop.exclusiveMaximum : null);
      const input = h("input", {
        id,
        name,
        type: "number",
        inputmode: integer ? "numeric" : "decimal",
        step: integer ? "1" : "any",
        min,
        max,
        value: prop.default ?? "",
        "aria-describedby": describedBy,
      });
      container.append(h("div", { class: "field" }, h("label", { for: id, text: title }), input, hint));
      readers.push(() => {
        if (input.value.trim() === "") return prop.nullable ? [name, null] : null;
        return [name, integer ? Number.parseInt(input.value, 10) : Number(input.value)];
      });
    } else if (prop.type === "string") {
      const input = h("input", {
        id,
        name,
        type: "text",
        maxlength: prop.maxLength,
        minlength: prop.minLength,
        value: prop.default ?? "",
        "aria-describedby": describedBy,
      });
      container.append(h("div", { class: "field" }, h("label", { for: id, text: title }), input, hint));
      readers.push(() => (input.value === "" && prop.default === undefined ? null : [name, input.value]));
    } else if (prop.type === "array" && prop.items?.type === "integer") {
      // A list of whole numbers (a team per seat): typed as numbers with spaces, "1 2 1 2"; empty for none.
      const input = h("input", {
        id,
        name,
        type: "text",
        inputmode: "numeric",
        autocomplete: "off",
        placeholder: prop.nullable ? "none" : "",
        value: Array.isArray(prop.default) ? prop.default.join(" ") : "",
        "aria-describedby": describedBy,
      });
      container.append(h("div", { class: "field" }, h("label", { for: id, text: title }), input, hint));
      readers.push(() => {
        const text = input.value.trim();
        if (!NUMBER_LIST.test(text)) throw new Error(`${title}: write whole numbers separated by spaces, like 1 2 1 2.`);
        const numbers = text.split(/[\s,]+/).filter(Boolean).map(Number);
        if (!numbers.length) return prop.nullable ? [name, null] : null;
        return [name, numbers];
      });
    } else {
      // Lists and nested objects are rare in options: edit them as JSON.
      const area = h("textarea", { id, name, rows: 3, class: "json", "aria-describedby": describedBy });
      area.value = prop.default === undefined ? "" : JSON.stringify(prop.default);
      container.append(h("div", { class: "field" }, h("label", { for: id, text: `${title} (JSON)` }), area, hint));
      readers.push(() => {
        if (area.value.trim() === "") return null;
        try {
          return [name, JSON.parse(area.value)];
        } catch {
          throw new Error(`${title}: this is not valid JSON.`);
        }
      });
    }
  }
  if (!readers.length) container.append(h("p", { class: "hint", text: "This game has no options." }));
  return () => Object.fromEntries(readers.map((read) => read()).filter(Boolean));
}
