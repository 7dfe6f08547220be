// formwork design — the page's own chains in #chains, shown when the page is selected: its
// interactions (loaded, appear, disappear and named ones like onSave; each with what a second run
// does while one runs), its watchers (on a change of a value, or when a condition turns true),
// its onError handlers, and its named chains and handler lists (Grammar.md 2.15).
import { el } from "/assets/dom.js";
import { state, edit, getAt, set, insert, remove, pathText, isWithin } from "./state.js";
import { expressionInput, problemsAt } from "./exprfield.js";
import { fieldId } from "./field.js";
import { chainBlock } from "./chainlist.js";

/// Draws the page's chains into `root`; returns its watchers' expression fields
/// ([{field, path, key}]), which the panel keeps current while one of them is typed in.
export function drawPageChains(root) {
  const watcherFields = [];
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
  watchers.forEach((watcher, index) => root.append(watcherBlock(watcher, index, watchers.length, watcherFields)));
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
  namedSection(root, "chains", "Named chains ({\"use\": NAME})", "actions");
  namedSection(root, "handlers", "Named error handler lists", "errorHandlers");
  return watcherFields;
}

/// The page's named chains or handler lists (Grammar.md 2.15): each a list, removable, and a
/// field to add one by name; a chain uses one with `use NAME` in its add field.
function namedSection(root, member, title, kind) {
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

/// One watcher: on a change or when true, its expression, its buttons and its actions; its field
/// is added to `watcherFields`.
function watcherBlock(watcher, index, count, watcherFields) {
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
