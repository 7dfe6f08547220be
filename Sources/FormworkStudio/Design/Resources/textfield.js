// formwork design — a string attribute written as a text of the page's strings (Grammar.md
// 2.17): its key, its text in the language being edited (or each plural form of it), and the
// arguments its {name} parts show. Part of field.js's attribute editor.
import { el } from "/assets/dom.js";
import { state, set } from "./state.js";
import { readAttribute, writeAttribute, editLocale, defaultLocale, textOf, textKeys, writeTextSteps } from "./attributes.js";
import { expressionInput } from "./exprfield.js";
import { datalist } from "./suggest.js";

/// The plural forms to edit for a text by key in `locale` (its own, the default language's, and
/// `other`), or null when the text is a plain string.
export function pluralForms(current, locale) {
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
export function shownText(value, locale) {
  if (value !== null && typeof value === "object") return value[locale] !== undefined ? value[locale] : value[defaultLocale()];
  const own = textOf(value, locale);
  return own !== undefined ? own : textOf(value, defaultLocale());
}

export function flat(text) {
  return typeof text === "string" ? text : text === undefined ? "" : JSON.stringify(text);
}

/// Draws the text editor into `ctx.body`; returns the function that shows the document in it.
export function drawText(ctx, current) {
  const { nodePath, spec, name, id, element, body, begin, write, commit, idle } = ctx;
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
  if (forms && !inline) return drawPlural(ctx, current, locale, forms, note);
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
  const showArgs = drawArgs(ctx, current);
  return (now) => {
    showArgs(now);
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
function drawPlural(ctx, current, locale, forms, note) {
  const { nodePath, spec, name, id, element, body, begin, write, commit, idle } = ctx;
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
  const showArgs = drawArgs(ctx, current);
  return (now) => {
    showArgs(now);
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

/// The {name} parts the texts of a text by key (or written in place) use, in every language and form.
export function usedArguments(value) {
  const names = new Set();
  const scan = (text) => {
    if (typeof text === "string") {
      for (const match of text.replace(/\{\{|\}\}/g, "").matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) names.add(match[1]);
    } else if (text && typeof text === "object") {
      Object.values(text).forEach(scan);
    }
  };
  if (value !== null && typeof value === "object") scan(value);
  else for (const table of Object.values((state.doc && state.doc.strings) || {})) scan(table && table[value]);
  return [...names];
}

/// The text's arguments (each an expression), and a button to add each one its texts use but
/// isn't given. Returns the function that keeps the buttons current.
function drawArgs(ctx, current) {
  const { nodePath, spec, name, id, body, begin, write, commit } = ctx;
  const args = current.args && typeof current.args === "object" ? current.args : {};
  for (const [arg, source] of Object.entries(args)) {
    const argField = expressionInput({ id: `${id}-arg-${arg}`, value: source, label: `${name} argument ${arg}`, onFocus: begin, onInput: (text) => {
      const now = readAttribute(nodePath, name, spec);
      write({ mode: "text", value: now.value, args: { ...(now.args || {}), [arg]: text } }, `Set ${name} argument ${arg}`);
    } });
    const drop = el("button", { type: "button", class: "clear", text: "×", title: `Remove the argument ${arg}`, "aria-label": `Remove the argument ${arg}` });
    drop.addEventListener("click", () => {
      const now = readAttribute(nodePath, name, spec);
      const rest = { ...(now.args || {}) };
      delete rest[arg];
      commit(`Remove the argument ${arg} of ${name}`, writeAttribute(nodePath, name, spec, { mode: "text", value: now.value, args: rest }), false);
    });
    body.append(el("div", { class: "text-row arg", "data-arg": arg }, el("label", { for: `${id}-arg-${arg}`, class: "small", text: `{${arg}}` }), argField.element, drop));
  }
  const adders = el("div", { class: "arg-adders" });
  body.append(adders);
  return (now) => {
    const given = Object.keys(now.args || {});
    const wanted = usedArguments(now.value).filter((arg) => !given.includes(arg));
    adders.replaceChildren(...wanted.map((arg) => {
      const button = el("button", { type: "button", class: "link", "data-add-arg": arg, text: `give {${arg}}` , title: `the text uses {${arg}}: give it as an expression` });
      button.addEventListener("click", () => {
        commit(`Give ${name} the argument ${arg}`, writeAttribute(nodePath, name, spec, { mode: "text", value: now.value, args: { ...(now.args || {}), [arg]: "" } }), false);
        const again = document.getElementById(`${id}-arg-${arg}`);
        if (again) again.focus();
      });
      return button;
    }));
  };
}
