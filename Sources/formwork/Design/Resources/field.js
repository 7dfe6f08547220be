// formwork design — the editor of one attribute: the input its type calls for (text, a whole or
// decimal number, a checkbox, a choice of its values, JSON, a store path), a switch between the
// modes it may be written in (literal, expression, template, a text of the page's strings), and
// the problems `check` finds in it, under it. Every change is one command; typing in one field is
// one command per visit (state.js merges the edits).
import { el } from "/assets/dom.js";
import { state, edit, set, pathText } from "./state.js";
import { readAttribute, writeAttribute, makeTranslatableSteps, freshKey, editLocale, defaultLocale, textOf, textKeys, writeTextSteps } from "./attributes.js";
import { expressionInput, problemsAt, problemList } from "./exprfield.js";
import { storePaths, pageIds, interactionNames, componentKeys, datalist } from "./suggest.js";

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

/// The plural forms to edit for a text by key in `locale` (its own, the default language's, and
/// `other`), or null when the text is a plain string.
function pluralForms(current, locale) {
  if (current.mode !== "text" || typeof current.value !== "string") return null;
  const own = textOf(current.value, locale);
  const fallback = textOf(current.value, defaultLocale());
  const plural = (text) => text !== null && typeof text === "object" && !Array.isArray(text);
  if (!plural(own) && !(own === undefined && plural(fallback))) return null;
  const order = ["zero", "one", "two", "few", "many", "other"];
  // The language's own forms (CLDR, as Sources/Formwork/Locales/PluralRules.swift has them), the
  // exact ones (=0) the texts use, and any form already written (check reports a wrong one).
  const language = String(locale).split("-")[0].toLowerCase();
  const categories = { zh: ["other"], ja: ["other"], ko: ["other"], ar: order, ru: ["one", "few", "many", "other"], uk: ["one", "few", "many", "other"], pl: ["one", "few", "many", "other"], cs: ["one", "few", "many", "other"], fr: ["one", "many", "other"], es: ["one", "many", "other"], it: ["one", "many", "other"], pt: ["one", "many", "other"] }[language] || ["one", "other"];
  const exact = Object.keys(plural(fallback) ? fallback : {}).filter((form) => form.startsWith("="));
  const forms = [...new Set([...categories, ...exact, ...Object.keys(plural(own) ? own : {})])];
  return forms.sort((a, b) => (order.indexOf(a) < 0 ? -1 : order.indexOf(a)) - (order.indexOf(b) < 0 ? -1 : order.indexOf(b)));
}

/// The text a text-by-key shows in `locale` (falling back to the default language).
function shownText(value, locale) {
  if (value !== null && typeof value === "object") return value[locale] !== undefined ? value[locale] : value[defaultLocale()];
  const own = textOf(value, locale);
  return own !== undefined ? own : textOf(value, defaultLocale());
}

function flat(text) {
  return typeof text === "string" ? text : text === undefined ? "" : JSON.stringify(text);
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
        const button = el("button", { type: "button", id: `${id}-mode-${mode}`, class: "mode", "data-mode": mode, "aria-pressed": String(current.mode === mode), title: `write ${name} as ${mode === "literal" ? "a value" : mode === "text" ? "a text of the page's strings" : "an " + mode}`, text: modeNames[mode] });
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
    const label = `Write ${name} as ${mode === "literal" ? "a value" : mode}`;
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
    if (current.mode === "text") return drawText(current);
    drawLiteral(current);
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
    refresh = (now, found) => {
      field.setValue(now.value);
      field.showProblems(found);
    };
    drawn.ownProblems = true;
  }

  function drawText(current) {
    const locale = editLocale();
    const inline = current.value !== null && typeof current.value === "object";
    const keyId = id + "-key";
    const keys = textKeys();
    if (!inline) {
      const keyInput = el("input", { id: keyId, class: "text-key", type: "text", list: datalist("text-keys", keys), value: current.value || "", "data-text-key": name, autocomplete: "off" });
      keyInput.addEventListener("change", () => {
        const key = keyInput.value.trim();
        if (!key) return;
        const steps = writeAttribute(nodePath, name, spec, { mode: "text", value: key, args: readAttribute(nodePath, name, spec).args });
        if (textOf(key, defaultLocale()) === undefined) steps.unshift(...writeTextSteps(key, defaultLocale(), ""));
        commit(`Use text ${key} for ${name}`, steps, false);
      });
      body.append(el("div", { class: "text-row" }, el("label", { for: keyId, class: "small", text: "key" }), keyInput));
    }
    const note = el("p", { class: "field-note missing", hidden: true });
    const forms = pluralForms(current, locale);
    if (forms && !inline) return drawPlural(current, locale, forms, note);
    const textInput = el("input", { id, type: "text", class: "text-value", "data-locale": locale, autocomplete: "off" });
    body.append(el("div", { class: "text-row" }, el("span", { class: "locale-tag", text: locale }), textInput), note);
    textInput.addEventListener("focus", begin);
    textInput.addEventListener("input", () => {
      const now = readAttribute(nodePath, name, spec);
      if (now.value !== null && typeof now.value === "object") {
        write({ mode: "text", value: { ...now.value, [locale]: textInput.value }, args: now.args }, `Set ${name} (${locale})`);
      } else if (now.value) {
        commit(`Set text ${now.value} (${locale})`, writeTextSteps(now.value, locale, textInput.value));
      }
    });
    if (current.args && typeof current.args === "object") {
      for (const [arg, source] of Object.entries(current.args)) {
        const argField = expressionInput({ id: `${id}-arg-${arg}`, value: source, label: `${name} argument ${arg}`, onFocus: begin, onInput: (text) => {
          const now = readAttribute(nodePath, name, spec);
          write({ mode: "text", value: now.value, args: { ...(now.args || {}), [arg]: text } }, `Set ${name} argument ${arg}`);
        } });
        body.append(el("div", { class: "text-row arg" }, el("label", { for: `${id}-arg-${arg}`, class: "small", text: `{${arg}}` }), argField.element));
      }
    }
    refresh = (now) => {
      const own = inline ? (now.value || {})[locale] : textOf(now.value, locale);
      const fallback = shownText(now.value, defaultLocale());
      if (idle(textInput)) textInput.value = own === undefined ? "" : flat(own);
      textInput.placeholder = own === undefined ? flat(fallback) : "";
      const missing = own === undefined;
      element.classList.toggle("missing-translation", missing);
      note.hidden = !missing;
      note.textContent = missing ? (locale === defaultLocale() ? `no text '${now.value}' in ${locale}, the page's default language` : `no ${locale} text yet; shows the ${defaultLocale()} text: ${flat(fallback)}`) : "";
      textInput.readOnly = typeof own === "object" && own !== null; // plural forms: edited in the strings table
    };
  }

  /// A plural text (Grammar.md 2.17): one input per form (one, few, other, =0…) of `locale`.
  function drawPlural(current, locale, forms, note) {
    const inputs = forms.map((form, index) => {
      const input = el("input", { id: index === 0 ? id : `${id}-${form.replace(/[^A-Za-z0-9]/g, "_")}`, type: "text", class: "text-value", "data-locale": locale, "data-form": form, autocomplete: "off" });
      input.addEventListener("focus", begin);
      input.addEventListener("input", () => {
        const key = readAttribute(nodePath, name, spec).value;
        const own = textOf(key, locale);
        const steps = own !== null && typeof own === "object" ? [set(["strings", locale, key, form], input.value === "" ? undefined : input.value)] : writeTextSteps(key, locale, { [form]: input.value });
        commit(`Set text ${key} (${locale}, ${form})`, steps);
      });
      body.append(el("div", { class: "text-row plural" }, el("label", { for: input.id, class: "locale-tag", text: `${locale} ${form}` }), input));
      return { form, input };
    });
    body.append(note);
    const args = current.args && typeof current.args === "object" ? current.args : {};
    for (const [arg, source] of Object.entries(args)) {
      const argField = expressionInput({ id: `${id}-arg-${arg}`, value: source, label: `${name} argument ${arg}`, onFocus: begin, onInput: (text) => {
        const now = readAttribute(nodePath, name, spec);
        write({ mode: "text", value: now.value, args: { ...(now.args || {}), [arg]: text } }, `Set ${name} argument ${arg}`);
      } });
      body.append(el("div", { class: "text-row arg" }, el("label", { for: `${id}-arg-${arg}`, class: "small", text: `{${arg}}` }), argField.element));
    }
    refresh = (now) => {
      const own = textOf(now.value, locale);
      const fallback = textOf(now.value, defaultLocale());
      for (const { form, input } of inputs) {
        const mine = own && typeof own === "object" ? own[form] : undefined;
        if (idle(input)) input.value = mine === undefined ? "" : String(mine);
        input.placeholder = mine === undefined && fallback && typeof fallback === "object" && fallback[form] !== undefined ? String(fallback[form]) : "";
      }
      const missing = own === undefined;
      element.classList.toggle("missing-translation", missing);
      note.hidden = !missing;
      note.textContent = missing ? `no ${locale} text yet; shows the ${defaultLocale()} text` : "";
    };
  }

  function drawLiteral(current) {
    const value = current.value;
    const placeholder = spec.default !== undefined ? `default: ${flat(spec.default)}` : "";
    if (Array.isArray(spec.values) && spec.values.length) {
      const select = el("select", { id });
      select.append(el("option", { value: "", text: spec.default !== undefined ? `(default: ${flat(spec.default)})` : "(not set)" }));
      for (const option of spec.values) select.append(el("option", { value: String(option), text: String(option) }));
      if (value !== undefined && !spec.values.map(String).includes(String(value))) select.append(el("option", { value: String(value), text: `${flat(value)} (not one of the values)` }));
      select.addEventListener("change", () => {
        if (select.value === "") return commit(`Remove ${name}`, writeAttribute(nodePath, name, spec, undefined), false);
        const chosen = spec.values.find((option) => String(option) === select.value);
        write({ mode: "literal", value: chosen === undefined ? select.value : chosen }, `Set ${name}`);
        merge = null;
      });
      body.append(select);
      refresh = (now) => {
        if (idle(select)) select.value = now.present ? String(now.value) : "";
      };
      return;
    }
    if (spec.type === "bool") {
      const box = el("input", { id, type: "checkbox" });
      const note = el("span", { class: "field-note" });
      box.addEventListener("change", () => {
        write({ mode: "literal", value: box.checked }, `${box.checked ? "Turn on" : "Turn off"} ${name}`);
        merge = null;
      });
      body.append(el("div", { class: "check-row" }, box, note));
      refresh = (now) => {
        box.checked = now.present ? now.value === true : spec.default === true;
        box.indeterminate = now.present && typeof now.value !== "boolean";
        note.textContent = now.present ? (typeof now.value === "boolean" ? "" : `not a bool: ${flat(now.value)}`) : `not set (default ${spec.default === undefined ? "false" : flat(spec.default)})`;
      };
      return;
    }
    if (spec.type === "int" || spec.type === "number") {
      const input = el("input", { id, type: "number", step: spec.type === "int" ? "1" : "any", placeholder, inputmode: spec.type === "int" ? "numeric" : "decimal" });
      input.addEventListener("focus", begin);
      input.addEventListener("input", () => {
        if (input.validity.badInput) return showLocal("not a number yet");
        if (input.value === "") return commit(`Remove ${name}`, writeAttribute(nodePath, name, spec, undefined));
        const number = Number(input.value);
        if (spec.type === "int" && !Number.isInteger(number)) return showLocal(`${name} is a whole number`);
        write({ mode: "literal", value: number });
      });
      body.append(input);
      refresh = (now) => {
        if (idle(input)) input.value = now.present && now.value !== null ? String(now.value) : "";
      };
      return;
    }
    if (spec.type === "string") {
      const options = { id, type: "text", placeholder, autocomplete: "off" };
      if (spec.role === "storePath") {
        options.list = datalist("store-paths", storePaths());
        options.placeholder = placeholder || "$data.name";
      }
      else if (spec.role === "pageID") options.list = datalist("page-ids", pageIds());
      else if (spec.role === "interactionName") options.list = datalist("interaction-names", interactionNames());
      if (spec.role) options["data-role"] = spec.role;
      const multiline = typeof value === "string" && value.includes("\n");
      const input = multiline ? el("textarea", { id, rows: 3 }) : el("input", options);
      input.addEventListener("focus", () => {
        begin();
        if (spec.role === "storePath") datalist("store-paths", storePaths());
      });
      input.addEventListener("input", () => write({ mode: "literal", value: input.value }));
      body.append(input);
      const hasStrings = Boolean(state.doc && state.doc.strings && Object.keys(state.doc.strings).length);
      if (hasStrings && !spec.role && current.form !== "canonical" && typeof value === "string" && value.trim()) {
        const translate = el("button", { type: "button", class: "link", "data-translate": name, text: "make translatable" });
        translate.addEventListener("click", () => switchMode("text"));
        body.append(translate);
      }
      refresh = (now) => {
        if (idle(input)) input.value = now.present && now.value !== null ? flat(now.value) : "";
      };
      return;
    }
    if (spec.role === "componentKeys" && (value === undefined || Array.isArray(value))) {
      // The page's component keys, each a checkbox; written in page order.
      const group = el("fieldset", { class: "key-choices", id });
      group.append(el("legend", { class: "small", text: "components (none: all visible ones)" }));
      const boxes = [];
      for (const key of componentKeys()) {
        const boxId = `${id}-${key.replace(/[^A-Za-z0-9_-]+/g, "_")}`;
        const box = el("input", { type: "checkbox", id: boxId, value: key, "data-component-key": key });
        box.addEventListener("change", () => {
          const chosen = boxes.filter((item) => item.checked).map((item) => item.value);
          merge = null;
          if (chosen.length === 0) commit(`Remove ${name}`, writeAttribute(nodePath, name, spec, undefined), false);
          else commit(`Set ${name}`, writeAttribute(nodePath, name, spec, { mode: "literal", value: chosen }), false);
        });
        boxes.push(box);
        group.append(el("span", { class: "key-choice" }, box, el("label", { for: boxId, text: key })));
      }
      body.append(group);
      refresh = (now) => {
        const chosen = Array.isArray(now.value) ? now.value : [];
        for (const box of boxes) box.checked = chosen.includes(box.value);
      };
      return;
    }
    // array, object, any: JSON.
    const area = el("textarea", { id, class: "json-input", rows: 3, spellcheck: "false", placeholder: placeholder || (spec.type === "array" ? "[ ]" : spec.type === "object" ? "{ }" : "JSON") });
    if (spec.role === "componentKeys") area.title = "component keys: " + componentKeys().join(", ");
    area.addEventListener("focus", begin);
    area.addEventListener("input", () => {
      if (area.value.trim() === "") return commit(`Remove ${name}`, writeAttribute(nodePath, name, spec, undefined));
      const parsed = parseJSON(area.value);
      if (parsed.error) return showLocal(parsed.error);
      if (spec.type === "array" && !Array.isArray(parsed.value)) return showLocal(`${name} is an array: [ … ]`);
      if (spec.type === "object" && (parsed.value === null || typeof parsed.value !== "object" || Array.isArray(parsed.value))) return showLocal(`${name} is an object: { … }`);
      write({ mode: "literal", value: parsed.value });
    });
    body.append(area);
    refresh = (now) => {
      if (idle(area)) {
        area.value = now.present ? JSON.stringify(now.value, null, 1).replace(/\n\s*/g, " ") : "";
        area.rows = Math.min(8, Math.max(2, Math.ceil(area.value.length / 40)));
      }
    };
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

/// `{value}` or `{error: "line L, column C: …"}` for JSON text.
export function parseJSON(text) {
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    const found = jsonError(text);
    const before = text.slice(0, found.at).split("\n");
    return { error: `line ${before.length}, column ${before[before.length - 1].length + 1}: ${found.message}` };
  }
}

/// Where JSON text first goes wrong and why (browsers' own messages don't all say where).
function jsonError(text) {
  let at = 0;
  const fail = (message) => {
    throw { at, message };
  };
  const space = () => {
    while (at < text.length && " \t\n\r".includes(text[at])) at += 1;
  };
  const describe = () => (at >= text.length ? "the text ends too early" : `unexpected ${JSON.stringify(text[at])}`);
  const value = () => {
    space();
    const c = text[at];
    if (c === "{") {
      at += 1;
      space();
      if (text[at] === "}") return (at += 1);
      for (;;) {
        space();
        if (text[at] !== '"') fail(`${describe()}; expected a member name in double quotes`);
        string();
        space();
        if (text[at] !== ":") fail(`${describe()}; expected ':'`);
        at += 1;
        value();
        space();
        if (text[at] === ",") {
          at += 1;
          continue;
        }
        if (text[at] === "}") return (at += 1);
        fail(`${describe()}; expected ',' or '}'`);
      }
    }
    if (c === "[") {
      at += 1;
      space();
      if (text[at] === "]") return (at += 1);
      for (;;) {
        value();
        space();
        if (text[at] === ",") {
          at += 1;
          continue;
        }
        if (text[at] === "]") return (at += 1);
        fail(`${describe()}; expected ',' or ']'`);
      }
    }
    if (c === '"') return string();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(at));
    if (literal) return (at += literal[0].length);
    fail(`${describe()}; expected a value`);
  };
  const string = () => {
    at += 1;
    while (at < text.length && text[at] !== '"') {
      if (text[at] === "\\") at += 1;
      else if (text.charCodeAt(at) < 0x20) fail("a line break or control character inside a string");
      at += 1;
    }
    if (at >= text.length) fail("a string is not closed");
    at += 1;
  };
  try {
    value();
    space();
    if (at < text.length) fail(`${describe()} after the value`);
  } catch (found) {
    if (found && typeof found.at === "number") return found;
  }
  return { at: 0, message: "not valid JSON" };
}
