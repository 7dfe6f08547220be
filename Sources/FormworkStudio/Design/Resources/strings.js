// formwork design — the page's texts (Grammar.md 2.17): a table of keys × languages where each
// cell is the text of that key in that language, missing translations highlighted and listed,
// with "add key" and "add language".
import { el } from "/assets/dom.js";
import { state, edit, set } from "./state.js";
import { defaultLocale, textKeys, writeTextSteps } from "./attributes.js";
import { problemsAt, problemList } from "./exprfield.js";
import { datalist } from "./suggest.js";
import { fieldId, parseJSON } from "./field.js";

/// The languages of the page's strings, the default one first.
export function locales() {
  const strings = (state.doc && state.doc.strings) || {};
  const main = defaultLocale();
  return [main, ...Object.keys(strings).filter((locale) => locale !== main)];
}

/// Each text a language lacks: [{locale, key}], for every language but the default one (whose
/// missing texts `check` reports as errors), and the default one's too.
export function missingTexts() {
  const strings = (state.doc && state.doc.strings) || {};
  const missing = [];
  const keys = textKeys();
  for (const locale of locales()) {
    const table = strings[locale] || {};
    for (const key of keys) if (table[key] === undefined) missing.push({ locale, key });
  }
  return missing;
}

let sessions = 0;

/// The strings section: { element, update(), signature }.
export function stringsSection() {
  const element = el("section", { class: "strings-section", "aria-label": "Texts" }, el("h3", { text: "Texts and languages" }));
  const strings = (state.doc && state.doc.strings) || {};
  const languages = locales();
  const keys = textKeys();
  const cells = [];
  const signature = JSON.stringify([languages, keys, Object.keys(strings)]);
  if (keys.length || Object.keys(strings).length) {
    const table = el("table", { class: "strings", id: "strings-table" });
    const head = el("tr", {}, el("th", { text: "key" }));
    for (const locale of languages) head.append(el("th", { scope: "col", text: locale + (locale === defaultLocale() ? " (default)" : "") }));
    table.append(el("thead", {}, head));
    const body = el("tbody");
    for (const key of keys) {
      const row = el("tr", { "data-string-key": key }, el("th", { class: "key", scope: "row", text: key }));
      for (const locale of languages) {
        const id = fieldId("string", locale, key);
        const input = el("input", { id, type: "text", "aria-label": `${key} in ${locale}`, "data-locale": locale, "data-key": key, autocomplete: "off" });
        const cell = el("td", { "data-locale": locale }, input);
        let merge = null;
        input.addEventListener("focus", () => (merge = `strings.${locale}.${key}#${++sessions}`));
        input.addEventListener("input", () => {
          const current = ((state.doc.strings || {})[locale] || {})[key];
          let value = input.value;
          if (current !== null && typeof current === "object") {
            const parsed = parseJSON(value);
            if (parsed.error) return input.setAttribute("aria-invalid", "true");
            value = parsed.value;
          }
          input.removeAttribute("aria-invalid");
          if (value === "" && current === undefined) return;
          edit(`Set text ${key} (${locale})`, writeTextSteps(key, locale, value), undefined, { merge });
        });
        const problems = el("div");
        cell.append(problems);
        cells.push(() => {
          const value = ((state.doc.strings || {})[locale] || {})[key];
          const fallback = ((state.doc.strings || {})[defaultLocale()] || {})[key];
          if (document.activeElement !== input) input.value = value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
          input.placeholder = value === undefined && fallback !== undefined ? (typeof fallback === "string" ? fallback : JSON.stringify(fallback)) : "";
          const missing = value === undefined;
          cell.classList.toggle("missing", missing);
          input.title = missing ? `no ${locale} text for '${key}'` + (locale === defaultLocale() ? "" : `; falls back to ${defaultLocale()}`) : "";
          problems.replaceChildren(problemList(problemsAt(["strings", locale, key])));
        });
        row.append(cell);
      }
      body.append(row);
    }
    table.append(body);
    element.append(el("div", { class: "table-scroll" }, table));
  } else {
    element.append(el("p", { class: "empty", text: "This page has no texts yet: add a key, or make an attribute translatable." }));
  }
  const missingList = el("ul", { class: "missing-list", id: "missing-translations", "aria-label": "Missing translations" });
  element.append(missingList);

  // Add a key: its default-language text starts empty (check asks for it).
  const keyInput = el("input", { id: "add-string-key", type: "text", placeholder: "saveButton", autocomplete: "off", spellcheck: "false" });
  const addKey = () => {
    const key = keyInput.value.trim();
    if (!/^[A-Za-z0-9_.-]+$/.test(key) || textKeys().includes(key)) return keyInput.setAttribute("aria-invalid", "true");
    edit(`Add text ${key}`, writeTextSteps(key, defaultLocale(), ""));
    const again = document.getElementById(fieldId("string", defaultLocale(), key));
    if (again) again.focus();
  };
  keyInput.addEventListener("keydown", (event) => event.key === "Enter" && (event.preventDefault(), addKey()));
  const keyButton = el("button", { type: "button", text: "Add key" });
  keyButton.addEventListener("click", addKey);
  element.append(el("div", { class: "add-row" }, el("label", { for: "add-string-key", class: "small", text: "New key" }), keyInput, keyButton));

  const localeInput = el("input", { id: "add-locale", type: "text", placeholder: "de", list: datalist("locale-tags", (state.palette && state.palette.locales) || []), autocomplete: "off", spellcheck: "false" });
  const addLocale = () => {
    const locale = localeInput.value.trim();
    if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(locale) || locales().includes(locale)) return localeInput.setAttribute("aria-invalid", "true");
    const steps = state.doc.strings && typeof state.doc.strings === "object" ? [set(["strings", locale], {})] : [set(["strings"], { [defaultLocale()]: {}, [locale]: {} })];
    edit(`Add language ${locale}`, steps);
  };
  localeInput.addEventListener("keydown", (event) => event.key === "Enter" && (event.preventDefault(), addLocale()));
  const localeButton = el("button", { type: "button", text: "Add language" });
  localeButton.addEventListener("click", addLocale);
  element.append(el("div", { class: "add-row" }, el("label", { for: "add-locale", class: "small", text: "New language" }), localeInput, localeButton));

  const update = () => {
    for (const cell of cells) cell();
    const missing = missingTexts();
    missingList.replaceChildren(...missing.slice(0, 50).map(({ locale, key }) => el("li", { "data-missing": `${locale}:${key}`, text: `${locale}: no text for '${key}'` + (locale === defaultLocale() ? " (the default language must have it)" : `; shows the ${defaultLocale()} text`) })));
    if (missing.length > 50) missingList.append(el("li", { text: `… and ${missing.length - 50} more` }));
    missingList.hidden = missing.length === 0;
  };
  update();
  return { element, update, signature };
}
