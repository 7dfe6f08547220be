// formwork design — the condition builder: a bool attribute written as an expression (`hidden`,
// `enabled`, a validation's `when`…) can be built from a field of the page's data, a comparison
// and a value, for the common cases. It writes the expression a person would type
// (`!$data.contact`, `$data.age >= 18`, `isEmpty($data.email)`) and reads such an expression back
// into its controls; any other expression stays as typed and the builder says it can't show it.
import { el } from "/assets/dom.js";
import { state } from "./state.js";

/// The comparisons, in the menu's order: value of the <option>, its words, whether it takes a value.
export const comparisons = [
  { op: "on", text: "is on", value: false },
  { op: "off", text: "is off", value: false },
  { op: "empty", text: "is empty", value: false },
  { op: "notEmpty", text: "is not empty", value: false },
  { op: "==", text: "= equal to", value: true },
  { op: "!=", text: "≠ not equal to", value: true },
  { op: "<", text: "< less than", value: true },
  { op: "<=", text: "≤ at most", value: true },
  { op: ">", text: "> more than", value: true },
  { op: ">=", text: "≥ at least", value: true },
];

const path = String.raw`\$(?:data|global|param|computed)(?:\.[A-Za-z_][A-Za-z0-9_]*|\[\d+\])*`;
const literal = String.raw`-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null|'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"`;
const patterns = [
  [new RegExp(`^!\\s*isEmpty\\(\\s*(${path})\\s*\\)$`), "notEmpty"],
  [new RegExp(`^isEmpty\\(\\s*(${path})\\s*\\)$`), "empty"],
  [new RegExp(`^!\\s*(${path})$`), "off"],
  [new RegExp(`^(${path})$`), "on"],
];
const comparison = new RegExp(`^(${path})\\s*(==|!=|<=|>=|<|>)\\s*(${literal})$`);

/// The builder's reading of `source`: { path, op, value } (value: the text shown in the value
/// box), or null when the builder can't show it. An empty source is { path: "", op: "on" }.
export function parseCondition(source) {
  const text = String(source ?? "").trim();
  if (text === "") return { path: "", op: "on", value: "" };
  for (const [pattern, op] of patterns) {
    const match = pattern.exec(text);
    if (match) return { path: match[1], op, value: "" };
  }
  const match = comparison.exec(text);
  if (!match) return null;
  return { path: match[1], op: match[2], value: shownValue(match[3]) };
}

/// The expression for { path, op, value }: what a person would type; "" without a path.
export function writeCondition({ path: field, op, value }) {
  if (!field) return "";
  switch (op) {
    case "on": return field;
    case "off": return `!${field}`;
    case "empty": return `isEmpty(${field})`;
    case "notEmpty": return `!isEmpty(${field})`;
    default: return `${field} ${op} ${valueSource(value)}`;
  }
}

/// A value typed in the value box as the expression's literal: numbers, true, false and null
/// as they are, text in single quotes.
function valueSource(text) {
  const value = String(text ?? "").trim();
  if (/^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)$/.test(value)) return value;
  return "'" + value.replace(/\\/g, "\\\\").replace(/'/g, "\\'") + "'";
}

/// A literal of the expression as the value box shows it (text without its quotes).
function shownValue(source) {
  if (source.startsWith("'")) return source.slice(1, -1).replace(/\\(.)/g, "$1");
  if (source.startsWith('"')) {
    try { return JSON.parse(source); } catch { return source; }
  }
  return source;
}

/// The page's data paths, for the field menu: `$data.a`, `$data.a.b`… (objects are opened,
/// arrays and scalars are leaves).
export function dataPaths(doc = state.doc) {
  const paths = [];
  const visit = (value, at) => {
    if (!value || typeof value !== "object" || Array.isArray(value)) return;
    for (const [name, item] of Object.entries(value)) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) continue;
      paths.push(`${at}.${name}`);
      visit(item, `${at}.${name}`);
    }
  };
  visit(doc && doc.data, "$data");
  return paths;
}

/// The builder under a bool attribute's expression input. `options`: { id, name (the
/// attribute, for the controls' names), source, onWrite(expression) }. Returns { element,
/// setValue(source) }: setValue shows an expression typed elsewhere (or undone) in the controls.
export function conditionBuilder({ id, name, source, onWrite }) {
  const field = el("select", { id: `${id}-cond-path`, "aria-label": `${name}: field`, "data-condition": "path" });
  const op = el("select", { id: `${id}-cond-op`, "aria-label": `${name}: comparison`, "data-condition": "op" },
    ...comparisons.map((item) => el("option", { value: item.op, text: item.text })));
  const value = el("input", { id: `${id}-cond-value`, type: "text", autocomplete: "off", spellcheck: "false", "aria-label": `${name}: value`, "data-condition": "value", placeholder: "18" });
  const note = el("p", { class: "field-note condition-note", "data-condition": "note", hidden: true });
  const element = el("fieldset", { class: "condition-builder", "data-condition-builder": "" },
    el("legend", { text: "Build the condition" }), field, op, value, note);

  const fill = (paths, chosen) => {
    const list = [...new Set([...paths, ...(chosen ? [chosen] : [])])];
    field.replaceChildren(el("option", { value: "", text: "choose a field…" }), ...list.map((item) => el("option", { value: item, text: item })));
    field.value = chosen || "";
  };

  function setValue(text) {
    if (element.contains(document.activeElement)) return;
    const reading = parseCondition(text);
    element.dataset.reads = reading ? "yes" : "no";
    note.hidden = Boolean(reading);
    note.textContent = reading ? "" : "This expression is more than the builder shows: edit it as text above, or choose a field to replace it.";
    fill(dataPaths(), reading ? reading.path : "");
    op.value = reading ? reading.op : "on";
    value.value = reading ? reading.value : "";
    value.hidden = !(comparisons.find((item) => item.op === op.value) || {}).value;
  }

  function changed() {
    value.hidden = !(comparisons.find((item) => item.op === op.value) || {}).value;
    if (!field.value) return;
    note.hidden = true;
    element.dataset.reads = "yes";
    onWrite(writeCondition({ path: field.value, op: op.value, value: value.value }));
  }
  field.addEventListener("change", changed);
  op.addEventListener("change", changed);
  value.addEventListener("input", changed);

  setValue(source);
  return { element, setValue };
}
