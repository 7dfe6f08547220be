// formwork design — a new component, and keys kept unique. A new component of a type gets a
// suggested key (textField1, textField2, …), its required attributes, a title when it is an input
// or a button ("Text field"), and, for an input, its value bound to `$data.KEY` with that member
// created; a pasted or duplicated subtree has its taken
// keys renamed (and such a binding moved with them). Used by the commands in subtrees.js.
import { state, set, clone } from "./state.js";
import { typeOf, attributesOf, holdsChildren, isHostType } from "./types.js";

// MARK: - Keys

/// Every key written anywhere in the page (components of blocks too), and the members of $data.
export function takenKeys() {
  const keys = new Set();
  const visit = (value) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== "object") return;
    if (typeof value.key === "string" && typeof value.id === "string") keys.add(value.key);
    Object.values(value).forEach(visit);
  };
  visit(state.doc);
  return keys;
}

/// A key for a new component of type `id` not taken in `taken`: textField1, textField2, …
function suggestKey(id, taken, base) {
  const stem = base || String(id).split("/").pop().replace(/[-_.\s]+(\w)/g, (_, letter) => letter.toUpperCase()).replace(/^\w/, (letter) => letter.toLowerCase()).replace(/[^A-Za-z0-9]/g, "") || "component";
  const data = (state.doc && state.doc.data) || {};
  for (let n = 1; ; n++) {
    const key = `${stem}${n}`;
    if (!taken.has(key) && !(key in data)) return key;
  }
}

/// Renames the keys of a copied subtree that are taken (in the page or earlier in the copy), and
/// moves an input bound to `$data.OLDKEY` to `$data.NEWKEY`; returns the data members to create.
export function renameKeys(component, taken) {
  const created = {};
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== "object") return;
    if (typeof node.id === "string" && typeof node.key === "string") {
      if (taken.has(node.key)) {
        const old = node.key;
        node.key = suggestKey(node.id, taken, old.replace(/\d+$/, ""));
        const spec = valueSpec(node.id);
        const attributes = node.attributes;
        if (spec && attributes && !Array.isArray(attributes) && attributes[spec.name] && attributes[spec.name].expr === `$data.${old}`) {
          attributes[spec.name] = { expr: `$data.${node.key}` };
          const data = (state.doc && state.doc.data) || {};
          created[node.key] = clone(old in data ? data[old] : emptyValue(spec.type, true));
        }
      }
      taken.add(node.key);
    }
    Object.values(node).forEach(visit);
  };
  visit(component);
  return created;
}

// MARK: - New components

/// An empty value of attribute type `type` (a number in $data starts as null, not 0).
function emptyValue(type, forData) {
  switch (type) {
    case "string": return "";
    case "int": return 0;
    case "number": return forData ? null : 0;
    case "bool": return false;
    case "array": case "actions": case "chains": case "components": return [];
    case "object": return {};
    default: return null;
  }
}

/// The two-way value attribute of an input type (its `valueAttribute`, or its one twoWay attribute).
function valueSpec(id) {
  const type = typeOf("components", id);
  if (!type) return null;
  const attributes = type.attributes || [];
  return attributes.find((spec) => spec.name === type.valueAttribute) || attributes.find((spec) => spec.twoWay) || null;
}

/// A type's id in words, for a new component's title: text-field → "Text field".
function inWords(id) {
  const words = String(id).split("/").pop().replace(/[-_.]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().trim();
  return words ? words[0].toUpperCase() + words.slice(1) : "Untitled";
}

/// The attributes a new radio, segmented choice or checkboxes starts with.
const choiceStarters = {
  radio: { options: ["Option 1", "Option 2"] },
  segmented: { options: ["Option 1", "Option 2"] },
  checkboxes: { options: ["Option 1", "Option 2", "Option 3"] },
};

/// A new component of type `id` with a unique key, its required attributes (empty literals) and,
/// for an input, its value bound to `$data.KEY`: returns {component, data: {KEY: value}}.
export function newComponent(id) {
  const key = suggestKey(id, takenKeys());
  const attributes = {};
  for (const spec of attributesOf("components", id)) {
    if (!spec.required) continue;
    // Its default, else the first of its allowed values, else an empty literal of its type.
    attributes[spec.name] = spec.default !== undefined ? clone(spec.default) : Array.isArray(spec.values) && spec.values.length ? spec.values[0] : emptyValue(spec.type);
  }
  // The engine's choice inputs come with two options to rename, so they show something at once.
  if (choiceStarters[id] && !isHostType("components", id)) Object.assign(attributes, clone(choiceStarters[id]));
  const data = {};
  const value = valueSpec(id);
  if (value) {
    attributes[value.name] = { expr: `$data.${key}` };
    data[key] = emptyValue(value.type, true);
  }
  // An input or a button is named from the start, its type in words ("Text field") for the author
  // to rename: a screen reader reads the title, and `check` reports a control without a name.
  const tappable = (typeOf("components", id).events || []).includes("onTap");
  const titled = attributesOf("components", id).some((spec) => spec.name === "title" && spec.type === "string");
  if (titled && (value || tappable) && !("title" in attributes)) attributes.title = inWords(id);
  const component = { id, key };
  if (Object.keys(attributes).length) component.attributes = attributes;
  if (holdsChildren(id) && typeOf("components", id).layout === "container") component.components = [];
  return { component, data };
}

/// The steps that create the members of `data` (from newComponent or renameKeys) not in $data yet.
export function dataSteps(data) {
  const steps = [];
  const names = Object.keys(data);
  if (!names.length) return steps;
  if (!state.doc.data || typeof state.doc.data !== "object") return [set(["data"], data)];
  for (const name of names) if (!(name in state.doc.data)) steps.push(set(["data", name], data[name]));
  return steps;
}
