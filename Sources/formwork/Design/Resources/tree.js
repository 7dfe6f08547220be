// formwork design — the page's components as a tree (role="tree"), and every command on a
// subtree: add a component of a type, move, copy, paste, duplicate, delete. Keys stay unique in
// the page: a new component gets a suggested key, a pasted one is renamed when its key is taken.
//
// Rows: "Page" (selects []), the page's Interactions / Watchers / On error (select ["interactions"],
// ["watchers"], ["onError"]), then the components; a status shows one row per set of children
// (its `components`, `loading`, `empty`, `error`).
import { state, subscribe, edit, select, set, insert, remove, getAt, pathText, parsePath, samePath, isWithin, clone } from "./state.js";
import { typeOf, attributesOf, holdsChildren } from "./types.js";
import { draggable, dropTarget } from "./dnd.js";
import { el, toast } from "/assets/dom.js";

const root = document.getElementById("tree");

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

// MARK: - Keys

/// Every key written anywhere in the page (components of blocks too), and the members of $data.
function takenKeys() {
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
function renameKeys(component, taken) {
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
  const data = {};
  const value = valueSpec(id);
  if (value) {
    attributes[value.name] = { expr: `$data.${key}` };
    data[key] = emptyValue(value.type, true);
  }
  const component = { id, key };
  if (Object.keys(attributes).length) component.attributes = attributes;
  if (holdsChildren(id) && typeOf("components", id).layout === "container") component.components = [];
  return { component, data };
}

function dataSteps(data) {
  const steps = [];
  const names = Object.keys(data);
  if (!names.length) return steps;
  if (!state.doc.data || typeof state.doc.data !== "object") return [set(["data"], data)];
  for (const name of names) if (!(name in state.doc.data)) steps.push(set(["data", name], data[name]));
  return steps;
}

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

function topPlace(index) {
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

function ownerOf(path) {
  for (let end = path.length - 1; end > 0; end--) {
    const candidate = path.slice(0, end);
    if (typeof candidate[candidate.length - 1] === "number" && isComponentPath(candidate)) return candidate;
  }
  return [];
}

let clipboard = null;

/// Copies the component at `path` (kept in the editor, and as JSON on the system clipboard).
export function copyComponent(path) {
  if (!isComponentPath(path)) return false;
  clipboard = clone(getAt(state.doc, path));
  try { navigator.clipboard && navigator.clipboard.writeText(JSON.stringify(clipboard, null, 2)).catch(() => {}); } catch { /* not allowed here */ }
  toast(`Copied ${clipboard.key || clipboard.id}`);
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

// MARK: - Rows

const pageRows = [
  { label: "Interactions", path: ["interactions"], hint: "loaded, appear, …" },
  { label: "Watchers", path: ["watchers"], hint: "when a value changes" },
  { label: "On error", path: ["onError"], hint: "the page's error handlers" },
];

/// The components whose children are folded away (by path text).
const collapsed = new Set();

/// Unfolds every component holding the selection, so its row shows.
function reveal() {
  const selection = state.selection || [];
  for (const text of [...collapsed]) {
    const path = parsePath(text);
    if (selection.length > path.length && isWithin(selection, path)) collapsed.delete(text);
  }
}

/// Folds or unfolds the children of the component at `path`.
function toggle(path, open) {
  const text = pathText(path);
  if (open === undefined ? collapsed.has(text) : open) collapsed.delete(text); else collapsed.add(text);
  focusAfterRender = root.contains(document.activeElement);
  render();
}

/// The rows of the tree, in order: {kind: "page"|"member"|"component"|"list", path, depth, …}.
function rows() {
  const list = [{ kind: "page", path: [], depth: 0 }];
  for (const row of pageRows) list.push({ kind: "member", depth: 1, ...row });
  const top = { name: "components", path: ["components"], exists: Array.isArray(state.doc.components) };
  const add = (lists, depth, owner, ownerPath) => {
    // A status (several sets) shows a row per set; a section or a list shows its children directly.
    const labelled = lists.length > 1;
    for (const childList of lists) {
      const items = getAt(state.doc, childList.path);
      let childDepth = depth;
      if (labelled) {
        list.push({ kind: "list", path: childList.path, list: childList, owner: ownerPath, depth, label: childList.name === "components" ? `${owner.id === "status" ? "normal" : "children"}` : childList.name, count: Array.isArray(items) ? items.length : 0 });
        childDepth = depth + 1;
      }
      if (!Array.isArray(items)) continue;
      items.forEach((node, index) => {
        const path = [...childList.path, index];
        const lists = childLists(node, path);
        const expandable = lists.length > 1 || lists.some((child) => (getAt(state.doc, child.path) || []).length > 0);
        const expanded = expandable && !collapsed.has(pathText(path));
        list.push({ kind: "component", path, depth: childDepth, node, lists, expandable, expanded });
        if (!expandable || expanded) add(lists, childDepth + 1, node, path);
      });
    }
  };
  add([top], 1, state.doc, []);
  return list;
}

function hintOf(node) {
  const attributes = node.attributes;
  let title = null;
  const pick = (name) => Array.isArray(attributes) ? (attributes.find((attribute) => attribute && attribute.name === name) || {}).value : attributes && attributes[name];
  for (const name of ["title", "text", "header", "alt", "url"]) {
    const value = pick(name);
    if (value === undefined || value === null || value === "") continue;
    if (typeof value === "string") title = value;
    else if (value && typeof value === "object") title = value.template || value.expr || localized(value.text) || (typeof value.value === "string" ? value.value : null);
    if (title) break;
  }
  return title;
}

/// A localized text's words in the language being edited (else its key), for a row's hint.
function localized(text) {
  if (!text) return null;
  const strings = state.doc.strings || {};
  const locale = state.locale || state.doc.defaultLocale || "en";
  if (typeof text === "object") return text[locale] || Object.values(text)[0] || null;
  const entry = (strings[locale] || {})[text] ?? (strings[state.doc.defaultLocale || "en"] || {})[text];
  if (typeof entry === "string") return entry;
  if (entry && typeof entry === "object") return entry.other || Object.values(entry).find((form) => typeof form === "string") || `text: ${text}`;
  return `text: ${text}`;
}

function rowLabel(row) {
  if (row.kind === "page") return el("span", { class: "row-type", text: `Page ${state.doc.page || ""}`.trim() });
  if (row.kind === "member") {
    const value = getAt(state.doc, row.path);
    const count = Array.isArray(value) ? value.length : value && typeof value === "object" ? Object.keys(value).length : 0;
    return el("span", {}, el("span", { class: "row-type", text: row.label }), el("span", { class: "row-hint", text: count ? ` ${count}` : ` — ${row.hint}` }));
  }
  if (row.kind === "list") return el("span", { class: "row-list", text: `${row.label} (${row.count})` });
  const node = row.node || {};
  const known = typeOf("components", node.id);
  const hint = hintOf(node);
  return el("span", { class: "row-text" },
    el("span", { class: "row-type" + (known ? "" : " unknown"), text: node.id || "?" }),
    node.key ? el("span", { class: "row-key", text: node.key }) : null,
    hint ? el("span", { class: "row-hint", text: hint }) : null);
}

function problemCount(path) {
  const text = pathText(path);
  let errors = 0, warnings = 0;
  for (const problem of state.problems || []) {
    const at = problem.path || "";
    const own = at === text || at.startsWith(text + ".attributes") || at.startsWith(text + ".key") || at.startsWith(text + ".id") || at.startsWith(text + ".validations") || at.startsWith(text + ".interactions");
    if (!own) continue;
    if (problem.severity === "error") errors++; else warnings++;
  }
  return { errors, warnings };
}

let currentRows = [];
let focusAfterRender = false;

function render() {
  if (!state.doc) { root.replaceChildren(); return; }
  const hadFocus = root.contains(document.activeElement) || focusAfterRender;
  focusAfterRender = false;
  reveal();
  currentRows = rows();
  const selected = selectedRowIndex();
  const list = el("div", { role: "tree", class: "tree", id: "tree-list", "aria-label": "Components of the page" });
  currentRows.forEach((row, index) => {
    const isSelected = index === selected;
    const item = el("div", {
      role: "treeitem", class: `row row-${row.kind}`, "data-path": pathText(row.path), "data-kind": row.kind,
      "aria-level": row.depth + 1, "aria-selected": isSelected ? "true" : "false", tabindex: isSelected || (selected < 0 && index === 0) ? "0" : "-1",
    }, row.expandable ? twisty(row) : el("span", { class: "twisty" }), rowLabel(row));
    if (row.expandable) item.setAttribute("aria-expanded", String(row.expanded));
    item.style.paddingLeft = 8 + row.depth * 14 + "px";
    if (row.kind === "component") {
      item.dataset.key = row.node.key || "";
      item.dataset.type = row.node.id || "";
      item.dataset.dragLabel = `${row.node.id} ${row.node.key || ""}`;
      const { errors, warnings } = problemCount(row.path);
      if (errors || warnings) item.append(el("span", { class: "row-badge " + (errors ? "error" : "warning"), title: `${errors} errors, ${warnings} warnings`, text: String(errors || warnings) }));
      draggable(item, { move: row.path });
    }
    item.addEventListener("click", () => choose(row));
    if (row.kind === "component") item.addEventListener("contextmenu", (event) => { event.preventDefault(); select(row.path); openMenu(row, event.clientX, event.clientY); });
    list.append(item);
  });
  list.addEventListener("keydown", onKey);
  dropTarget(list, { accepts, drop, place });
  root.replaceChildren(toolbar(), list);
  if (hadFocus) {
    const row = list.querySelector('[tabindex="0"]');
    if (row) row.focus({ preventScroll: false });
  }
  const current = list.querySelector('[aria-selected="true"]');
  if (current) current.scrollIntoView({ block: "nearest" });
}

function twisty(row) {
  const node = el("span", { class: "twisty open-" + row.expanded, "aria-hidden": "true", title: row.expanded ? "Fold" : "Unfold", text: row.expanded ? "▾" : "▸" });
  node.addEventListener("click", (event) => { event.stopPropagation(); toggle(row.path); });
  return node;
}

function toolbar() {
  const button = (id, text, title, action) => {
    const node = el("button", { type: "button", id, class: "tool", text, title });
    node.addEventListener("click", action);
    return node;
  };
  const selection = state.selection;
  const isComponent = selection && isComponentPath(selection);
  const bar = el("div", { class: "tree-tools", role: "toolbar", "aria-label": "Selected component" },
    button("tree-copy", "Copy", "Copy the selected component (Ctrl-C)", () => copyComponent(state.selection)),
    button("tree-paste", "Paste", "Paste after the selection (Ctrl-V)", () => pasteComponent()),
    button("tree-duplicate", "Duplicate", "Duplicate the selected component (Ctrl-D)", () => duplicateComponent(state.selection)),
    button("tree-delete", "Delete", "Delete the selected component and what it holds (Delete)", () => deleteComponent(state.selection)));
  for (const id of ["tree-copy", "tree-duplicate", "tree-delete"]) bar.querySelector("#" + id).disabled = !isComponent;
  bar.querySelector("#tree-paste").disabled = !clipboard;
  return bar;
}

function selectedRowIndex() {
  const selection = state.selection;
  if (selection === null) return -1;
  let index = currentRows.findIndex((row) => row.kind !== "list" && samePath(row.path, selection));
  if (index < 0) {
    // Something inside a row (an action of a component's chain): its nearest row.
    let best = -1;
    currentRows.forEach((row, i) => { if (row.kind !== "list" && isWithin(selection, row.path) && (best < 0 || row.path.length > currentRows[best].path.length)) best = i; });
    index = best;
  }
  return index;
}

function choose(row) {
  focusAfterRender = true;
  select(row.kind === "list" ? row.owner : row.path);
}

function onKey(event) {
  const index = currentRows.findIndex((row, i) => root.querySelectorAll('[role="treeitem"]')[i] === document.activeElement);
  if (index < 0) return;
  const row = currentRows[index];
  let next = null;
  if (event.key === "ArrowDown") next = index + 1;
  else if (event.key === "ArrowUp") next = index - 1;
  else if (event.key === "Home") next = 0;
  else if (event.key === "End") next = currentRows.length - 1;
  else if (event.key === "ArrowRight" && row.expandable && !row.expanded) { event.preventDefault(); return toggle(row.path, true); }
  else if (event.key === "ArrowLeft" && row.expandable && row.expanded) { event.preventDefault(); return toggle(row.path, false); }
  else if (event.key === "ArrowRight") next = index + 1 < currentRows.length && currentRows[index + 1].depth > row.depth ? index + 1 : null;
  else if (event.key === "ArrowLeft") {
    for (let i = index - 1; i >= 0; i--) if (currentRows[i].depth < row.depth) { next = i; break; }
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    return choose(row);
  } else if ((event.key === "F10" && event.shiftKey) || event.key === "ContextMenu") {
    event.preventDefault();
    if (row.kind !== "component") return;
    const box = document.activeElement.getBoundingClientRect();
    return openMenu(row, box.left + 24, box.bottom);
  } else return;
  event.preventDefault();
  event.stopPropagation();
  if (event.altKey && row.kind === "component" && (event.key === "ArrowUp" || event.key === "ArrowDown")) return nudge(row, event.key === "ArrowUp" ? -1 : 1);
  if (next === null || next < 0 || next >= currentRows.length) return;
  const items = root.querySelectorAll('[role="treeitem"]');
  const target = currentRows[next];
  if (target.kind === "list") {
    // A set's row takes focus without changing the selection.
    items.forEach((item) => item.setAttribute("tabindex", "-1"));
    items[next].setAttribute("tabindex", "0");
    items[next].focus();
    return;
  }
  focusAfterRender = true;
  select(target.path);
}

/// Alt-Up / Alt-Down: moves the component one place in its list.
function nudge(row, by) {
  const listPath = row.path.slice(0, -1);
  const index = row.path[row.path.length - 1];
  const list = getAt(state.doc, listPath);
  const to = index + by;
  if (to < 0 || to >= list.length) return;
  focusAfterRender = true;
  moveComponent(row.path, { list: { name: "", path: listPath, exists: true }, index: by > 0 ? to + 1 : to });
}

// MARK: - Context menu

let menu = null;

function closeMenu(refocus) {
  if (!menu) return;
  menu.remove();
  menu = null;
  if (refocus) focusTree();
}

/// The commands on a component's row, as a menu at (x, y) (right click, Shift-F10, the menu key).
function openMenu(row, x, y) {
  closeMenu(false);
  const path = row.path;
  const index = path[path.length - 1];
  const length = (getAt(state.doc, path.slice(0, -1)) || []).length;
  const entries = [
    ["copy", "Copy", "Ctrl-C", () => copyComponent(path), true],
    ["cut", "Cut", "Ctrl-X", () => cutComponent(path), true],
    ["paste", "Paste after", "Ctrl-V", () => pasteComponent(), Boolean(clipboard)],
    ["duplicate", "Duplicate", "Ctrl-D", () => duplicateComponent(path), true],
    ["up", "Move up", "Alt-↑", () => nudge(row, -1), index > 0],
    ["down", "Move down", "Alt-↓", () => nudge(row, 1), index < length - 1],
    ["delete", "Delete", "Delete", () => deleteComponent(path), true],
  ];
  menu = el("div", { class: "menu", role: "menu", id: "tree-menu", "aria-label": `${row.node.id} ${row.node.key || ""}` });
  for (const [id, label, keys, action, enabled] of entries) {
    const item = el("button", { type: "button", role: "menuitem", id: `menu-${id}`, tabindex: "-1", disabled: !enabled }, el("span", { text: label }), el("kbd", { text: keys }));
    item.addEventListener("click", () => { closeMenu(false); focusAfterRender = true; action(); });
    menu.append(item);
  }
  menu.addEventListener("keydown", (event) => {
    const items = [...menu.querySelectorAll("[role=menuitem]:not(:disabled)")];
    const at = items.indexOf(document.activeElement);
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      items[(at + (event.key === "ArrowDown" ? 1 : -1) + items.length) % items.length].focus();
    } else if (event.key === "Escape" || event.key === "Tab") {
      event.preventDefault();
      event.stopPropagation();
      closeMenu(true);
    }
  });
  menu.style.left = Math.min(x, window.innerWidth - 200) + "px";
  menu.style.top = Math.min(y, window.innerHeight - 260) + "px";
  document.body.append(menu);
  const first = menu.querySelector("[role=menuitem]:not(:disabled)");
  if (first) first.focus();
}

document.addEventListener("pointerdown", (event) => { if (menu && !menu.contains(event.target)) closeMenu(false); }, true);

/// Moves keyboard focus to the selected row (Escape, or after a command from the keyboard).
export function focusTree() {
  const row = root.querySelector('[role="treeitem"][tabindex="0"]');
  if (row) row.focus();
}

/// Selects the row `by` rows down (or up) from the selection: arrow keys outside the tree.
export function step(by) {
  const rowsNow = currentRows.filter((row) => row.kind !== "list");
  const at = rowsNow.findIndex((row) => samePath(row.path, state.selection));
  const next = rowsNow[Math.max(0, Math.min(rowsNow.length - 1, at + by))];
  if (next) { focusAfterRender = true; select(next.path); }
}

// MARK: - Dropping

function accepts(payload) {
  return Boolean(payload && (payload.move || payload.kind === "components"));
}

/// Where a drop at (x, y) goes: before or after a row, or inside one that holds children.
function place(payload, x, y) {
  const items = [...root.querySelectorAll('[role="treeitem"]')];
  if (!items.length) return null;
  let index = items.findIndex((item) => y < item.getBoundingClientRect().bottom);
  const box = (item) => item.getBoundingClientRect();
  const lineAt = (item, top, depth) => ({ left: box(item).left + 8 + depth * 14, width: box(item).width - 12 - depth * 14, top });
  if (index < 0) {
    // Below every row: the end of the page.
    const last = items[items.length - 1];
    const at = topPlace(Infinity);
    return { ...at, line: lineAt(last, box(last).bottom, 1) };
  }
  const row = currentRows[index];
  const rect = box(items[index]);
  const part = (y - rect.top) / rect.height;
  if (row.kind === "page" || row.kind === "member") {
    const at = topPlace(0);
    const first = items.find((item, i) => currentRows[i].kind === "component" && currentRows[i].depth === 1);
    return { ...at, line: lineAt(first || items[index], first ? box(first).top : rect.bottom, 1) };
  }
  if (row.kind === "list") {
    const items2 = getAt(state.doc, row.path);
    return { list: row.list, index: Array.isArray(items2) ? items2.length : 0, line: { left: rect.left, width: rect.width, top: rect.top, height: rect.height }, box: true, valid: validInto(payload, row.path) };
  }
  const listPath = row.path.slice(0, -1);
  const position = row.path[row.path.length - 1];
  const holds = holdsChildren(row.node.id) && row.lists.length;
  const parentList = { name: "", path: listPath, exists: true };
  if (holds && part > 0.3 && part < 0.7) {
    const list = row.lists[0];
    const children = getAt(state.doc, list.path);
    if (!validInto(payload, list.path)) return null;
    return { list, index: Array.isArray(children) ? children.length : 0, line: { left: rect.left, width: rect.width, top: rect.top, height: rect.height }, box: true };
  }
  if (!validInto(payload, listPath)) return null;
  if (part < 0.5) return { list: parentList, index: position, line: lineAt(items[index], rect.top, row.depth) };
  return { list: parentList, index: position + 1, line: lineAt(items[index], rect.bottom, row.depth) };
}

function validInto(payload, listPath) {
  return !(payload.move && isWithin(listPath, payload.move));
}

function drop(payload, at) {
  if (at.valid === false) return;
  focusAfterRender = true;
  if (payload.move) moveComponent(payload.move, at);
  else addComponent(payload.id, at);
}

subscribe((reason) => {
  if (["load", "edit", "undo", "redo", "select", "problems", "saved", "locale"].includes(reason)) render();
});
