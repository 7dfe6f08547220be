// formwork design — #chains: what runs when. For a selected component, each event its type fires
// as an ordered chain of actions; for the page, its interactions (loaded, appear, disappear and
// named ones like onSave), its watchers and its onError handlers. Nested chains (an `if`'s then
// and else, an `all`'s chains, a `run` handler's actions, an action's onError) are nested lists.
// Choosing an action selects it, so #properties shows its attributes.
import { el } from "/assets/dom.js";
import { state, subscribe, edit, select, getAt, set, insert, remove, pathText, parsePath, samePath, isWithin } from "./state.js";
import { typeOf, eventsOf } from "./types.js";
import { walk, readAttribute, writeAttribute } from "./attributes.js";
import { expressionInput, problemsAt } from "./exprfield.js";
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

function typeIds(kind) {
  return ((state.palette && state.palette.registry[kind]) || []).map((type) => type.id);
}

/// What an add field of a chain of `kind` takes: the registered ids, and `use NAME` for each of
/// the page's named chains (actions) or named handler lists (error handlers), Grammar.md 2.15.
function addable(kind) {
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

/// Draws the chains of the selection's owner into `root` (#chains) and keeps them current.
export function mountChains(root = document.getElementById("chains")) {
  let drawn = null;
  let watcherFields = [];

  const signature = () => {
    const owner = chainOwner(state.selection);
    if (owner === null || !state.palette) return "none";
    const node = owner.length ? getAt(state.doc, owner) : state.doc;
    const skeleton = owner.length ? { id: node && node.id, interactions: node && node.interactions } : { interactions: state.doc.interactions, chains: state.doc.chains, handlers: state.doc.handlers, whileRunning: state.doc.whileRunning, watchers: (state.doc.watchers || []).map((w) => ({ ...w, on: w.on !== undefined, when: w.when !== undefined })), onError: state.doc.onError };
    return JSON.stringify([pathText(owner), skeleton]);
  };

  function draw() {
    const focused = root.contains(document.activeElement) ? document.activeElement.id : null;
    pathsByNode = new WeakMap();
    watcherFields = [];
    root.replaceChildren();
    drawn = signature();
    const owner = chainOwner(state.selection);
    if (drawn === "none") {
      root.hidden = true;
      return;
    }
    root.hidden = false;
    datalist("action-ids", addable("actions"));
    if (owner.length) drawComponent(owner);
    else drawPage();
    if (focused) {
      const again = document.getElementById(focused);
      if (again) again.focus();
    }
  }

  function drawComponent(owner) {
    const node = getAt(state.doc, owner);
    root.append(el("h3", { text: `Interactions of ${node.key || node.id}` }));
    const events = [...eventsOf(node.id)];
    for (const name of Object.keys(node.interactions || {})) if (!events.includes(name)) events.push(name);
    if (events.length === 0) root.append(el("p", { class: "empty", text: `${node.id} fires no events.` }));
    for (const event of events) {
      const path = [...owner, "interactions", event];
      const list = getAt(state.doc, path);
      const known = eventsOf(node.id).includes(event);
      root.append(chainBlock(event, path, Array.isArray(list) ? list : [], (action) => {
        if (!node.interactions || typeof node.interactions !== "object") return [set([...owner, "interactions"], { [event]: [action] })];
        if (!Array.isArray(list)) return [set(path, [action])];
        return [insert(path, list.length, action)];
      }, known ? null : `${node.id} has no event '${event}'`));
    }
  }

  function drawPage() {
    const doc = state.doc;
    root.append(el("h3", { id: "chains-interactions", text: "Page interactions" }));
    const names = [...((state.palette && state.palette.interactions) || ["loaded", "appear", "disappear"])];
    for (const name of Object.keys(doc.interactions || {})) if (!names.includes(name)) names.push(name);
    for (const name of names) {
      const path = ["interactions", name];
      const list = getAt(doc, path);
      const block = chainBlock(name, path, Array.isArray(list) ? list : [], (action) => {
        if (!doc.interactions || typeof doc.interactions !== "object") return [set(["interactions"], { [name]: [action] })];
        if (!Array.isArray(list)) return [set(path, [action])];
        return [insert(path, list.length, action)];
      });
      if (list !== undefined) {
        const drop = el("button", { type: "button", class: "remove-chain", text: "×", title: `Remove the interaction ${name}`, "aria-label": `Remove the interaction ${name}`, "data-remove-interaction": name });
        drop.addEventListener("click", () => {
          const only = Object.keys(doc.interactions).length === 1;
          edit(`Remove interaction ${name}`, [only ? set(["interactions"], undefined) : set(path, undefined)], isWithin(state.selection || [], path) ? [] : undefined);
        });
        // What a second run does while this one runs (Grammar.md 2.11): refuse (the default) or queue.
        const whileRunning = doc.whileRunning && typeof doc.whileRunning === "object" ? doc.whileRunning : {};
        const runs = el("select", { id: fieldId("whileRunning", name), class: "while-running", "aria-label": `${name}: a second run while it runs`, "data-while-running": name, title: "a second run while this one runs" });
        runs.append(el("option", { value: "refuse", text: "refuse 2nd run" }), el("option", { value: "queue", text: "queue 2nd run" }));
        runs.value = whileRunning[name] === "queue" ? "queue" : "refuse";
        runs.addEventListener("change", () => {
          const value = runs.value === "queue" ? "queue" : undefined;
          const rest = Object.keys(whileRunning).filter((key) => key !== name);
          const steps = !doc.whileRunning || typeof doc.whileRunning !== "object" ? (value ? [set(["whileRunning"], { [name]: value })] : [])
            : value === undefined && rest.length === 0 ? [set(["whileRunning"], undefined)] : [set(["whileRunning", name], value)];
          if (steps.length) edit(`${name}: ${runs.value} a second run`, steps);
        });
        block.querySelector(".chain-title").append(runs, drop);
      }
      root.append(block);
    }
    const nameInput = el("input", { id: "add-interaction", type: "text", placeholder: "onSave", autocomplete: "off", spellcheck: "false" });
    const addInteraction = () => {
      const name = nameInput.value.trim();
      if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name)) return nameInput.setAttribute("aria-invalid", "true");
      if (doc.interactions && doc.interactions[name]) return nameInput.setAttribute("aria-invalid", "true");
      const steps = doc.interactions && typeof doc.interactions === "object" ? [set(["interactions", name], [])] : [set(["interactions"], { [name]: [] })];
      edit(`Add interaction ${name}`, steps);
      const again = document.getElementById(`add-action-${fieldId(pathText(["interactions", name]))}`);
      if (again) again.focus();
    };
    nameInput.addEventListener("keydown", (event) => event.key === "Enter" && (event.preventDefault(), addInteraction()));
    const addButton = el("button", { type: "button", text: "Add", "data-add-interaction": "" });
    addButton.addEventListener("click", addInteraction);
    root.append(el("div", { class: "add-row" }, el("label", { for: "add-interaction", class: "small", text: "New interaction" }), nameInput, addButton));

    root.append(el("h3", { id: "chains-watchers", text: "Watchers" }));
    const watchers = Array.isArray(doc.watchers) ? doc.watchers : [];
    watchers.forEach((watcher, index) => root.append(watcherBlock(watcher, index, watchers.length)));
    const addWatcher = el("button", { type: "button", id: "add-watcher", text: "Add watcher" });
    addWatcher.addEventListener("click", () => {
      const watcher = { on: "", actions: [] };
      edit("Add watcher", Array.isArray(doc.watchers) ? [insert(["watchers"], doc.watchers.length, watcher)] : [set(["watchers"], [watcher])]);
      const again = document.getElementById(fieldId("watchers", watchers.length, "expression"));
      if (again) again.focus();
    });
    root.append(addWatcher);

    root.append(el("h3", { id: "chains-onError", text: "When anything fails (page onError)" }));
    const handlers = Array.isArray(doc.onError) ? doc.onError : [];
    root.append(chainBlock("onError", ["onError"], handlers, (handler) => (Array.isArray(doc.onError) ? [insert(["onError"], doc.onError.length, handler)] : [set(["onError"], [handler])]), null, "errorHandlers"));
    namedSection("chains", "Named chains ({\"use\": NAME})", "actions");
    namedSection("handlers", "Named error handler lists", "errorHandlers");
  }

  /// The page's named chains or handler lists (Grammar.md 2.15): each a list, removable, and a
  /// field to add one by name; a chain uses one with `use NAME` in its add field.
  function namedSection(member, title, kind) {
    const doc = state.doc;
    root.append(el("h3", { id: `chains-${member}`, text: title }));
    const named = doc[member] && typeof doc[member] === "object" ? doc[member] : {};
    for (const name of Object.keys(named)) {
      const path = [member, name];
      const list = Array.isArray(named[name]) ? named[name] : [];
      const block = chainBlock(`${member}.${name}`, path, list, (node) => [insert(path, list.length, node)], null, kind, name);
      const drop = el("button", { type: "button", class: "remove-chain", text: "×", title: `Remove ${name}`, "aria-label": `Remove ${name}` });
      drop.addEventListener("click", () => edit(`Remove ${name}`, [Object.keys(named).length === 1 ? set([member], undefined) : set(path, undefined)], isWithin(state.selection || [], path) ? [] : undefined));
      block.querySelector(".chain-title").append(drop);
      root.append(block);
    }
    const inputId = `add-${member}-name`;
    const input = el("input", { id: inputId, type: "text", placeholder: member === "chains" ? "reload" : "sessionExpired", autocomplete: "off", spellcheck: "false" });
    const add = () => {
      const name = input.value.trim();
      if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name) || name in named) return input.setAttribute("aria-invalid", "true");
      edit(`Add ${member === "chains" ? "chain" : "handler list"} ${name}`, [doc[member] && typeof doc[member] === "object" ? set([member, name], []) : set([member], { [name]: [] })]);
      const again = document.getElementById(`add-action-${fieldId(pathText([member, name]))}`);
      if (again) again.focus();
    };
    input.addEventListener("keydown", (event) => event.key === "Enter" && (event.preventDefault(), add()));
    const button = el("button", { type: "button", text: "Add" });
    button.addEventListener("click", add);
    root.append(el("div", { class: "add-row" }, el("label", { for: inputId, class: "small", text: member === "chains" ? "New named chain" : "New handler list" }), input, button));
  }

  function watcherBlock(watcher, index, count) {
    const path = ["watchers", index];
    const mode = watcher.when !== undefined ? "when" : "on";
    const modeSelect = el("select", { id: fieldId("watchers", index, "mode"), "data-watcher-mode": index, "aria-label": `watcher ${index + 1}: runs` });
    modeSelect.append(el("option", { value: "on", text: "on change of" }), el("option", { value: "when", text: "when it turns true" }));
    modeSelect.value = mode;
    modeSelect.addEventListener("change", () => {
      const source = watcher[mode];
      const other = mode === "on" ? "when" : "on";
      const next = {};
      for (const [name, value] of Object.entries(watcher)) next[name === mode ? other : name] = name === mode ? source : value;
      edit(`Watch ${other === "on" ? "changes" : "a condition"}`, [set(path, next)]);
    });
    let merge = null;
    let session = 0;
    const field = expressionInput({
      id: fieldId("watchers", index, "expression"),
      value: watcher[mode],
      label: `watcher ${index + 1} expression`,
      placeholder: mode === "on" ? "$data.province" : "$computed.total >= 100",
      onFocus: () => (merge = `watchers.${index}#${++session}#${Date.now()}`),
      onInput: (text) => {
        const now = getAt(state.doc, path);
        const key = now.when !== undefined ? "when" : "on";
        edit(`Set watcher ${index + 1}`, [set([...path, key], text)], undefined, { merge });
      },
    });
    watcherFields.push({ field, path, key: mode });
    field.showProblems(problemsAt([...path, mode]));
    const buttons = el("span", { class: "node-buttons" });
    const button = (text, label, disabled, action) => {
      const b = el("button", { type: "button", text, title: label, "aria-label": label, disabled });
      b.addEventListener("click", action);
      buttons.append(b);
    };
    button("↑", "Move watcher up", index === 0, () => edit("Move watcher up", [remove(["watchers"], index), insert(["watchers"], index - 1, watcher)]));
    button("↓", "Move watcher down", index === count - 1, () => edit("Move watcher down", [remove(["watchers"], index), insert(["watchers"], index + 1, watcher)]));
    button("×", "Remove watcher", false, () => edit("Remove watcher", [remove(["watchers"], index)], isWithin(state.selection || [], path) ? [] : undefined));
    const list = Array.isArray(watcher.actions) ? watcher.actions : [];
    return el("div", { class: "watcher", "data-watcher": index },
      el("div", { class: "watcher-head" }, modeSelect, buttons),
      typeof watcher.description === "string" ? el("p", { class: "field-summary", text: watcher.description }) : null,
      field.element,
      chainBlock(`watchers[${index}]`, [...path, "actions"], list, (action) => (Array.isArray(watcher.actions) ? [insert([...path, "actions"], list.length, action)] : [set([...path, "actions"], [action])]), null, "actions", "actions"));
  }

  /// One chain: its actions (or error handlers), each with its nested chains, and an add control.
  function chainBlock(name, path, list, add, warning, kind = "actions", title = name) {
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

  function update() {
    const focused = document.activeElement;
    if (signature() === drawn && watcherFields.some(({ field }) => field.input === focused)) {
      for (const { field, path } of watcherFields) {
        const watcher = getAt(state.doc, path) || {};
        const key = watcher.when !== undefined ? "when" : "on";
        field.setValue(watcher[key]);
        field.showProblems(problemsAt([...path, key]));
      }
      return;
    }
    draw();
  }

  function refreshProblems() {
    for (const item of root.querySelectorAll("li.action[data-path]")) {
      item.classList.toggle("has-problem", problemsAt(parsePath(item.dataset.path)).some((problem) => problem.severity === "error"));
    }
    for (const { field, path } of watcherFields) {
      const watcher = getAt(state.doc, path) || {};
      field.showProblems(problemsAt([...path, watcher.when !== undefined ? "when" : "on"]));
    }
  }

  subscribe((reason) => {
    if (reason === "problems") refreshProblems();
    else if (reason === "edit") update();
    else if (reason === "select") {
      draw();
      // The page's interactions, watchers or onError chosen in the tree: show that part.
      const selection = state.selection || [];
      const part = selection.length === 1 ? document.getElementById(`chains-${selection[0]}`) : null;
      if (part) part.scrollIntoView({ block: "start" });
    }
    else if (reason !== "saved") draw();
  });
  draw();
}
