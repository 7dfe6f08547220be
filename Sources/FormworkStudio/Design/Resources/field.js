// formwork design — the editor of one attribute: the input its type calls for (text, a whole or
// decimal number, a checkbox, a choice of its values, JSON, a store path), a switch between the
// modes it may be written in (literal, expression, template, a text of the page's strings), and
// the problems `check` finds in it, under it. Every change is one command; typing in one field is
// one command per visit (state.js merges the edits).
import { el } from "/assets/dom.js";
import { state, edit, set, pathText } from "./state.js";
import { readAttribute, writeAttribute, makeTranslatableSteps, freshKey, editLocale, textKeys } from "./attributes.js";
import { expressionInput, problemsAt, problemList } from "./exprfield.js";
import { drawText, shownText, pluralForms, flat } from "./textfield.js";
import { drawLiteral, parseJSON } from "./literal.js";
import { conditionBuilder } from "./conditions.js";

export { parseJSON };

let sessions = 0;

/// A DOM id from parts: "f-components_0_-title".
export function fieldId(...parts) {
  return "f-" + parts.map((part) => String(part).replace(/[^A-Za-z0-9_-]+/g, "_")).join("-");
}

/// The modes an attribute of this spec may be written in on the node (`form` of attributes.js).
function modesFor(spec, current, form) {
  if (["actions", "chains", "components"].includes(spec.type)) return ["literal"];
  const modes = ["literal", "expression", "template"];
  const hasStrings = Boolean(state.doc && state.doc.strings && Object.keys(state.doc.strings).length);
  // NB: a store path, a page id or an interaction name is never a person's text.
  if (((spec.type === "string" && !spec.role) || current.mode === "text") && form !== "canonical" && (hasStrings || current.mode === "text")) modes.push("text");
  return modes;
}

const modeNames = { literal: "value", expression: "expr", template: "template", text: "text" };

/// A literal written as an expression that gives the same value.
function asExpression(value) {
  if (value === undefined) return "";
  if (typeof value === "string") return "'" + value.replace(/\\/g, "\\\\").replace(/'/g, "\\'") + "'";
  return JSON.stringify(value);
}

/// The literal an expression's source stands for, when it is one (else undefined).
function asLiteral(source, spec) {
  const text = String(source || "").trim();
  try {
    return JSON.parse(text);
  } catch {
    const quoted = /^'((?:[^'\\]|\\.)*)'$/.exec(text);
    if (quoted) return quoted[1].replace(/\\(.)/g, "$1");
  }
  if (spec.type === "string") return "";
  return undefined;
}

/// The editor of attribute `spec.name` of the node at `nodePath`.
/// Returns { element, update() }: `update` shows the document as it is now without rebuilding an
/// input being typed in.
export function attributeField({ nodePath, spec, nodeKey }) {
  const name = spec.name;
  const id = fieldId(pathText(nodePath) || "page", name);
  const element = el("div", { class: "field", "data-attribute": name, "data-type": spec.type });
  let merge = null;
  let drawn = null; // {mode, present, textKey}: what the body shows
  let refresh = () => {};
  let fresh = false; // the body was just drawn: its inputs take the document's value even when focused
  const idle = (input) => fresh || document.activeElement !== input;

  const begin = () => (merge = `${pathText(nodePath)}.${name}#${++sessions}`);
  const commit = (label, steps, options) => {
    try {
      edit(label, steps, undefined, options === false ? undefined : { merge: merge || begin() });
      local.hidden = true;
    } catch (error) {
      showLocal(error.message);
    }
  };
  const write = (next, label) => commit(label || `Set ${name}`, writeAttribute(nodePath, name, spec, next));
  const local = el("p", { class: "field-note error", hidden: true });
  const showLocal = (message) => {
    local.textContent = message;
    local.hidden = !message;
  };

  // What the text and literal editors (textfield.js, literal.js) draw with.
  const context = {
    nodePath, spec, name, id, element,
    get body() { return body; },
    begin: () => begin(),
    write: (next, label) => write(next, label),
    commit: (label, steps, options) => commit(label, steps, options),
    idle: (input) => idle(input),
    endMerge: () => (merge = null),
    showLocal: (message) => showLocal(message),
    switchMode: (mode) => switchMode(mode),
  };

  const head = el("div", { class: "field-head" });
  const body = el("div", { class: "field-body" });
  const problems = el("ul", { class: "field-problems", hidden: true });
  element.append(head, body, local, problems);
  if (spec.summary) element.append(el("p", { class: "field-summary", text: spec.summary }));

  function drawHead(current) {
    const modes = modesFor(spec, current, current.form);
    head.replaceChildren(
      el("label", { for: id, text: name }),
      el("span", { class: "field-type", text: spec.type + (spec.required ? " · required" : "") }),
    );
    if (modes.length > 1) {
      const group = el("span", { class: "modes", role: "group", "aria-label": `${name}: written as` });
      for (const mode of modes) {
        const button = el("button", { type: "button", id: `${id}-mode-${mode}`, class: "mode", "data-mode": mode, "aria-pressed": String(current.mode === mode), title: `write ${name} as ${mode === "literal" ? "a value" : mode === "text" ? "a text of the page's strings" : withArticle(mode)}`, text: modeNames[mode] });
        button.addEventListener("click", () => switchMode(mode));
        group.append(button);
      }
      head.append(group);
    }
    if (current.present && !spec.required) {
      const clear = el("button", { type: "button", id: `${id}-clear`, class: "clear", "data-clear": name, "aria-label": `Remove ${name}`, title: `Remove ${name}`, text: "×" });
      clear.addEventListener("click", () => commit(`Remove ${name}`, writeAttribute(nodePath, name, spec, undefined), false));
      head.append(clear);
    }
  }

  function switchMode(mode) {
    const current = readAttribute(nodePath, name, spec);
    if (current.mode === mode) return;
    merge = null;
    const label = `Write ${name} as ${mode === "literal" ? "a value" : withArticle(mode)}`;
    if (mode === "text") {
      if (current.mode === "literal" && typeof current.value === "string") {
        const key = freshKey((nodeKey || "") + (nodeKey ? name[0].toUpperCase() + name.slice(1) : name));
        return commit(label, makeTranslatableSteps(nodePath, name, spec, key), false);
      }
      return commit(label, writeAttribute(nodePath, name, spec, { mode: "text", value: textKeys()[0] || "" }), false);
    }
    let value;
    if (current.mode === "text") value = flat(shownText(current.value, editLocale()));
    else value = current.value;
    if (mode === "expression") value = current.mode === "literal" || current.mode === "text" ? asExpression(value) : value;
    else if (mode === "template") value = current.mode === "expression" ? "${" + (value || "") + "}" : value === undefined ? "" : flat(value);
    else if (mode === "literal") value = current.mode === "expression" ? asLiteral(value, spec) : current.mode === "template" && spec.type !== "string" ? undefined : value;
    if (mode === "literal" && value === undefined) value = spec.default !== undefined ? spec.default : null;
    commit(label, writeAttribute(nodePath, name, spec, { mode, value: value === undefined ? "" : value }), false);
  }

  function drawBody(current) {
    body.replaceChildren();
    refresh = () => {};
    if (["actions", "chains", "components"].includes(spec.type)) {
      body.append(el("p", { class: "field-note", id, text: spec.type === "components" ? "components: add them in the page tree" : "actions: edit them in the chains below" }));
      return;
    }
    if (current.mode === "expression" || current.mode === "template") return drawExpression(current);
    if (current.mode === "text") {
      refresh = drawText(context, current);
      return;
    }
    refresh = drawLiteral(context, current);
  }

  function drawExpression(current) {
    const template = current.mode === "template";
    const field = expressionInput({
      id,
      value: current.value,
      template,
      onFocus: begin,
      onInput: (text) => write({ mode: current.mode, value: text }),
    });
    body.append(field.element);
    // A bool written as an expression gets the condition builder (conditions.js) under it.
    const builder = spec.type === "bool" && !template ? conditionBuilder({ id, name, source: current.value, onWrite: (text) => {
      field.setValue(text);
      write({ mode: "expression", value: text });
    } }) : null;
    if (builder) {
      builder.element.addEventListener("focusin", (event) => { if (!builder.element.contains(event.relatedTarget)) begin(); });
      body.append(builder.element);
    }
    refresh = (now, found) => {
      field.setValue(now.value);
      field.showProblems(found);
      if (builder) builder.setValue(now.value);
    };
    drawn.ownProblems = true;
  }

  function update() {
    const current = readAttribute(nodePath, name, spec);
    const textKey = current.mode === "text" ? JSON.stringify([current.value, pluralForms(current, editLocale())]) : null;
    const form = current.form === "canonical" ? "canonical" : "compact";
    // NB: whether the attribute is set changes the head only (its remove button): the input being
    // typed in stays when the first keystroke adds the attribute.
    const signature = `${current.mode}|${textKey}|${form}|${current.mode === "text" ? JSON.stringify(Object.keys(current.args || {})) : ""}`;
    const headSignature = `${signature}|${current.present}|${Boolean(state.doc && state.doc.strings)}`;
    fresh = false;
    if (!drawn || drawn.signature !== signature) {
      const focused = element.contains(document.activeElement) ? document.activeElement : null;
      const caret = focused && focused.selectionStart !== undefined && focused.type !== "number" ? [focused.selectionStart, focused.selectionEnd] : null;
      drawn = { signature, headSignature };
      drawHead(current);
      drawBody(current);
      fresh = true;
      if (focused && focused.id) {
        const again = document.getElementById(focused.id);
        if (again && again !== focused) {
          again.focus();
          if (caret && again.setSelectionRange && again.type !== "number") try { again.setSelectionRange(caret[0], caret[1]); } catch { /* not a text input */ }
        }
      }
    } else if (drawn.headSignature !== headSignature) {
      const focused = head.contains(document.activeElement) ? document.activeElement.id : null;
      drawn.headSignature = headSignature;
      drawHead(current);
      const again = focused && document.getElementById(focused);
      if (again) again.focus();
    }
    element.dataset.currentMode = current.mode;
    element.dataset.attrPath = pathText(current.path);
    element.classList.toggle("is-set", current.present);
    element.classList.toggle("is-required", Boolean(spec.required));
    // A missing required attribute is reported on the node's attributes; it shows here too.
    const owner = pathText(nodePath.length ? [...nodePath, "attributes"] : ["title"]);
    const tableProblems = current.mode === "text" && typeof current.value === "string" ? problemsAt(["strings", editLocale(), current.value]) : [];
    const found = [...problemsAt(current.path), ...tableProblems, ...(state.problems || []).filter((problem) => problem.path === owner && !current.present && String(problem.message).includes(`'${name}'`))];
    refresh(current, found);
    fresh = false;
    if (!drawn.ownProblems) {
      problems.replaceChildren(...problemList(found).childNodes);
      problems.hidden = found.length === 0;
    } else {
      problems.hidden = true;
    }
    element.classList.toggle("has-problem", found.some((problem) => problem.severity === "error"));
  }

  update();
  return { element, update, name };
}

/// "an expression", "a template": the word with its indefinite article, for tooltips and labels.
export function withArticle(word) {
  return `${/^[aeiou]/i.test(word) ? "an" : "a"} ${word}`;
}
