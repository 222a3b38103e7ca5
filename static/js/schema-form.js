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

// One field per property; returns a reader that collects {name: value} (empty inputs are left to the defaults).
export function buildFields(container, schema) {
  container.replaceChildren();
  const properties = schema?.properties ?? {};
  const readers = [];
  for (const [name, raw] of Object.entries(properties)) {
    const prop = resolve(raw, schema);
    const id = `opt-${name}`;
    const hintId = `${id}-hint`;
    const hint = prop.description ? h("p", { class: "hint", id: hintId, text: prop.description }) : null;
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
