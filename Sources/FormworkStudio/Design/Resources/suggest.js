// formwork design — what an input may suggest: the store paths the page's data and bindings
// have, the keys of its components, the names of its interactions, the ids of the folder's pages.
// Each list is a <datalist> the inputs name with `list=`.
import { el } from "/assets/dom.js";
import { state } from "./state.js";
import { api } from "./api.js";

/// Fills (creating it when needed) the <datalist id=`id`> with `values`; returns `id`.
export function datalist(id, values) {
  let list = document.getElementById(id);
  if (!list) {
    list = el("datalist", { id });
    document.body.append(list);
  }
  list.replaceChildren(...values.map((value) => el("option", { value })));
  return id;
}

/// `$data.…` paths of the page's data (members, nested) and every `$data`/`$global` path the
/// page's expressions, templates and store-var keys read or write.
export function storePaths() {
  const found = new Set();
  const walkData = (value, path, depth) => {
    found.add(path);
    if (depth > 6 || value === null || typeof value !== "object" || Array.isArray(value)) return;
    for (const [name, item] of Object.entries(value)) {
      if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) walkData(item, `${path}.${name}`, depth + 1);
    }
  };
  if (state.doc && state.doc.data && typeof state.doc.data === "object") {
    for (const [name, item] of Object.entries(state.doc.data)) walkData(item, `$data.${name}`, 1);
  }
  const scan = (value) => {
    if (typeof value === "string") {
      for (const match of value.matchAll(/\$(?:data|global)(?:\.[A-Za-z_][A-Za-z0-9_]*|\[\d+\])+/g)) found.add(match[0]);
    } else if (value && typeof value === "object") {
      for (const item of Object.values(value)) scan(item);
    }
  };
  scan(state.doc && state.doc.components);
  scan(state.doc && state.doc.interactions);
  scan(state.doc && state.doc.watchers);
  scan(state.doc && state.doc.computed);
  scan(state.doc && state.doc.chains);
  return [...found].sort();
}

/// Every component key in the page (components, children, fallbacks, a status's sets).
export function componentKeys() {
  const keys = [];
  const visit = (value) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== "object") return;
    if (typeof value.id === "string" && typeof value.key === "string" && !keys.includes(value.key)) keys.push(value.key);
    for (const [name, item] of Object.entries(value)) if (name !== "data" && name !== "strings") visit(item);
  };
  visit(state.doc && state.doc.components);
  return keys;
}

/// The interactions the page has and the lifecycle ones every page may have.
export function interactionNames() {
  const own = Object.keys((state.doc && state.doc.interactions) || {});
  const lifecycle = (state.palette && state.palette.interactions) || ["loaded", "appear", "disappear"];
  return [...new Set([...own, ...lifecycle])];
}

let pages = null;
/// The ids of the folder's pages (asked once; empty until the answer comes).
export function pageIds() {
  if (pages === null) {
    pages = [];
    api.pages().then(({ ok, answer }) => {
      if (!ok) return;
      pages = (answer.pages || []).map((page) => page.id).filter(Boolean);
      if (document.getElementById("page-ids")) datalist("page-ids", pages);
    }, () => {});
  }
  return pages;
}
