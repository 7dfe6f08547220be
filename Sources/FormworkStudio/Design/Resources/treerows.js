// formwork design — the rows of the tree and what each says. Rows: "Page" (selects []), the
// page's Interactions / Watchers / On error (select ["interactions"], ["watchers"], ["onError"]),
// then the components, folded or not; a status shows one row per set of children (its
// `components`, `loading`, `empty`, `error`). A component's row shows its type, key, a hint (its
// title or text) and how many problems it has. tree.js draws them and handles the keys.
import { state, getAt, pathText, parsePath, isWithin } from "./state.js";
import { typeOf } from "./types.js";
import { childLists } from "./subtrees.js";
import { el } from "/assets/dom.js";

/// The page's own rows, under "Page".
const pageRows = [
  { label: "Interactions", path: ["interactions"], hint: "loaded, appear, …" },
  { label: "Watchers", path: ["watchers"], hint: "when a value changes" },
  { label: "On error", path: ["onError"], hint: "the page's error handlers" },
];

/// The components whose children are folded away (by path text).
const collapsed = new Set();

/// Unfolds every component holding the selection, so its row shows.
export function reveal() {
  const selection = state.selection || [];
  for (const text of [...collapsed]) {
    const path = parsePath(text);
    if (selection.length > path.length && isWithin(selection, path)) collapsed.delete(text);
  }
}

/// Folds (open: false) or unfolds (open: true) the children of the component at `path`; without
/// `open`, the other of what it is.
export function fold(path, open) {
  const text = pathText(path);
  if (open === undefined ? collapsed.has(text) : open) collapsed.delete(text); else collapsed.add(text);
}

/// The rows of the tree, in order: {kind: "page"|"member"|"component"|"list", path, depth, …}.
export function rows() {
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

/// A component's title, text, header, alt or url (the first it has), for its row's hint.
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

/// What a row says: the page's name, a member and its count, a set and its count, or a
/// component's type, key and hint.
export function rowLabel(row) {
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

/// How many errors and warnings are about the component at `path` itself: {errors, warnings}.
export function problemCount(path) {
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
