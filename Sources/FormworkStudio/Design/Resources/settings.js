// formwork design — #settings, shown when the page itself is selected: its id, version, title and
// description, the params it accepts (with a value to try each with in the live page), its initial
// data (JSON, applied in one command), its computed values and its texts per language.
import { el } from "/assets/dom.js";
import { state, subscribe, edit, set } from "./state.js";
import { attributeField, fieldId, parseJSON, withArticle } from "./field.js";
import { expressionInput, problemsAt, problemList } from "./exprfield.js";
import { stringsSection, locales } from "./strings.js";
import { textKeys } from "./attributes.js";

const paramTypes = ["string", "int", "number", "bool", "array", "object", "any"];
/// The values to try each param with, by page file and param name; kept while the editor is open.
const tryValues = new Map();

/// Reopens the live page (the canvas's iframe) with `?name=value` for each param given a value to try.
export function tryParams() {
  const frame = document.querySelector("#canvas iframe");
  if (!frame || !state.file) return null;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(tryValues.get(state.file) || {})) if (value !== "") query.append(name, value);
  const text = query.toString();
  const url = `/preview/${state.file.split("/").map(encodeURIComponent).join("/")}${text ? "?" + text : ""}`;
  frame.src = url;
  return url;
}

let sessions = 0;

/// Draws the page's settings into `root` (#settings) and keeps them current.
export function mountSettings(root = document.getElementById("settings")) {
  let updaters = [];
  let drawn = null;

  const isPage = () => Boolean(state.doc && state.palette && state.selection && state.selection.length === 0);
  const signature = () => {
    if (!isPage()) return "none";
    const doc = state.doc;
    const computed = Object.entries(doc.computed || {}).map(([name, value]) => [name, value && typeof value === "object" ? Object.keys(value)[0] : "string"]);
    return JSON.stringify([Object.keys(doc.params || {}), computed, doc.strings ? Object.keys(doc.strings) : null, locales(), textKeys(), doc.defaultLocale, state.locale]);
  };

  /// A text input bound to a top-level member; one command per visit.
  function memberInput(member, label, options = {}) {
    const id = `page-${member}`;
    const input = options.multiline ? el("textarea", { id, rows: 2 }) : el("input", { id, type: options.type || "text", autocomplete: "off", spellcheck: "false", min: options.min, step: options.step, placeholder: options.placeholder || (member === "version" ? "1" : null) });
    const note = el("p", { class: "field-note error", hidden: true });
    let merge = null;
    input.addEventListener("focus", () => (merge = `${member}#${++sessions}`));
    input.addEventListener("input", () => {
      const parsed = options.parse ? options.parse(input.value) : { value: input.value === "" ? undefined : input.value };
      note.hidden = !parsed.error;
      note.textContent = parsed.error || "";
      if (parsed.error) return input.setAttribute("aria-invalid", "true");
      input.removeAttribute("aria-invalid");
      if (parsed.value === state.doc[member]) return;
      edit(`Set ${label}`, [set([member], parsed.value)], undefined, { merge });
    });
    const problems = el("div");
    updaters.push(() => {
      const value = state.doc[member];
      if (document.activeElement !== input) input.value = value === undefined ? "" : String(value);
      problems.replaceChildren(problemList(problemsAt([member])));
    });
    return [el("label", { for: id, text: label }), el("div", {}, input, note, problems)];
  }

  /// `draft` (Grammar.md 2.18): keep what the person typed; `true`, or `{exclude, expires}` as JSON.
  function draftInput() {
    const box = el("input", { id: "page-draft", type: "checkbox" });
    const more = el("input", { id: "page-draft-options", type: "text", spellcheck: "false", placeholder: '{"exclude": ["$data.cardNumber"], "expires": "7d"}', "aria-label": "draft options (JSON)" });
    const note = el("p", { class: "field-note error", hidden: true });
    box.addEventListener("change", () => edit(box.checked ? "Keep drafts" : "Keep no drafts", [set(["draft"], box.checked ? true : undefined)]));
    let merge = null;
    more.addEventListener("focus", () => (merge = `draft#${++sessions}`));
    more.addEventListener("input", () => {
      const text = more.value.trim();
      const parsed = text === "" ? { value: true } : parseJSON(text);
      const wrong = parsed.error || (parsed.value !== true && (parsed.value === null || typeof parsed.value !== "object" || Array.isArray(parsed.value)) ? "the options are an object" : null);
      note.textContent = wrong || "";
      note.hidden = !wrong;
      if (!wrong) edit("Set draft options", [set(["draft"], parsed.value)], undefined, { merge });
    });
    const problems = el("div");
    updaters.push(() => {
      const draft = state.doc.draft;
      box.checked = Boolean(draft);
      more.hidden = !draft;
      if (document.activeElement !== more) more.value = draft && typeof draft === "object" ? JSON.stringify(draft) : "";
      problems.replaceChildren(problemList(problemsAt(["draft"])));
    });
    return [el("label", { for: "page-draft", text: "keep drafts" }), el("div", {}, el("div", { class: "check-row" }, box, more), note, problems)];
  }

  function draw() {
    const focused = root.contains(document.activeElement) ? document.activeElement : null;
    const focusId = focused && focused.id;
    updaters = [];
    root.replaceChildren();
    drawn = signature();
    if (drawn === "none") {
      root.hidden = true;
      return;
    }
    root.hidden = false;
    const doc = state.doc;
    root.append(el("h2", { text: "Page settings" }));
    const grid = el("div", { class: "settings-grid" });
    grid.append(...memberInput("page", "id", { parse: (text) => (/^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}$/.test(text) ? { value: text } : { error: "1 to 100 letters, digits, -, _ or ., not starting with ." }) }));
    grid.append(...memberInput("version", "version", { type: "number", min: 1, step: 1, parse: (text) => {
      if (text === "") return { value: undefined };
      const number = Number(text);
      return Number.isInteger(number) && number >= 1 && number <= 2147483647 ? { value: number } : { error: "a whole number from 1" };
    } }));
    grid.append(...memberInput("description", "description", { multiline: true }));
    grid.append(...draftInput());
    if (doc.strings) grid.append(...memberInput("defaultLocale", "default language", { placeholder: "en", parse: (text) => ({ value: text.trim() === "" ? undefined : text.trim() }) }));
    root.append(grid);
    const title = attributeField({ nodePath: [], spec: { name: "title", type: "string", summary: "the page title: a value, an expression, a template or a text" } });
    updaters.push(title.update);
    root.append(title.element);

    root.append(paramsSection(doc));
    root.append(dataSection(doc));
    root.append(computedSection(doc));
    const strings = stringsSection();
    updaters.push(strings.update);
    root.append(strings.element);
    for (const update of updaters) update();
    if (focusId) {
      const again = document.getElementById(focusId);
      if (again) again.focus();
    }
  }

  function paramsSection(doc) {
    const section = el("section", { class: "params-section", "aria-label": "Params" }, el("h3", { text: "Params ($param)" }));
    const params = doc.params && typeof doc.params === "object" ? doc.params : {};
    const names = Object.keys(params);
    const tries = tryValues.get(state.file) || {};
    tryValues.set(state.file, tries);
    if (names.length) {
      const table = el("table", { class: "params", id: "params-table" });
      table.append(el("thead", {}, el("tr", {}, ...["name", "type", "required", "default", "try with", ""].map((text) => el("th", { text })))));
      const body = el("tbody");
      for (const name of names) {
        const param = params[name] && typeof params[name] === "object" ? params[name] : {};
        const base = fieldId("param", name);
        const nameInput = el("input", { id: `${base}-name`, type: "text", value: name, "aria-label": `param ${name}: name`, spellcheck: "false" });
        nameInput.addEventListener("change", () => {
          const next = nameInput.value.trim();
          if (!next || next === name || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(next) || next in params) return (nameInput.value = name);
          const renamed = {};
          for (const [key, value] of Object.entries(params)) renamed[key === name ? next : key] = value;
          edit(`Rename param ${name} to ${next}`, [set(["params"], renamed)]);
        });
        const typeSelect = el("select", { id: `${base}-type`, "aria-label": `param ${name}: type` });
        for (const type of paramTypes) typeSelect.append(el("option", { value: type, text: type }));
        typeSelect.value = param.type || "any";
        typeSelect.addEventListener("change", () => edit(`Set type of ${name}`, [set(["params", name, "type"], typeSelect.value)]));
        const required = el("input", { id: `${base}-required`, type: "checkbox", "aria-label": `param ${name}: required` });
        required.checked = param.required === true;
        required.addEventListener("change", () => edit(`${required.checked ? "Require" : "Don't require"} ${name}`, [set(["params", name, "required"], required.checked ? true : undefined)]));
        const defaultInput = el("input", { id: `${base}-default`, type: "text", "aria-label": `param ${name}: default (JSON)`, placeholder: "JSON", spellcheck: "false" });
        defaultInput.value = param.default === undefined ? "" : JSON.stringify(param.default);
        defaultInput.addEventListener("change", () => {
          if (defaultInput.value.trim() === "") return edit(`Remove default of ${name}`, [set(["params", name, "default"], undefined)]);
          const parsed = parseJSON(defaultInput.value);
          if (parsed.error) return defaultInput.setAttribute("aria-invalid", "true");
          defaultInput.removeAttribute("aria-invalid");
          edit(`Set default of ${name}`, [set(["params", name, "default"], parsed.value)]);
        });
        const tryInput = el("input", { id: `${base}-try`, type: "text", "aria-label": `param ${name}: value to try`, "data-try-param": name, placeholder: param.type || "", spellcheck: "false" });
        tryInput.value = tries[name] || "";
        tryInput.addEventListener("input", () => (tries[name] = tryInput.value));
        tryInput.addEventListener("keydown", (event) => event.key === "Enter" && (event.preventDefault(), tryParams()));
        const removeButton = el("button", { type: "button", text: "×", "aria-label": `Remove param ${name}`, title: `Remove param ${name}` });
        removeButton.addEventListener("click", () => edit(`Remove param ${name}`, [names.length === 1 ? set(["params"], undefined) : set(["params", name], undefined)]));
        const problems = el("div");
        updaters.push(() => problems.replaceChildren(problemList(problemsAt(["params", name]))));
        body.append(el("tr", { "data-param": name }, el("td", {}, nameInput, problems), el("td", {}, typeSelect), el("td", {}, required), el("td", {}, defaultInput), el("td", {}, tryInput), el("td", {}, removeButton)));
      }
      table.append(body);
      section.append(table);
      const tryButton = el("button", { type: "button", id: "try-params", text: "Open the live page with these values" });
      tryButton.addEventListener("click", tryParams);
      section.append(tryButton);
    } else {
      section.append(el("p", { class: "empty", text: "This page takes no params." }));
    }
    const input = el("input", { id: "add-param", type: "text", placeholder: "dishId", spellcheck: "false", autocomplete: "off" });
    const add = () => {
      const name = input.value.trim();
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || name in params) return input.setAttribute("aria-invalid", "true");
      edit(`Add param ${name}`, [doc.params && typeof doc.params === "object" ? set(["params", name], { type: "string" }) : set(["params"], { [name]: { type: "string" } })]);
      const again = document.getElementById(`${fieldId("param", name)}-type`);
      if (again) again.focus();
    };
    input.addEventListener("keydown", (event) => event.key === "Enter" && (event.preventDefault(), add()));
    const button = el("button", { type: "button", text: "Add param" });
    button.addEventListener("click", add);
    section.append(el("div", { class: "add-row" }, el("label", { for: "add-param", class: "small", text: "New param" }), input, button));
    return section;
  }

  function dataSection(doc) {
    const section = el("section", { class: "data-section", "aria-label": "Data" }, el("h3", {}, el("label", { for: "page-data", text: "Initial data ($data)" })));
    const area = el("textarea", { id: "page-data", class: "data-json", spellcheck: "false" });
    const error = el("p", { class: "field-note error", id: "data-error", hidden: true, "aria-live": "polite" });
    const apply = el("button", { type: "button", id: "apply-data", text: "Apply data", disabled: true });
    const shown = () => JSON.stringify(state.doc.data === undefined ? {} : state.doc.data, null, 2);
    let dirty = false;
    const check = () => {
      const parsed = parseJSON(area.value);
      const wrong = parsed.error || (parsed.value === null || typeof parsed.value !== "object" || Array.isArray(parsed.value) ? "data is an object: { … }" : null);
      error.textContent = wrong || "";
      error.hidden = !wrong;
      area.setAttribute("aria-invalid", wrong ? "true" : "false");
      apply.disabled = Boolean(wrong) || !dirty;
      return wrong ? null : parsed.value;
    };
    area.addEventListener("input", () => {
      dirty = area.value !== shown();
      check();
    });
    const commit = () => {
      const value = check();
      if (value === null) return;
      dirty = false;
      apply.disabled = true;
      if (JSON.stringify(value) !== JSON.stringify(state.doc.data)) edit("Set data", [set(["data"], value)]);
    };
    apply.addEventListener("click", commit);
    area.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) (event.preventDefault(), commit());
    });
    const problems = el("div");
    updaters.push(() => {
      if (!dirty && document.activeElement !== area) {
        area.value = shown();
        area.rows = Math.min(18, Math.max(4, area.value.split("\n").length));
      }
      problems.replaceChildren(problemList(problemsAt(["data"])));
    });
    section.append(area, error, el("div", { class: "add-row" }, apply, el("span", { class: "small", text: "Ctrl+Enter applies; one undo step" })), problems);
    return section;
  }

  function computedSection(doc) {
    const section = el("section", { class: "computed-section", "aria-label": "Computed values" }, el("h3", { text: "Computed values ($computed)" }));
    const computed = doc.computed && typeof doc.computed === "object" ? doc.computed : {};
    const names = Object.keys(computed);
    for (const name of names) {
      const raw = computed[name];
      const mode = raw && typeof raw === "object" && "template" in raw ? "template" : "expression";
      const source = raw && typeof raw === "object" ? raw.template ?? raw.expr : raw;
      const id = fieldId("computed", name);
      let merge = null;
      const write = (text, as) => {
        const now = state.doc.computed[name];
        const value = as === "template" ? { template: text } : now && typeof now === "object" && !("template" in now) ? { expr: text } : text;
        edit(`Set computed ${name}`, [set(["computed", name], value)], undefined, { merge });
      };
      const field = expressionInput({ id, value: source, template: mode === "template", label: `computed ${name}`, onFocus: () => (merge = `computed.${name}#${++sessions}`), onInput: (text) => write(text, mode) });
      const modeSelect = el("select", { id: `${id}-mode`, "aria-label": `computed ${name}: written as`, "data-mode": mode });
      modeSelect.append(el("option", { value: "expression", text: "expr" }), el("option", { value: "template", text: "template" }));
      modeSelect.value = mode;
      modeSelect.addEventListener("change", () => {
        merge = null;
        edit(`Write computed ${name} as ${withArticle(modeSelect.value)}`, [set(["computed", name], modeSelect.value === "template" ? { template: String(source ?? "") } : String(source ?? ""))]);
      });
      const removeButton = el("button", { type: "button", text: "×", "aria-label": `Remove computed ${name}`, title: `Remove computed ${name}` });
      removeButton.addEventListener("click", () => edit(`Remove computed ${name}`, [names.length === 1 ? set(["computed"], undefined) : set(["computed", name], undefined)]));
      updaters.push(() => {
        const now = state.doc.computed && state.doc.computed[name];
        field.setValue(now && typeof now === "object" ? now.template ?? now.expr : now);
        field.showProblems(problemsAt(["computed", name]));
      });
      section.append(el("div", { class: "computed-row", "data-computed": name }, el("label", { for: id, text: name, title: `$computed.${name}` }), field.element, el("span", {}, modeSelect, removeButton)));
    }
    if (!names.length) section.append(el("p", { class: "empty", text: "No computed values." }));
    const input = el("input", { id: "add-computed", type: "text", placeholder: "total", spellcheck: "false", autocomplete: "off" });
    const add = () => {
      const name = input.value.trim();
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || name in computed) return input.setAttribute("aria-invalid", "true");
      edit(`Add computed ${name}`, [doc.computed && typeof doc.computed === "object" ? set(["computed", name], "") : set(["computed"], { [name]: "" })]);
      const again = document.getElementById(fieldId("computed", name));
      if (again) again.focus();
    };
    input.addEventListener("keydown", (event) => event.key === "Enter" && (event.preventDefault(), add()));
    const button = el("button", { type: "button", text: "Add computed value" });
    button.addEventListener("click", add);
    section.append(el("div", { class: "add-row" }, el("label", { for: "add-computed", class: "small", text: "New computed value" }), input, button));
    return section;
  }

  function update() {
    if (signature() !== drawn) return draw();
    for (const run of updaters) run();
  }

  subscribe((reason) => {
    if (reason === "edit" || reason === "problems" || reason === "saved") update();
    else draw();
  });
  draw();
}
