// formwork design — the problems `check` finds in the document as it is now (from each draft),
// at the bottom of the screen. Clicking one selects the node it is about: the nearest component
// or action holding its path. (Expression errors also show under the fields themselves.)
import { state, subscribe, select, parsePath, getAt } from "./state.js";
import { el } from "/assets/dom.js";

const root = document.getElementById("problems");

/// The path to select for a problem at `path`: the nearest node with a type id (a component, an
/// action, a validation, a handler), or the page member it is in, or the page.
export function nodeFor(path) {
  for (let end = path.length; end > 0; end--) {
    const candidate = path.slice(0, end);
    const node = getAt(state.doc, candidate);
    if (typeof candidate[candidate.length - 1] === "number" && node && typeof node === "object" && typeof node.id === "string") return candidate;
  }
  if (["interactions", "watchers", "onError"].includes(path[0])) return [path[0]];
  return [];
}

function render() {
  if (!state.doc) { root.replaceChildren(); return; }
  const problems = state.problems || [];
  const errors = problems.filter((problem) => problem.severity === "error").length;
  const warnings = problems.length - errors;
  const title = el("h2", { class: "panel-title", id: "problems-title" },
    "Problems ",
    el("span", { class: "count" + (errors ? " error" : ""), id: "problems-errors", text: `${errors} error${errors === 1 ? "" : "s"}` }), " ",
    el("span", { class: "count" + (warnings ? " warning" : ""), id: "problems-warnings", text: `${warnings} warning${warnings === 1 ? "" : "s"}` }));
  const list = el("ul", { class: "problem-list", "aria-labelledby": "problems-title" }, ...problems.map((problem, index) => {
    const button = el("button", { type: "button", class: "problem " + problem.severity, "data-problem": index, "data-path": problem.path || "" },
      el("span", { class: "severity", text: problem.severity }),
      el("span", { class: "where", text: problem.path || "page" }),
      el("span", { class: "message", text: problem.message }));
    button.addEventListener("click", () => select(nodeFor(parsePath(problem.path || ""))));
    return el("li", {}, button);
  }));
  root.replaceChildren(title, problems.length ? list : el("p", { class: "empty", text: "No problems: the page checks clean." }));
}

subscribe((reason) => {
  if (reason === "problems" || reason === "load") render();
});
