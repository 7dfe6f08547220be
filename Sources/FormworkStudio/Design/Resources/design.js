// formwork design — the editor's start: loads the palette (the app's types), then shows the page
// list (`/`) or opens the page named by the address (`/design/FILE`), and draws the bar: the
// page's name, Undo / Redo, saved or not, the language texts are shown in, Save and Publish.
// Each region is drawn by its own file, which subscribes to the state itself.
import { state, subscribe, notify, load, isDirty, canUndo, canRedo, undoLabel, redoLabel } from "./state.js";
import { api } from "./api.js";
import { showPages } from "./pages.js";
import { save, publish, isSaving } from "./publish.js";
import { runUndo } from "./keys.js";
import "./palette.js";
import "./tree.js";
import { isDrafting } from "./canvas.js";
import "./problems.js";
import "./raw.js";
import { el } from "/assets/dom.js";

/// The inspector's panels (properties.js, chains.js, settings.js): each exports mountNAME(),
/// which draws into its region and follows the state; mounted before the page loads.
async function mountPanels() {
  for (const name of ["properties", "chains", "settings", "translations"]) {
    try {
      const panel = await import(`./${name}.js`);
      const mount = panel[`mount${name[0].toUpperCase()}${name.slice(1)}`];
      if (typeof mount === "function") mount();
    } catch (error) {
      console.warn(`${name}.js:`, error);
    }
  }
}

const bar = document.getElementById("bar");

// MARK: - The bar

function button(id, text, title, action) {
  const node = el("button", { type: "button", id, class: "bar-button", title, "aria-label": title }, text);
  node.addEventListener("click", action);
  return node;
}

const undoButton = button("undo", "↶ Undo", "Undo", () => runUndo(false));
const redoButton = button("redo", "↷ Redo", "Redo", () => runUndo(true));
const status = el("span", { class: "save-status", id: "save-status", role: "status" });
const saveButton = button("save", "Save", "Save (Ctrl-S)", () => save());
const publishButton = button("publish", "Publish", "Check every page and its flows, then pack the folder for publishing", () => publish());
const localeSelect = el("select", { id: "locale", "aria-label": "Language of the texts" });
localeSelect.addEventListener("change", () => {
  state.locale = localeSelect.value;
  notify("locale");
});
const pageName = el("h1", { id: "page-name" });

function drawBar() {
  const editing = Boolean(state.file);
  bar.replaceChildren(
    el("a", { class: "bar-button", href: "/", id: "all-pages", title: "All pages" }, "☰ Pages"),
    pageName,
    ...(editing ? [undoButton, redoButton, status,
      el("label", { class: "bar-locale", title: "The language texts are edited and shown in" }, "Language ", localeSelect),
      saveButton, publishButton] : [publishButton]));
  updateBar();
}

function updateBar() {
  if (!state.file) { pageName.textContent = "formwork design"; return; }
  pageName.textContent = state.doc ? `${state.doc.page || "(no id)"}` : state.file;
  pageName.title = state.file;
  pageName.append(el("span", { class: "page-file", text: ` ${state.file}` }));
  const dirty = isDirty();
  document.title = `${dirty ? "• " : ""}${state.file} — formwork design`;
  undoButton.disabled = !canUndo();
  redoButton.disabled = !canRedo();
  undoButton.title = canUndo() ? `Undo ${undoLabel()} (Ctrl-Z)` : "Nothing to undo";
  redoButton.title = canRedo() ? `Redo ${redoLabel()} (Ctrl-Shift-Z)` : "Nothing to redo";
  undoButton.setAttribute("aria-label", undoButton.title);
  redoButton.setAttribute("aria-label", redoButton.title);
  status.textContent = isSaving() ? "Saving…" : dirty ? "Unsaved changes" : "Saved";
  status.dataset.state = isSaving() ? "saving" : dirty ? "dirty" : "saved";
  saveButton.classList.toggle("primary", dirty);
  drawLocales();
}

function drawLocales() {
  const doc = state.doc || {};
  const tags = [...new Set([doc.defaultLocale || "en", ...Object.keys(doc.strings || {}), ...((state.palette && state.palette.locales) || [])])];
  if (localeSelect.dataset.tags !== tags.join("|")) {
    localeSelect.replaceChildren(...tags.map((tag) => el("option", { value: tag, text: tag })));
    localeSelect.dataset.tags = tags.join("|");
  }
  localeSelect.value = state.locale || doc.defaultLocale || "en";
}

subscribe((reason) => {
  if (reason === "select" || reason === "problems") return;
  updateBar();
});

// MARK: - The inspector's tabs

function setupTabs() {
  const tabs = [...document.querySelectorAll("#inspector [role=tab]")];
  const show = (tab) => {
    for (const other of tabs) {
      const chosen = other === tab;
      other.setAttribute("aria-selected", String(chosen));
      other.tabIndex = chosen ? 0 : -1;
      for (const id of other.dataset.panels.split(" ")) document.getElementById(id).hidden = !chosen;
    }
  };
  tabs.forEach((tab, index) => {
    tab.addEventListener("click", () => show(tab));
    tab.addEventListener("keydown", (event) => {
      const by = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
      if (!by) return;
      const next = tabs[(index + by + tabs.length) % tabs.length];
      show(next);
      next.focus();
    });
  });
  show(tabs[0]);
}

// MARK: - Start

async function openPage(file) {
  const { ok, answer } = await api.page(file);
  if (!ok) {
    document.getElementById("design").replaceChildren(el("p", { class: "notice error", text: answer.error || `There is no page ${file}.` }), el("a", { href: "/", text: "All pages" }));
    return;
  }
  if (!answer.document) {
    document.getElementById("design").replaceChildren(el("div", { class: "notice error" },
      el("h2", { text: `${file} is not valid JSON` }), el("p", { text: answer.error || "" }),
      el("p", { text: "Fix it in a text editor, then reload this page." })));
    return;
  }
  load(file, answer.document, answer.revision);
}

async function start() {
  const path = location.pathname;
  const file = path.startsWith("/design/") ? path.slice("/design/".length).split("/").map(decodeURIComponent).join("/") : new URLSearchParams(location.search).get("page");
  try {
    const { answer } = await api.palette();
    state.palette = answer;
  } catch {
    state.palette = { registry: { components: [], actions: [], validations: [], errorHandlers: [], functions: [] }, blocks: [], common: {}, locales: [] };
  }
  if (!file) {
    document.body.classList.add("listing");
    drawBar();
    showPages();
    return;
  }
  state.file = file;
  document.body.classList.add("editing");
  drawBar();
  setupTabs();
  notify("palette");
  await mountPanels();
  await openPage(file);
}

/// For scripts driving the editor (the browser test): the state, whether it differs from the
/// file, and whether the live page and the problems have caught up with the last edit.
window.formworkDesign = { state, isDirty, get drafting() { return isDrafting(); } };

start();
