// formwork design — a chain as a list: its actions (or error handlers) in order, each a row
// (choose it to edit it, move it up or down, remove it, drag it) with its own nested chains (an
// `if`'s then and else, an `all`'s chains, a `run` handler's actions, an action's onError), and
// an add field that takes a registered id or `use NAME`; actions dragged from the palette or from
// another chain drop into it. Also which node's chains a selection shows (chainOwner). Used by
// the #chains panel (chains.js, pagechains.js).
import { el } from "/assets/dom.js";
import { state, edit, select, getAt, insert, remove, pathText, samePath, isWithin } from "./state.js";
import { typeOf } from "./types.js";
import { walk, readAttribute, writeAttribute } from "./attributes.js";
import { problemsAt } from "./exprfield.js";
import { datalist } from "./suggest.js";
import { fieldId } from "./field.js";
import { draggable, dropTarget } from "./dnd.js";

/// The path of the node whose chains the panel shows for `selection`: the nearest component
/// holding it, or [] for the page.
export function chainOwner(selection) {
  if (!selection || !state.doc) return null;
  for (let length = selection.length; length > 0; length -= 1) {
    const prefix = selection.slice(0, length);
    const found = walk(prefix);
    if (found.kind === "components" && found.node && typeof found.node === "object") return prefix;
  }
  return [];
}

/// The ids registered for `kind` (actions, errorHandlers).
function typeIds(kind) {
  return ((state.palette && state.palette.registry[kind]) || []).map((type) => type.id);
}

/// What an add field of a chain of `kind` takes: the registered ids, and `use NAME` for each of
/// the page's named chains (actions) or named handler lists (error handlers), Grammar.md 2.15.
export function addable(kind) {
  const named = Object.keys((state.doc && state.doc[kind === "errorHandlers" ? "handlers" : "chains"]) || {});
  return [...typeIds(kind), ...named.map((name) => `use ${name}`)];
}

/// The node an add field's text stands for: {id} or {use}.
function nodeFor(text) {
  return text.startsWith("use ") ? { use: text.slice(4).trim() } : { id: text };
}

/// A short description of a node's attributes: `PUT /api/dish/${…}`.
function detail(kind, node) {
  if (!node || typeof node !== "object" || !node.id) return "";
  const type = typeOf(kind, node.id);
  const parts = [];
  for (const spec of (type && type.attributes) || []) {
    if (["actions", "chains", "components"].includes(spec.type)) continue;
    const value = readAttribute(pathOf(node), spec.name, spec);
    if (!value.present) continue;
    const shown = value.mode === "literal" ? (typeof value.value === "string" ? value.value : JSON.stringify(value.value)) : value.mode === "text" ? `text ${JSON.stringify(value.value)}` : String(value.value);
    parts.push(shown.length > 40 ? shown.slice(0, 39) + "…" : shown);
    if (parts.length === 2) break;
  }
  return parts.join(" · ");
}

let pathsByNode = new WeakMap();
const pathOf = (node) => pathsByNode.get(node) || [];

/// Forgets where the nodes drawn last were (the panel draws again).
export function forgetPaths() {
  pathsByNode = new WeakMap();
}

/// Where the actions of chain attribute `spec` of the action at `path` are, and how to add to them.
function attributeChain(path, spec) {
  const current = readAttribute(path, spec.name, spec);
  const valuePath = current.form === "canonical" ? [...current.path, "value"] : current.path;
  const list = current.present ? getAt(state.doc, valuePath) : undefined;
  return {
    path: valuePath,
    list: Array.isArray(list) ? list : [],
    add: (node) => (Array.isArray(list) ? [insert(valuePath, list.length, node)] : writeAttribute(path, spec.name, spec, { mode: "literal", value: [node] })),
  };
}

/// One chain: its actions (or error handlers), each with its nested chains, and an add control.
/// `list` is what is at `path` (or [] when nothing is written there yet); `add(node)` is the steps
/// that add a node at its end (creating the list or its owner when needed); `warning` shows above it.
export function chainBlock(name, path, list, add, warning, kind = "actions", title = name) {
  const noun = kind === "errorHandlers" ? "handler" : "action";
  const block = el("div", { class: "chain-block", "data-chain-block": name });
  block.append(el("div", { class: "chain-title" }, el("span", { text: title }), el("span", { class: "chain-count", text: list.length ? `${list.length} ${noun}${list.length > 1 ? "s" : ""}` : "" })));
  if (warning) block.append(el("p", { class: "field-note error", text: warning }));
  const ol = el("ol", { class: "chain", "data-chain": name, "data-chain-path": pathText(path), "aria-label": `${title}: ${noun}s in order` });
  list.forEach((node, index) => ol.append(actionItem(node, [...path, index], path, index, list.length, kind)));
  block.append(ol);
  // Actions dragged from the palette, or from another place in a chain, drop in here.
  dropTarget(ol, {
    accepts: (payload) => Boolean(payload) && ((payload.kind === kind && typeof payload.id === "string") || (payload.moveNode && payload.moveKind === kind && !isWithin(path, payload.moveNode))),
    items: () => [...ol.querySelectorAll(":scope > li")],
    drop: (payload, index) => {
      const there = Array.isArray(getAt(state.doc, path));
      const insertSteps = (node) => (there ? [insert(path, index, node)] : add(node));
      if (payload.kind) return edit(`Add ${noun} ${payload.id}`, insertSteps({ id: payload.id }), [...path, there ? index : 0]);
      moveNode(payload.moveNode, path, there ? index : 0, insertSteps);
    },
  });
  const addId = `add-action-${fieldId(pathText(path))}`;
  const listId = kind === "errorHandlers" ? datalist("handler-ids", addable("errorHandlers")) : "action-ids";
  const input = el("input", { id: addId, type: "text", list: listId, placeholder: `add ${noun}: type to search`, autocomplete: "off", spellcheck: "false", [kind === "errorHandlers" ? "data-add-handler" : "data-add-action"]: name });
  const commit = () => {
    const id = input.value.trim();
    if (!addable(kind).includes(id)) {
      input.setAttribute("aria-invalid", "true");
      return;
    }
    input.value = "";
    edit(`Add ${noun} ${id}`, add(nodeFor(id)), [...path, list.length]);
    const again = document.getElementById(addId);
    if (again) again.focus();
  };
  // A pick from the list adds at once; a typed id is added with Enter (leaving the field adds nothing).
  const picked = () => document.activeElement === input && addable(kind).includes(input.value.trim()) && commit();
  input.addEventListener("change", picked);
  input.addEventListener("input", (event) => {
    input.removeAttribute("aria-invalid");
    if (event.inputType === "insertReplacementText" || event.inputType === undefined) picked();
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      commit();
    }
  });
  block.append(el("div", { class: "add-row" }, el("label", { for: addId, class: "small", text: `Add ${noun}` }), input));
  return block;
}

/// One action (or handler) of a chain, at `index` of the `count` in the list at `listPath`: its
/// row (name, detail, buttons; draggable), then its nested chains.
function actionItem(node, path, listPath, index, count, kind) {
  pathsByNode.set(node, path);
  const id = node && typeof node === "object" ? node.id || (node.use ? `use ${node.use}` : "?") : "?";
  const selected = samePath(state.selection, path);
  const item = el("li", { class: "action" + (selected ? " selected" : ""), "data-action": id, "data-path": pathText(path) });
  if (problemsAt(path).some((problem) => problem.severity === "error")) item.classList.add("has-problem");
  const name = el("button", { type: "button", class: "action-name", text: id, "aria-pressed": String(selected), title: `Edit ${id}`, id: fieldId("action", pathText(path)) });
  name.addEventListener("click", () => select(path));
  const move = (by) => {
    const target = index + by;
    if (target < 0 || target >= count) return;
    const moved = [...listPath, target];
    edit(`Move ${id} ${by < 0 ? "up" : "down"}`, [remove(listPath, index), insert(listPath, target, node)], isWithin(state.selection || [], path) ? moved : undefined);
    const again = document.getElementById(fieldId("action", pathText(moved)));
    if (again) again.focus();
  };
  name.addEventListener("keydown", (event) => {
    if (event.altKey && event.key === "ArrowUp") (event.preventDefault(), move(-1));
    else if (event.altKey && event.key === "ArrowDown") (event.preventDefault(), move(1));
    else if (event.key === "Delete") (event.preventDefault(), removeIt());
  });
  const removeIt = () => edit(`Remove ${id}`, [remove(listPath, index)], isWithin(state.selection || [], path) ? chainOwner(path) : undefined);
  const buttons = el("span", { class: "node-buttons" });
  const button = (text, label, disabled, action) => {
    const b = el("button", { type: "button", text, title: label, "aria-label": label, disabled });
    b.addEventListener("click", action);
    buttons.append(b);
  };
  button("↑", `Move ${id} up`, index === 0, () => move(-1));
  button("↓", `Move ${id} down`, index === count - 1, () => move(1));
  button("×", `Remove ${id}`, false, removeIt);
  const row = el("div", { class: "action-row", "data-drag-label": id }, name, el("span", { class: "action-detail", text: detail(kind, node) }), buttons);
  draggable(row, () => ({ moveNode: path, moveKind: kind }));
  item.append(row);
  if (!node || typeof node !== "object" || !node.id) return item;
  const type = typeOf(kind, node.id);
  for (const spec of (type && type.attributes) || []) {
    if (spec.type === "actions") {
      const chain = attributeChain(path, spec);
      item.append(el("div", { class: "nested", "data-nested": spec.name }, chainBlock(spec.name, chain.path, chain.list, chain.add, null, "actions", `${spec.name}`)));
    } else if (spec.type === "chains") {
      const chain = attributeChain(path, spec);
      const nested = el("div", { class: "nested", "data-nested": spec.name });
      chain.list.forEach((inner, j) => {
        const innerPath = [...chain.path, j];
        const innerList = Array.isArray(inner) ? inner : [];
        nested.append(chainBlock(`${spec.name}[${j}]`, innerPath, innerList, (action) => [insert(innerPath, innerList.length, action)], null, "actions", `${spec.name}[${j}]`));
      });
      const more = el("button", { type: "button", text: `Add a chain to ${spec.name}`, "data-add-chain": pathText(path) });
      more.addEventListener("click", () => edit(`Add a chain to ${node.id}`, chain.add([])));
      nested.append(more);
      item.append(nested);
    }
  }
  if (kind === "actions" && Array.isArray(node.onError) && node.onError.length) {
    const handlersPath = [...path, "onError"];
    item.append(el("div", { class: "nested on-error", "data-nested": "onError" },
      chainBlock("onError", handlersPath, node.onError, (handler) => [insert(handlersPath, node.onError.length, handler)], null, "errorHandlers", "onError")));
  }
  return item;
}

/// Moves the node at `from` into the list at `to`, before `index` (`insertSteps` writes it
/// there, creating the list if needed): one command, the selection following the node.
function moveNode(from, to, index, insertSteps) {
  const sourceList = from.slice(0, -1);
  const at = from[from.length - 1];
  if (samePath(sourceList, to) && (index === at || index === at + 1)) return;
  const node = getAt(state.doc, from);
  // The insert goes first; the removal then finds the node one further when it was after it.
  const source = [...from];
  if (isWithin(source, to) && source[to.length] >= index) source[to.length] += 1;
  const steps = [...insertSteps(node), remove(source.slice(0, -1), source[source.length - 1])];
  // Where the node ends up once it is removed from where it was.
  const target = [...to, index];
  if (isWithin(target, sourceList) && target[sourceList.length] > at) target[sourceList.length] -= 1;
  const selected = state.selection && isWithin(state.selection, from) ? [...target, ...state.selection.slice(from.length)] : undefined;
  edit(`Move ${node && node.id ? node.id : "action"}`, steps, selected);
}
