// formwork design — an expression (or template) input that is checked as you type: the server's
// problems about it are listed under it, and the part of the source each one is about is
// underlined in a mirror laid over the input (Grammar.md 1.9: every error has its column).
import { el } from "/assets/dom.js";
import { state, parsePath, isWithin } from "./state.js";

/// The problems of `state.problems` about what is written at `path` (a path array), or inside it.
export function problemsAt(path) {
  return (state.problems || []).filter((problem) => {
    if (typeof problem.path !== "string") return false;
    return isWithin(parsePath(problem.path), path);
  });
}

/// A list of problems, shown under a field: `<ul class="field-problems">`.
export function problemList(problems) {
  const list = el("ul", { class: "field-problems", "aria-live": "polite" });
  for (const problem of problems) {
    const where = problem.expression ? ` (column ${problem.expression.start + 1})` : "";
    list.append(el("li", { class: problem.severity === "warning" ? "warning" : "error", text: problem.message + where }));
  }
  list.hidden = problems.length === 0;
  return list;
}

/// An input for an expression or template source.
/// `options`: { id, value, template (bool), placeholder, label (aria), onInput(text), onFocus() }.
/// Returns { element, input, setValue(text), showProblems(problems) }.
export function expressionInput(options) {
  const input = el("input", {
    id: options.id,
    class: "expr-input",
    type: "text",
    spellcheck: "false",
    autocomplete: "off",
    placeholder: options.placeholder || (options.template ? "Hello ${$data.name}" : "$data.name"),
    "aria-label": options.label || null,
    "data-expression": options.template ? "template" : "expression",
  });
  input.value = options.value === undefined || options.value === null ? "" : String(options.value);
  const mirror = el("div", { class: "expr-mirror", "aria-hidden": "true" });
  const list = el("ul", { class: "field-problems", "aria-live": "polite", hidden: true });
  const box = el("div", { class: "expr" + (options.template ? " template" : "") }, input, mirror);
  const element = el("div", { class: "expr-field" }, box, list);
  let shown = [];

  const drawMirror = () => {
    mirror.textContent = "";
    const source = input.value;
    // NB: only ranges found in the source as it is now are marked; older problems are listed only.
    const ranges = shown
      .filter((problem) => problem.expression && problem.expression.source === source)
      .map((problem) => ({ start: problem.expression.start, end: problem.expression.end, severity: problem.severity }))
      .sort((a, b) => a.start - b.start);
    let at = 0;
    for (const range of ranges) {
      const start = Math.max(at, Math.min(range.start, source.length));
      let end = Math.max(start, Math.min(range.end, source.length));
      if (start > at) mirror.append(source.slice(at, start));
      if (end === start) {
        // An empty range (a missing value at the end): mark the next character, or a space past the end.
        end = Math.min(start + 1, source.length);
        mirror.append(el("mark", { class: "point " + range.severity, text: end > start ? source.slice(start, end) : " " }));
      } else {
        mirror.append(el("mark", { class: range.severity, text: source.slice(start, end) }));
      }
      at = end;
    }
    if (at < source.length) mirror.append(source.slice(at));
    mirror.scrollLeft = input.scrollLeft;
    box.classList.toggle("has-error", ranges.some((range) => range.severity !== "warning"));
  };

  input.addEventListener("focus", () => options.onFocus && options.onFocus());
  const drawList = () => {
    // NB: a problem about another source than the one in the input is from before the last
    // keystroke: it goes now, and the check of what is there now brings its own.
    const fresh = shown.filter((problem) => !problem.expression || problem.expression.source === input.value);
    list.replaceChildren(...problemList(fresh).childNodes);
    list.hidden = fresh.length === 0;
    input.setAttribute("aria-invalid", fresh.some((problem) => problem.severity !== "warning") ? "true" : "false");
  };
  input.addEventListener("input", () => {
    drawList();
    drawMirror();
    if (options.onInput) options.onInput(input.value);
  });
  input.addEventListener("scroll", () => (mirror.scrollLeft = input.scrollLeft));
  input.addEventListener("keyup", () => (mirror.scrollLeft = input.scrollLeft));

  return {
    element,
    input,
    setValue(text) {
      const value = text === undefined || text === null ? "" : String(text);
      if (document.activeElement !== input && input.value !== value) input.value = value;
      drawMirror();
    },
    showProblems(problems) {
      shown = problems;
      drawList();
      drawMirror();
    },
  };
}
