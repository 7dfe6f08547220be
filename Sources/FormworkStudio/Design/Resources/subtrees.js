// formwork design — the page's components as subtrees, and every command on one: where the
// component lists are (a component's `components`, and its attributes of type `components`), the
// path of a component, and add (a new component of a type), move, copy, cut, paste, duplicate and
// delete, each one undoable command. New components and unique keys are newcomponent.js's; the
// tree that shows these and runs them is tree.js.
import { state, edit, set, insert, remove, getAt, samePath, isWithin, clone, notify } from "./state.js";
import { attributesOf, holdsChildren } from "./types.js";
import { newComponent, takenKeys, renameKeys, dataSteps } from "./newcomponent.js";
import { toast } from "/assets/dom.js";

// MARK: - The page's component lists

/// The lists of child components a component holds: [{name, path, exists}] — its `components`
/// (when its type holds children, or it has some), then each attribute of type `components`.
/// `path` is where the list is; `exists` is false for a list not written yet.
export function childLists(node, path) {
  const lists = [];
  if (!node || typeof node !== "object") return lists;
  if (holdsChildren(node.id) || Array.isArray(node.components)) {
    lists.push({ name: "components", owner: path, path: [...path, "components"], exists: Array.isArray(node.components) });
  }
  for (const spec of attributesOf("components", node.id)) {
    if (spec.type !== "components") continue;
    lists.push({ name: spec.name, owner: path, ...attributeList(node, path, spec.name) });
  }
  return lists;
}

/// Where the list of attribute `name` is, in either form of `attributes` (object, or canonical array).
function attributeList(node, path, name) {
  const attributes = node.attributes;
  if (Array.isArray(attributes)) {
    const index = attributes.findIndex((attribute) => attribute && attribute.name === name);
    if (index >= 0) return { path: [...path, "attributes", index, "value"], exists: Array.isArray(attributes[index].value), canonical: true };
    return { path: [...path, "attributes", name], exists: false, canonical: true };
  }
  const value = attributes && attributes[name];
  return { path: [...path, "attributes", name], exists: Array.isArray(value) };
}

/// What puts `component` at `index` of the list `list` (from childLists), creating the list (or
/// the component's `attributes`) when it isn't there yet: {steps, path} (path: where it lands).
function insertSteps(list, index, component) {
  if (list.exists) return { steps: [insert(list.path, index, component)], path: [...list.path, index] };
  if (list.name === "components" || !list.owner) return { steps: [set(list.path, [component])], path: [...list.path, 0] };
  const node = getAt(state.doc, list.owner);
  if (list.canonical && Array.isArray(node.attributes) && list.path[list.path.length - 1] !== "value") {
    const at = node.attributes.length;
    return {
      steps: [insert([...list.owner, "attributes"], at, { name: list.name, type: "components", mode: "literal", value: [component] })],
      path: [...list.owner, "attributes", at, "value", 0],
    };
  }
  if (!node.attributes || typeof node.attributes !== "object") {
    return { steps: [set([...list.owner, "attributes"], { [list.name]: [component] })], path: [...list.path, 0] };
  }
  return { steps: [set(list.path, [component])], path: [...list.path, 0] };
}

/// Every component of the page with its path, depth-first (including status sets and list rows).
export function walk(visit, lists = [{ name: "components", path: ["components"], exists: Array.isArray(state.doc && state.doc.components) }], depth = 0) {
  for (const list of lists) {
    const items = getAt(state.doc, list.path);
    if (!Array.isArray(items)) continue;
    items.forEach((node, index) => {
      const path = [...list.path, index];
      visit(node, path, depth);
      walk(visit, childLists(node, path), depth + 1);
    });
  }
}

/// The path of the component with `key`, or null.
export function pathOfKey(key) {
  let found = null;
  walk((node, path) => { if (!found && node && node.key === key) found = path; });
  return found;
}

/// True when `path` names a component (an element of a component list).
export function isComponentPath(path) {
  if (!path || path.length < 2 || typeof path[path.length - 1] !== "number") return false;
  let yes = false;
  walk((node, at) => { if (!yes && samePath(at, path)) yes = true; });
  return yes;
}

// MARK: - Where something goes

/// Where something added "at the selection" goes: inside a selected component that holds
/// children (at the end), else after the selected component, else at the end of the page.
export function placeForSelection() {
  const selection = state.selection;
  if (selection && isComponentPath(selection)) {
    const node = getAt(state.doc, selection);
    const lists = childLists(node, selection);
    if (lists.length && holdsChildren(node.id)) {
      const list = lists[0];
      const items = getAt(state.doc, list.path);
      return { list, index: Array.isArray(items) ? items.length : 0 };
    }
    const parentPath = selection.slice(0, -1);
    return { list: { name: "", path: parentPath, exists: true }, index: selection[selection.length - 1] + 1 };
  }
  return topPlace(Infinity);
}

/// The place at `index` of the page's top-level components (clamped to its end).
export function topPlace(index) {
  const items = state.doc.components;
  const exists = Array.isArray(items);
  return { list: { name: "components", path: ["components"], exists }, index: Math.min(index, exists ? items.length : 0) };
}

/// Adds a new component of type `id` at `place` ({list, index}; the selection's place when
/// omitted) as one command, and selects it.
export function addComponent(id, place = placeForSelection()) {
  const { component, data } = newComponent(id);
  const put = insertSteps(place.list, place.index, component);
  edit(`Add ${id}`, [...put.steps, ...dataSteps(data)], put.path);
}

// MARK: - Commands on subtrees

/// A path after element `index` of the list at `listPath` was removed.
function afterRemoval(path, listPath, index) {
  if (path.length > listPath.length && isWithin(path, listPath) && path[listPath.length] > index) {
    const moved = [...path];
    moved[listPath.length] -= 1;
    return moved;
  }
  return path;
}

/// Moves the component at `from` to `place` ({list, index}) as one command.
export function moveComponent(from, place) {
  if (isWithin(place.list.path, from)) return toast("A component can't go inside itself", "note");
  const node = getAt(state.doc, from);
  const fromList = from.slice(0, -1);
  const fromIndex = from[from.length - 1];
  const sameList = samePath(place.list.path, fromList);
  let index = place.index;
  if (sameList && index > fromIndex) index -= 1;
  if (sameList && index === fromIndex) return;
  // Worked out on the document as it is, then its paths moved to where they are once the
  // component is taken out.
  const put = insertSteps(place.list, index, node);
  const steps = put.steps.map((step) => ({ ...step, path: afterRemoval(step.path, fromList, fromIndex) }));
  const path = sameList ? put.path : afterRemoval(put.path, fromList, fromIndex);
  edit(`Move ${node.key || node.id}`, [remove(fromList, fromIndex), ...steps], path);
}

/// Cuts the component at `path`: copies it, then deletes it.
export function cutComponent(path) {
  if (!copyComponent(path)) return false;
  return deleteComponent(path);
}

/// Deletes the component at `path` and what it holds.
export function deleteComponent(path) {
  if (!isComponentPath(path)) return false;
  const node = getAt(state.doc, path);
  const list = getAt(state.doc, path.slice(0, -1));
  const index = path[path.length - 1];
  const next = list.length > 1 ? [...path.slice(0, -1), Math.min(index, list.length - 2)] : ownerOf(path);
  edit(`Delete ${node.key || node.id}`, [remove(path.slice(0, -1), index)], next);
  return true;
}

/// The nearest component holding the one at `path`, or [] (the page).
function ownerOf(path) {
  for (let end = path.length - 1; end > 0; end--) {
    const candidate = path.slice(0, end);
    if (typeof candidate[candidate.length - 1] === "number" && isComponentPath(candidate)) return candidate;
  }
  return [];
}

let clipboard = null;

/// The component copied last (Copy, Cut), or null.
export function copied() {
  return clipboard;
}

/// Copies the component at `path` (kept in the editor, and as JSON on the system clipboard).
export function copyComponent(path) {
  if (!isComponentPath(path)) return false;
  clipboard = clone(getAt(state.doc, path));
  try { navigator.clipboard && navigator.clipboard.writeText(JSON.stringify(clipboard, null, 2)).catch(() => {}); } catch { /* not allowed here */ }
  toast(`Copied ${clipboard.key || clipboard.id}`);
  notify("copied"); // NB: so Paste is offered at once
  return true;
}

/// Puts a copy of `component` at `place`, its keys renamed where taken, as one command.
function pasteAt(component, place, label) {
  const copy = clone(component);
  const data = renameKeys(copy, takenKeys());
  const put = insertSteps(place.list, place.index, copy);
  edit(label, [...put.steps, ...dataSteps(data)], put.path);
}

/// Pastes the copied component after the selection (or inside it, when it holds children).
export function pasteComponent() {
  if (!clipboard) { toast("Nothing copied yet", "note"); return false; }
  pasteAt(clipboard, placeForSelection(), `Paste ${clipboard.key || clipboard.id}`);
  return true;
}

/// Puts a copy of the component at `path` right after it.
export function duplicateComponent(path) {
  if (!isComponentPath(path)) return false;
  const node = getAt(state.doc, path);
  pasteAt(node, { list: { name: "", path: path.slice(0, -1), exists: true }, index: path[path.length - 1] + 1 }, `Duplicate ${node.key || node.id}`);
  return true;
}
