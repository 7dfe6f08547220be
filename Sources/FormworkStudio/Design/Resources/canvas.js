// formwork design — the canvas: the live page (/preview/FILE, the same engine as `formwork
// preview`) in a frame beside the tree. After every change the editor posts the document as a
// draft (debounced, only the latest in flight); the server checks it (→ state.problems) and the
// live page redraws itself from its events stream. Clicking a component in the frame selects it;
// selecting in the tree outlines it in the frame and scrolls it into view.
import { state, subscribe, notify, select } from "./state.js";
import { api } from "./api.js";
import { pathOfKey, walk, childLists, addComponent, moveComponent } from "./subtrees.js";
import { dropTarget } from "./dnd.js";
import { holdsChildren } from "./types.js";
import { handleKey } from "./keys.js";
import { el } from "/assets/dom.js";

const root = document.getElementById("canvas");
let frame = null;

// MARK: - Drafts

const delay = 100;
let timer = null;
let inFlight = false;
let again = false;

/// Sends the document as it is now to the live page, soon (edits in a burst send once).
export function scheduleDraft() {
  clearTimeout(timer);
  timer = setTimeout(sendDraft, delay);
}

async function sendDraft() {
  timer = null;
  if (inFlight) { again = true; return; }
  if (!state.file || !state.doc) return;
  inFlight = true;
  const file = state.file;
  try {
    const { ok, answer } = await api.draft(file, state.doc);
    if (file === state.file && ok) {
      state.problems = answer.problems || [];
      notify("problems");
    } else if (file === state.file && answer.error) {
      state.problems = [{ severity: "error", code: "draft", path: "", message: answer.error }];
      notify("problems");
    }
  } catch {
    // The server is gone: the bar says so when saving; the next edit tries again.
  }
  inFlight = false;
  if (again) { again = false; sendDraft(); }
}

/// True while an edit's draft is waiting to be sent or answered (state.problems may be older).
export const isDrafting = () => timer !== null || inFlight;

/// Shows the live page in `locale` (its own locale switch does the same).
export async function showLocale(locale) {
  if (!state.file || !locale) return;
  const path = state.file.split("/").map(encodeURIComponent).join("/");
  try {
    await fetch(`/api/preview/${path}/actions`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ do: "locale", locale }) });
  } catch { /* the frame's own switch still works */ }
}

// MARK: - The frame

function open() {
  const path = state.file.split("/").map(encodeURIComponent).join("/");
  frame = el("iframe", { id: "canvas-frame", title: `Live page ${state.file}`, src: `/preview/${path}` });
  frame.addEventListener("load", attach);
  root.replaceChildren(frame);
}

// MARK: - Dropping on the live page

/// Where a component dropped at (x, y) over the frame goes: before or after the component under
/// the pointer, or inside it (at the end) when it holds children and the pointer is in its middle.
function placeAt(payload, x, y) {
  const doc = frameDocument();
  if (!doc || !state.doc) return null;
  const frameBox = frame.getBoundingClientRect();
  const inside = doc.elementFromPoint(x - frameBox.left, y - frameBox.top);
  for (let node = inside; node && node !== doc.body; node = node.parentElement) {
    if (!node.dataset || !node.dataset.key) continue;
    const path = pathOfKey(node.dataset.key);
    if (!path || (payload.move && path.length >= payload.move.length && payload.move.every((part, i) => path[i] === part))) continue;
    const box = node.getBoundingClientRect();
    const part = (y - frameBox.top - box.top) / box.height;
    const line = (top) => ({ left: frameBox.left + box.left, width: box.width, top: frameBox.top + top });
    const component = getComponent(path);
    const lists = childLists(component, path);
    if (component && holdsChildren(component.id) && lists.length && part > 0.25 && part < 0.75) {
      const items = getList(lists[0].path);
      return { list: lists[0], index: items.length, line: { ...line(box.top), height: box.height }, box: true };
    }
    const list = { name: "", path: path.slice(0, -1), exists: true };
    const index = path[path.length - 1];
    return part < 0.5 ? { list, index, line: line(box.top - 2) } : { list, index: index + 1, line: line(box.bottom + 1) };
  }
  // Over no component: the end of the page.
  const items = getList(["components"]);
  return { list: { name: "components", path: ["components"], exists: Array.isArray(state.doc.components) }, index: items.length, line: { left: frameBox.left + 8, width: frameBox.width - 16, top: frameBox.bottom - 4 } };
}

function getComponent(path) {
  let node = state.doc;
  for (const part of path) node = node == null ? undefined : node[part];
  return node;
}

function getList(path) {
  const list = getComponent(path);
  return Array.isArray(list) ? list : [];
}

dropTarget(root, {
  accepts: (payload) => Boolean(payload && (payload.move || payload.kind === "components") && frame),
  place: placeAt,
  drop: (payload, place) => (payload.move ? moveComponent(payload.move, place) : addComponent(payload.id, place)),
});

function frameDocument() {
  try { return frame && frame.contentDocument; } catch { return null; }
}

function attach() {
  const doc = frameDocument();
  if (!doc) return;
  // (The live page's Content-Security-Policy refuses a <style> element: the outline is set on
  // the element itself, through the CSS object model, which it allows.)
  // The live page's own link to the page list would leave the editor's page inside the frame.
  const pagesLink = doc.querySelector('.bar a[href="/"]');
  if (pagesLink) pagesLink.hidden = true;
  // One Language selector: the editor's bar has it, so the live page's own is hidden (inline
  // display, as the live page toggles `hidden` itself).
  const localeSwitch = doc.getElementById("locale-switch");
  if (localeSwitch) localeSwitch.style.display = "none";
  // The network switch is for trying a page offline in `formwork preview`; the editor's live
  // page is for building it, so the switch isn't shown here.
  const network = doc.querySelector(".bar-network");
  if (network) network.style.display = "none";
  // A click on a component selects it in the tree; the page still gets the click (a live page).
  doc.addEventListener("click", (event) => {
    for (let node = event.target; node && node !== doc.body; node = node.parentElement) {
      if (!node.dataset || !node.dataset.key) continue;
      const path = pathOfKey(node.dataset.key);
      if (path) { select(path); return; }
    }
  }, true);
  // Ctrl-S, Ctrl-Z… work with the focus in the live page too.
  doc.addEventListener("keydown", handleKey);
  // The live page redraws when the engine says so: the outline follows.
  new frame.contentWindow.MutationObserver(() => highlight(false)).observe(doc.body, { childList: true, subtree: true });
  highlight(true);
  // The live page keeps the language it was last shown in: show it in the bar's.
  if (state.doc && (state.locale || state.doc.strings)) showLocale(state.locale || state.doc.defaultLocale || "en");
}

let outlined = null;

/// Outlines the selected component in the frame (the first instance, for rows of a list).
function highlight(scroll) {
  const doc = frameDocument();
  if (!doc || !doc.body) return;
  const key = selectedKey();
  const target = key ? doc.querySelector(`[data-key="${CSS.escape(key)}"]`) : null;
  if (target === outlined && !scroll) return;
  if (outlined && outlined !== target) {
    outlined.removeAttribute("data-design-selected");
    outlined.style.outline = "";
    outlined.style.outlineOffset = "";
  }
  outlined = target;
  if (!target) return;
  target.setAttribute("data-design-selected", "");
  target.style.outline = "2px solid #0a64d8";
  target.style.outlineOffset = "2px";
  if (scroll) target.scrollIntoView({ block: "nearest", behavior: "smooth" });
}

function selectedKey() {
  const selection = state.selection;
  if (!selection) return null;
  // The selected component, or the one holding what is selected (an action of its chain).
  let key = null;
  let length = -1;
  walk((node, path) => {
    if (node && node.key && path.length > length && path.every((part, i) => selection[i] === part)) { key = node.key; length = path.length; }
  });
  return key;
}

subscribe((reason) => {
  if (reason === "load") {
    if (!frame || frame.dataset.file !== state.file) { open(); frame.dataset.file = state.file; }
    scheduleDraft();
  } else if (reason === "edit" || reason === "undo" || reason === "redo") {
    scheduleDraft();
    setTimeout(() => highlight(true), 250);
  } else if (reason === "select") {
    highlight(true);
  } else if (reason === "locale") {
    showLocale(state.locale);
  }
});
