// formwork design — a component's `accessibility` attribute (Grammar.md 2.21) as one field per
// member: how assistive technology announces it where the defaults (its title, its role) are
// wrong. Each change is one command; typing in one field is one undo step per visit. A member
// written as an expression, a template or a text of the page's strings is shown, not edited here
// (the Raw panel edits it); so is an `accessibility` written as a whole expression.
import { el } from "/assets/dom.js";
import { edit, pathText } from "./state.js";
import { readAttribute, writeAttribute } from "./attributes.js";
import { problemsAt, problemList } from "./exprfield.js";
import { fieldId } from "./field.js";

// NB: the engine's AccessibilityRole names (what `role` takes); "" keeps the type's own.
const roles = ["", "button", "heading", "text", "image", "textField", "textArea", "switch", "checkbox", "radioGroup",
  "picker", "adjustable", "slider", "group", "list", "status", "alert", "none"];

const members = [
  { name: "label", kind: "text", note: "the name read first, when its title isn't the right one" },
  { name: "hint", kind: "text", note: "what happens when it is used, read after a pause" },
  { name: "value", kind: "text", note: "its value as read, when what it shows isn't" },
  { name: "role", kind: "choice", values: roles, note: "what it is, when its type's role is wrong" },
  { name: "heading", kind: "choice", values: ["", "1", "2", "3", "4", "5", "6"], note: "a heading of this level (1 is the page's title)" },
  { name: "hidden", kind: "bool", note: "skipped by assistive technology, with its children" },
  { name: "group", kind: "bool", note: "read as one element with its children" },
  { name: "decorative", kind: "bool", note: "an image that says nothing: not read" },
];

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/// The fields of the node at `nodePath`'s `accessibility` (`spec` is its attribute spec).
/// Returns { element, update() }.
export function accessibilityFields({ nodePath, spec }) {
  const base = pathText(nodePath);
  const current = () => readAttribute(nodePath, "accessibility", spec);
  const whole = el("p", { class: "field-note" });
  const problems = el("div");
  const sessions = {};

  /// Gives member `name` the literal `value` (undefined removes it; no member left removes the attribute).
  function write(name, value, merge) {
    const attribute = current();
    const next = { ...(attribute.present && isObject(attribute.value) ? attribute.value : {}) };
    if (value === undefined) delete next[name]; else next[name] = value;
    const steps = writeAttribute(nodePath, "accessibility", spec, Object.keys(next).length ? { mode: "literal", value: next } : undefined);
    edit(value === undefined ? `Remove accessibility ${name}` : `Set accessibility ${name}`, steps, undefined, merge ? { merge } : undefined);
  }

  const rows = members.map((member) => {
    const id = fieldId(base, "accessibility", member.name);
    let input;
    if (member.kind === "text") {
      input = el("input", { id, type: "text", autocomplete: "off" });
      input.addEventListener("focus", () => (sessions[member.name] = `${base}.accessibility.${member.name}#${Date.now()}`));
      input.addEventListener("input", () => write(member.name, input.value === "" ? undefined : input.value, sessions[member.name]));
    } else if (member.kind === "choice") {
      input = el("select", { id }, ...member.values.map((value) => el("option", { value, text: value === "" ? "(its type's)" : value })));
      input.addEventListener("change", () => {
        const value = input.value === "" ? undefined : member.name === "heading" ? Number(input.value) : input.value;
        write(member.name, value);
      });
    } else {
      input = el("input", { id, type: "checkbox" });
      input.addEventListener("change", () => write(member.name, input.checked ? true : undefined));
    }
    const written = el("code", { class: "field-note", hidden: true });
    const row = el("div", { class: "field a11y-member", "data-attribute": `accessibility.${member.name}`, "data-attr-path": `${base}.attributes.accessibility.${member.name}` },
      el("div", { class: "field-head" }, el("label", { for: id, text: member.name }), el("span", { class: "field-type", text: member.note })),
      input, written);
    return { member, input, written, row };
  });

  function update() {
    const attribute = current();
    const literal = !attribute.present || attribute.mode === "literal";
    const object = attribute.present && literal && isObject(attribute.value) ? attribute.value : {};
    whole.hidden = literal;
    whole.textContent = literal ? "" : `accessibility is written as ${attribute.mode === "expression" ? "an expression" : "a " + attribute.mode}: ${attribute.value}; edit it in Raw`;
    for (const { member, input, written } of rows) {
      const raw = object[member.name];
      const computed = isObject(raw);
      input.disabled = !literal || computed;
      written.hidden = !computed;
      written.textContent = computed ? `written as ${JSON.stringify(raw)}; edit it in Raw` : "";
      if (document.activeElement === input) continue;
      if (member.kind === "bool") input.checked = raw === true;
      else if (member.kind === "choice") input.value = raw === undefined || computed ? "" : String(raw);
      else input.value = raw === undefined || computed ? "" : String(raw);
    }
    problems.replaceChildren(problemList(problemsAt([...nodePath, "attributes", "accessibility"])));
  }
  update();

  const element = el("section", { class: "attributes accessibility", "aria-labelledby": fieldId(base, "accessibility-title") },
    el("h3", { id: fieldId(base, "accessibility-title"), text: "Accessibility" }),
    el("p", { class: "type-summary", text: "How a screen reader announces it, where its defaults are wrong." }),
    whole, ...rows.map((item) => item.row), problems);
  return { element, update };
}
