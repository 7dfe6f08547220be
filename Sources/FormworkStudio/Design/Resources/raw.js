// formwork design — the selected node (or the whole page) as JSON to edit by hand: Apply parses
// it, shows where a syntax error is (line and column), else replaces the node in one command.
// What is shown is JSON.stringify(value, null, 2), so applying it unchanged changes nothing.
import { state, subscribe, edit, set, getAt, pathText, samePath } from "./state.js";
import { el } from "/assets/dom.js";

const root = document.getElementById("raw");
let shownPath = null;
let shownText = "";

/// Where a JSON syntax error is: {line, column} (from 1), from the parser's message.
function position(text, message) {
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  const at = /position (\d+)/.exec(message);
  const offset = at ? Number(at[1]) : text.length;
  const before = text.slice(0, offset).split("\n");
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

function render(force) {
  if (!state.doc) { root.replaceChildren(); return; }
  const path = state.selection || [];
  const value = getAt(state.doc, path);
  const text = value === undefined ? "" : JSON.stringify(value, null, 2);
  const area = root.querySelector("#raw-text");
  // Keep what the person is typing when something else changed the document.
  if (!force && area && samePath(path, shownPath) && area.value !== shownText && document.activeElement === area) return;
  shownPath = path;
  shownText = text;
  const textarea = el("textarea", { id: "raw-text", spellcheck: "false", "aria-label": `JSON of ${pathText(path) || "the page"}`, rows: 20 });
  textarea.value = text;
  const error = el("p", { class: "raw-error", id: "raw-error", role: "alert", hidden: true });
  const apply = el("button", { type: "button", id: "raw-apply", class: "primary", text: "Apply", title: "Replace the node with this JSON (Ctrl-Enter)" });
  const reset = el("button", { type: "button", id: "raw-reset", text: "Revert", title: "Show the node as it is" });
  const run = () => {
    let parsed;
    try {
      parsed = JSON.parse(textarea.value);
    } catch (failure) {
      const at = position(textarea.value, failure.message);
      error.textContent = `Line ${at.line}, column ${at.column}: ${failure.message}`;
      error.hidden = false;
      return;
    }
    error.hidden = true;
    if (JSON.stringify(parsed) === JSON.stringify(getAt(state.doc, path))) return;
    if (path.length === 0 && (!parsed || typeof parsed !== "object" || Array.isArray(parsed))) {
      error.textContent = "A page is a JSON object.";
      error.hidden = false;
      return;
    }
    edit(`Edit JSON of ${pathText(path) || "the page"}`, [set(path, parsed)]);
  };
  apply.addEventListener("click", run);
  reset.addEventListener("click", () => render(true));
  textarea.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) { event.preventDefault(); run(); }
  });
  root.replaceChildren(
    el("p", { class: "raw-where", text: pathText(path) || "The whole page" }),
    textarea, error, el("div", { class: "row-buttons" }, apply, reset));
}

subscribe((reason) => {
  if (reason === "select" || reason === "load") render(true);
  else if (["edit", "undo", "redo"].includes(reason)) render(false);
});
