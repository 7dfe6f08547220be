// formwork design — #tree: the page's components as a tree (role="tree"), and the ways to work
// on it: a toolbar (Copy, Paste, Duplicate, Delete), the keyboard (arrows move and fold, Alt-Up /
// Alt-Down move a component, Shift-F10 opens its menu), a context menu (treemenu.js), and drops:
// a component dragged in the tree, or a type from the palette, goes before or after a row or into
// one that holds children. Which rows show and what they say is treerows.js's; the commands on
// subtrees are subtrees.js's.
import { state, subscribe, select, getAt, pathText, samePath, isWithin } from "./state.js";
import { holdsChildren } from "./types.js";
import { draggable, dropTarget } from "./dnd.js";
import { isComponentPath, topPlace, addComponent, moveComponent, copyComponent, pasteComponent, duplicateComponent, deleteComponent, copied } from "./subtrees.js";
import { reveal, fold, rows, rowLabel, problemCount } from "./treerows.js";
import { openMenu } from "./treemenu.js";
import { el } from "/assets/dom.js";

const root = document.getElementById("tree");

// MARK: - Rows

let currentRows = [];
let focusAfterRender = false;

/// Draws the toolbar and the rows, keeping the keyboard focus in the tree when it was there.
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
    if (row.kind === "component") item.addEventListener("contextmenu", (event) => { event.preventDefault(); select(row.path); openMenu(row, event.clientX, event.clientY, lent); });
    list.append(item);
  });
  list.addEventListener("keydown", onKey);
  dropTarget(list, { accepts, drop, place });
  if (!currentRows.some((row) => row.kind === "component")) {
    // NB: inside the list, so the hint is a place to drop on too.
    list.append(el("p", { class: "empty", role: "presentation", text: "No components yet. Drag one here from the palette, or focus it there and press Enter." }));
  }
  root.replaceChildren(toolbar(), list);
  if (hadFocus) {
    const row = list.querySelector('[tabindex="0"]');
    if (row) row.focus({ preventScroll: false });
  }
  const current = list.querySelector('[aria-selected="true"]');
  if (current) current.scrollIntoView({ block: "nearest" });
}

/// Folds or unfolds the children of the component at `path`.
function toggle(path, open) {
  fold(path, open);
  focusAfterRender = root.contains(document.activeElement);
  render();
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
  bar.querySelector("#tree-paste").disabled = !copied();
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

// MARK: - Keyboard

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
    return openMenu(row, box.left + 24, box.bottom, lent);
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

/// What the context menu (treemenu.js) may do to the tree.
const lent = { nudge, willRun: () => { focusAfterRender = true; }, focus: focusTree };

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
  if (["load", "edit", "undo", "redo", "select", "problems", "saved", "locale", "copied"].includes(reason)) render();
});
