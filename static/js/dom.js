// Small DOM helpers. Everything that may come from a user goes in as text nodes, never as HTML.

export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value == null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "value") el.value = value;
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child == null || child === false) continue;
    el.append(child instanceof Node ? child : String(child)); // a string becomes a text node
  }
  return el;
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}

export function readJson(id) {
  const node = document.getElementById(id);
  return node ? JSON.parse(node.textContent) : null;
}

export function show(el, visible) {
  el.hidden = !visible;
}

export function absoluteUrl(path) {
  return path ? new URL(path, location.href).href : "";
}

let toastTimer = null;

// A brief message in the page's live region (errors, "copied").
export function toast(text, kind = "error") {
  const box = document.getElementById("toast");
  if (!box) return;
  box.textContent = text;
  box.dataset.kind = kind;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    box.hidden = true;
  }, kind === "error" ? 6000 : 2500);
}

export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Clipboard API needs a secure context; selecting the field lets the person copy by hand.
    if (input) {
      input.focus();
      input.select();
    }
    try {
      if (!document.execCommand("copy")) throw new Error("copy refused");
    } catch {
      toast("Select the link and copy it by hand.", "info");
      return;
    }
  }
  toast("Copied.", "info");
}

// Wires a readonly link field and its Copy button (markup: .link-field > input + button[data-copy]).
export function setLink(field, url) {
  const input = field.querySelector("input");
  input.value = url;
  field.hidden = !url;
}

export function wireCopyButtons(root = document) {
  root.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-copy]");
    if (!button) return;
    const input = document.getElementById(button.dataset.copy);
    if (input) copyText(input.value, input);
  });
}

// Rebuilding a list must not throw keyboard users back to the top: refocus the matching control afterwards.
export function keepFocus(root, rebuild) {
  const active = document.activeElement;
  const inside = active && active !== root && root.contains(active);
  const key = inside ? focusKey(active) : null;
  rebuild();
  if (!key) return;
  const match = [...root.querySelectorAll(active.tagName)].find((node) => focusKey(node) === key);
  match?.focus({ preventScroll: true });
}

// Controls are matched by id or data-* attributes when they have them (labels may change, e.g. unread counts).
function focusKey(node) {
  const data = { ...node.dataset };
  const text = node.id || Object.keys(data).length ? "" : node.textContent.slice(0, 80);
  return JSON.stringify([node.tagName, node.id, data, text]);
}

// A live "12 / 24" under every input that names its counter (data-counter="<id of the hint>"), so a person sees the
// limit before the server has to refuse anything.
export function wireCounters(root = document) {
  for (const input of root.querySelectorAll("input[data-counter]")) {
    const hint = document.getElementById(input.dataset.counter);
    if (!hint) continue;
    const update = () => {
      hint.textContent = `${input.value.length} / ${input.maxLength} characters`;
    };
    input.addEventListener("input", update);
    update();
  }
}

// A game renderer's own stylesheet, linked once however often it asks.
export function useStylesheet(href) {
  if (document.querySelector(`link[href="${href}"]`)) return;
  document.head.append(h("link", { rel: "stylesheet", href }));
}
