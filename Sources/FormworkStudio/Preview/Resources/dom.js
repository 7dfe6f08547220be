// formwork preview — small DOM helpers shared by the page list and the live page.
/// `el("p", {class: "note", text: "Hi"}, child…)`: an element with attributes and children.
export function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "text") node.textContent = value;
    else if (name === "class") node.className = value;
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

/// A value as text to show: "" for null, JSON for arrays and objects.
export function text(value) {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/// A value as readable, coloured JSON.
export function jsonView(value) {
  const pre = el("pre", { class: "json" });
  const write = (value, indent) => {
    if (value === null) return pre.append(el("span", { class: "b", text: "null" }));
    if (typeof value === "string") return pre.append(el("span", { class: "s", text: JSON.stringify(value) }));
    if (typeof value === "number") return pre.append(el("span", { class: "n", text: String(value) }));
    if (typeof value === "boolean") return pre.append(el("span", { class: "b", text: String(value) }));
    const isArray = Array.isArray(value);
    const entries = isArray ? value.map((item) => [null, item]) : Object.entries(value);
    if (entries.length === 0) return pre.append(isArray ? "[]" : "{}");
    pre.append(isArray ? "[\n" : "{\n");
    entries.forEach(([key, item], index) => {
      pre.append("  ".repeat(indent + 1));
      if (key !== null) pre.append(el("span", { class: "k", text: JSON.stringify(key) }), ": ");
      write(item, indent + 1);
      pre.append(index < entries.length - 1 ? ",\n" : "\n");
    });
    pre.append("  ".repeat(indent) + (isArray ? "]" : "}"));
  };
  write(value, 0);
  return pre;
}

/// A short message at the bottom of the screen that goes away by itself. `drawnOnly`: a page's
/// toast, which the engine announces itself (announcer.js), so screen readers don't read it twice.
export function toast(message, kind, drawnOnly) {
  const item = el("div", { class: "toast" + (kind ? " " + kind : ""), role: drawnOnly ? null : "status", "aria-hidden": drawnOnly ? "true" : null, text: message });
  const toasts = document.getElementById("toasts");
  // NB: the same toast again replaces the one showing (with a fresh time), instead of stacking;
  // where toasts come one at a time (`data-one`, the editor's: undo, redo, saved), any new one does.
  for (const shown of [...toasts.children]) if (toasts.dataset.one !== undefined || (shown.textContent === message && shown.className === item.className)) shown.remove();
  toasts.append(item);
  setTimeout(() => item.remove(), 3200);
}
