// formwork design — #chains: what runs when. For a selected component, each event its type fires
// as an ordered chain of actions; for the page, its interactions, watchers, onError handlers and
// named chains (pagechains.js). A chain is drawn by chainlist.js: nested chains (an `if`'s then
// and else, an `all`'s chains, a `run` handler's actions, an action's onError) are nested lists.
// Choosing an action selects it, so #properties shows its attributes.
import { el } from "/assets/dom.js";
import { state, subscribe, getAt, set, insert, pathText, parsePath } from "./state.js";
import { eventsOf } from "./types.js";
import { problemsAt } from "./exprfield.js";
import { datalist } from "./suggest.js";
import { chainOwner, addable, chainBlock, forgetPaths } from "./chainlist.js";
import { drawPageChains } from "./pagechains.js";

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
    forgetPaths();
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
    else watcherFields = drawPageChains(root);
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
