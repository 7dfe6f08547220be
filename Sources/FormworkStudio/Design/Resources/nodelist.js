// formwork design — an ordered list of typed nodes with their attribute fields: a component's
// validations, an action's (or the page's) error handlers. Add from the registered types, move up
// and down, remove; each an undoable command.
import { el } from "/assets/dom.js";
import { state, edit, getAt, set, insert, remove, pathText } from "./state.js";
import { typeOf, attributesOf, isHostType } from "./types.js";
import { attributeField, fieldId } from "./field.js";
import { presentNames } from "./attributes.js";
import { dropTarget } from "./dnd.js";

const nouns = { validations: "validation", errorHandlers: "error handler" };

/// The steps that add a node of type `id` at the end of the list at `path` (creating it).
export function addSteps(path, node) {
  const list = getAt(state.doc, path);
  return Array.isArray(list) ? [insert(path, list.length, node)] : [set(path, [node])];
}

/// The steps that move element `index` of the list at `path` by `by` (-1 up, +1 down).
export function moveSteps(path, index, by) {
  const list = getAt(state.doc, path);
  return [remove(path, index), insert(path, index + by, list[index])];
}

/// The steps that remove element `index` (and the list itself when it becomes empty).
export function removeSteps(path, index) {
  const list = getAt(state.doc, path);
  return list.length === 1 ? [set(path, undefined)] : [remove(path, index)];
}

/// A <select> of the registered types of `kind`, the app's own in a group of their own.
export function typeSelect(kind, attributes, prompt) {
  const select = el("select", attributes);
  select.append(el("option", { value: "", text: prompt }));
  const types = ((state.palette && state.palette.registry[kind]) || []).map((type) => type.id);
  const own = types.filter((id) => isHostType(kind, id));
  const builtIn = types.filter((id) => !own.includes(id));
  const group = (label, ids) => {
    const holder = el("optgroup", { label });
    for (const id of ids) {
      const type = typeOf(kind, id);
      holder.append(el("option", { value: id, text: id, title: (type && type.summary) || "" }));
    }
    return holder;
  };
  if (own.length) select.append(group("the app's", own));
  select.append(group("built in", builtIn));
  return select;
}

/// The editor of the list at `path` of nodes of `kind` ("validations" or "errorHandlers").
/// `addId` is the id of its add-select (#add-validation). Returns { element, fields, signature }.
export function nodeList({ path, kind, title, addId }) {
  const noun = nouns[kind] || "node";
  const list = getAt(state.doc, path);
  const items = Array.isArray(list) ? list : [];
  const fields = [];
  const element = el("section", { class: "node-list", "data-list": kind, "data-path": pathText(path) }, el("h3", { text: title }));
  const ol = el("ol", { class: "nodes" });
  items.forEach((node, index) => {
    const nodePath = [...path, index];
    const id = node && typeof node === "object" ? node.id : undefined;
    const type = id ? typeOf(kind, id) : null;
    const name = node && node.use ? `use ${node.use}` : id || "?";
    const head = el("div", { class: "node-head" }, el("strong", { text: name }));
    if (type && type.summary) head.append(el("span", { class: "node-summary", text: type.summary }));
    if (id && !type) head.append(el("span", { class: "unknown", text: `not a registered ${noun}` }));
    const buttons = el("span", { class: "node-buttons" });
    const button = (text, label, disabled, action) => {
      const b = el("button", { type: "button", text, "aria-label": label, title: label, disabled });
      b.addEventListener("click", action);
      buttons.append(b);
    };
    button("↑", `Move ${name} up`, index === 0, () => edit(`Move ${name} up`, moveSteps(path, index, -1)));
    button("↓", `Move ${name} down`, index === items.length - 1, () => edit(`Move ${name} down`, moveSteps(path, index, 1)));
    button("×", `Remove ${name}`, false, () => edit(`Remove ${noun} ${name}`, removeSteps(path, index)));
    head.append(buttons);
    const item = el("li", { class: "node", "data-node": name, "data-index": index }, head);
    if (id) {
      for (const spec of orderedSpecs(kind, id, nodePath)) {
        const field = attributeField({ nodePath, spec });
        fields.push(field);
        item.append(field.element);
      }
    }
    ol.append(item);
  });
  if (items.length) element.append(ol);
  else element.append(el("p", { class: "empty", text: `No ${noun}s.` }));
  // A validation (or handler) dragged from the palette drops in here, where the pointer is.
  dropTarget(element, {
    accepts: (payload) => Boolean(payload) && payload.kind === kind && typeof payload.id === "string",
    items: () => [...ol.querySelectorAll(":scope > li")],
    drop: (payload, index) => edit(`Add ${noun} ${payload.id}`, Array.isArray(getAt(state.doc, path)) ? [insert(path, index, { id: payload.id })] : addSteps(path, { id: payload.id })),
  });
  const select = typeSelect(kind, { id: addId, "data-add": kind }, `Add ${noun}…`);
  const add = () => {
    const id = select.value;
    if (!id) return;
    edit(`Add ${noun} ${id}`, addSteps(path, { id }));
    const again = document.getElementById(addId);
    if (again) again.focus();
  };
  // NB: arrow keys on a closed select change its value (and fire change) in Chrome on Linux and
  // Windows: a choice made with keys is added with Enter, one made with the pointer at once.
  let byKeys = false;
  select.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      byKeys = false;
      return add();
    }
    if (event.key !== "Tab") byKeys = true;
  });
  select.addEventListener("pointerdown", () => (byKeys = false));
  select.addEventListener("change", () => {
    if (!byKeys) add();
  });
  element.append(el("div", { class: "add-row" }, el("label", { for: addId, class: "small", text: `Add ${noun}` }), select));
  return { element, fields, signature: items.map((node) => (node && (node.id || node.use)) || "?").join(",") };
}

/// The attribute specs a node of this type takes, the ones it has set first (in the order written),
/// then those it may take; attributes the type doesn't declare are listed too (as `any`).
export function orderedSpecs(kind, id, nodePath) {
  const specs = attributesOf(kind, id);
  const present = presentNames(nodePath);
  const byName = new Map(specs.map((spec) => [spec.name, spec]));
  const first = present.map((name) => byName.get(name) || { name, type: "any", unknown: true, summary: `not an attribute of ${id}` });
  const rest = specs.filter((spec) => !present.includes(spec.name));
  return [...first, ...rest];
}

export { fieldId };
