// formwork design — the palette: every type the app registered (components, the page's and its
// libraries' blocks, actions, validations, error handlers), searchable by id and summary.
// Components are dragged into the tree, or added at the selection with Enter; actions,
// validations and handlers are dragged into the lists of the inspector (their panels take the
// drop: payload {kind, id}).
import { state, subscribe } from "./state.js";
import { blocks, isHostType } from "./types.js";
import { draggable } from "./dnd.js";
import { addComponent } from "./subtrees.js";
import { el } from "/assets/dom.js";

const root = document.getElementById("palette");
let query = "";

const groups = [
  { title: "Components", kind: "components", list: () => state.palette.registry.components || [] },
  { title: "Blocks", kind: "components", list: () => blocks() },
  { title: "Actions", kind: "actions", list: () => state.palette.registry.actions || [] },
  { title: "Validations", kind: "validations", list: () => state.palette.registry.validations || [] },
  { title: "Error handlers", kind: "errorHandlers", list: () => state.palette.registry.errorHandlers || [] },
];

function matches(kind, type) {
  if (!query) return true;
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = `${type.id} ${type.summary || ""} ${isHostType(kind, type.id) ? "app" : ""} ${type.library || ""}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

function entry(kind, type) {
  const item = el("li", {
    class: "palette-entry", tabindex: "-1", role: "option", "aria-selected": "false",
    "data-type": `${kind}:${type.id}`, title: kind === "components" ? "Drag into the tree, or press Enter to add it at the selection" : "Drag into a list in the inspector",
  },
  el("span", { class: "entry-id", text: type.id }),
  isHostType(kind, type.id) ? el("span", { class: "entry-app", title: "The app's own type", text: "app" }) : null,
  type.library ? el("span", { class: "entry-app", title: `From the library ${type.library}`, text: type.library }) : null,
  el("span", { class: "entry-summary", text: type.summary || "" }));
  item.dataset.dragLabel = type.id;
  draggable(item, { kind, id: type.id });
  if (kind === "components") {
    item.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      if (state.doc) addComponent(type.id);
    });
    item.addEventListener("dblclick", () => state.doc && addComponent(type.id));
  }
  return item;
}

function renderList() {
  const body = root.querySelector(".palette-groups");
  if (!body || !state.palette) return;
  const sections = [];
  for (const group of groups) {
    const types = group.list().filter((type) => matches(group.kind, type));
    if (!types.length) continue;
    sections.push(el("section", { class: "palette-group", "data-group": group.title },
      el("h3", { text: group.title }),
      el("ul", { role: "listbox", "aria-label": group.title }, ...types.map((type) => entry(group.kind, type)))));
  }
  body.replaceChildren(...(sections.length ? sections : [el("p", { class: "empty", text: `Nothing matches “${query}”` })]));
  // One Tab stop for the whole palette; the arrow keys go from entry to entry.
  const first = body.querySelector(".palette-entry");
  if (first) first.tabIndex = 0;
}

function onArrow(event) {
  const entries = [...root.querySelectorAll(".palette-entry")];
  const index = entries.indexOf(document.activeElement);
  if (event.key === "ArrowDown" && document.activeElement && document.activeElement.id === "palette-search" && entries.length) {
    event.preventDefault();
    return move(entries, entries[0]);
  }
  if (index < 0) return;
  const to = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: entries.length - 1 }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  if (to < 0) return root.querySelector("#palette-search").focus();
  if (to < entries.length) move(entries, entries[to]);
}

function move(entries, entry) {
  for (const other of entries) other.tabIndex = -1;
  entry.tabIndex = 0;
  entry.focus();
}

function render() {
  if (!state.palette) return;
  const search = el("input", { type: "search", id: "palette-search", placeholder: "Search types", "aria-label": "Search the palette", autocomplete: "off" });
  search.value = query;
  search.addEventListener("input", () => { query = search.value.trim(); renderList(); });
  root.replaceChildren(el("h2", { class: "panel-title", text: "Palette" }), search, el("div", { class: "palette-groups" }));
  root.onkeydown = onArrow;
  renderList();
}

subscribe((reason) => {
  if (reason === "palette") render();
  // The page's own blocks come and go with the document.
  else if (reason === "load" || reason === "undo" || reason === "redo" || reason === "edit") {
    const names = JSON.stringify(Object.keys((state.doc && state.doc.blocks) || {})) + JSON.stringify((state.doc && state.doc.libraries) || {});
    if (names !== root.dataset.blocks) { root.dataset.blocks = names; renderList(); }
  }
});
