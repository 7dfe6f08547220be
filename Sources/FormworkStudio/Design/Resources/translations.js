// formwork design — the translations view (Grammar.md 2.17, "Translating pages"): every text of
// the page a person reads, literals included, with its words in the page's language and its
// translation in the chosen one, editable in place; "Make translatable" for a literal; export and
// import of an XLIFF or CSV file through the design server (the same code as `formwork strings`).
import { el } from "/assets/dom.js";
import { state, subscribe, edit, set } from "./state.js";

const file = (name) => name.split("/").map(encodeURIComponent).join("/");

async function call(action, body) {
  const response = await fetch(`/api/design/translations/${action}/${file(state.file)}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ document: state.doc, ...body }),
  });
  let answer = {};
  try { answer = await response.json(); } catch { answer = { error: "the editor's server gave no answer" }; }
  if (!response.ok) throw new Error(answer.error || `HTTP ${response.status}`);
  return answer;
}

/// Takes the document the server changed as one undoable edit: each top-level member that differs.
function take(label, next) {
  const steps = [];
  for (const key of new Set([...Object.keys(state.doc), ...Object.keys(next)])) {
    if (JSON.stringify(state.doc[key]) !== JSON.stringify(next[key])) steps.push(set([key], next[key]));
  }
  if (steps.length) edit(label, steps);
}

let root = null;
let chosen = null;
let drawn = "";
let status = null;

/// The language to translate into: the one chosen, else the first the page has besides its own.
function targetLocale() {
  if (chosen) return chosen;
  const main = (state.doc && state.doc.defaultLocale) || "en";
  const known = [...Object.keys((state.doc && state.doc.strings) || {}), ...((state.palette && state.palette.locales) || [])];
  return known.find((tag) => tag !== main) || "";
}

function say(text, problem) {
  status.textContent = text;
  status.classList.toggle("problem", !!problem);
}

async function draw() {
  if (!root || !state.doc || root.hidden) return;
  const locale = targetLocale();
  const signature = JSON.stringify([locale, state.doc]);
  if (signature === drawn) return;
  drawn = signature;
  const list = root.querySelector("#translations-list");
  if (!locale) {
    list.replaceChildren(el("p", { class: "empty", text: "Choose the language to translate into." }));
    return;
  }
  let answer;
  try { answer = await call("list", { locale }); } catch (error) { return say(error.message, true); }
  if (signature !== drawn) return;
  const table = el("table", { class: "translations", "aria-label": `Texts in ${answer.sourceLocale} and ${locale}` });
  // NB: fixed column widths, and long keys and texts wrap (design.css), so the table fits the
  // inspector at any window size; each key and owner also carries its whole text as a tooltip.
  table.append(el("colgroup", {}, el("col", { class: "where" }), el("col", { class: "source" }), el("col", { class: "target" })));
  table.append(el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "Where" }), el("th", { scope: "col", text: answer.sourceLocale }),
    el("th", { scope: "col", text: locale }))));
  const body = el("tbody");
  let translated = 0;
  for (const text of answer.texts) {
    if (text.target) translated += 1;
    const input = el("input", { type: "text", "aria-label": `${text.owner} in ${locale}`, "data-path": text.path, value: text.target || "", autocomplete: "off" });
    input.addEventListener("change", async () => {
      try {
        const next = await call("apply", { locale, units: [{ path: text.path, key: text.key, target: input.value }] });
        take(`Translate ${text.owner} (${locale})`, next.document);
        say(`Translated ${text.owner}.`);
      } catch (error) { say(error.message, true); }
    });
    // "Make translatable" sits under the field, so the table keeps three columns in a narrow panel.
    const action = el("td", {}, input);
    if (text.form === "literal") {
      const button = el("button", { type: "button", class: "link", "data-make-translatable": text.path, "aria-label": `Make ${text.owner} translatable`, text: "Make translatable" });
      button.addEventListener("click", async () => {
        try {
          const next = await call("apply", { locale, makeTranslatable: [text.path], units: input.value ? [{ path: text.path, target: input.value }] : [] });
          take(`Make ${text.owner} translatable`, next.document);
          say(`${text.owner} is translatable now.`);
        } catch (error) { say(error.message, true); }
      });
      action.append(button);
    }
    const where = text.key ? `{"text": "${text.key}"}` : text.form === "literal" ? "literal" : "in place";
    const row = el("tr", { "data-text-path": text.path, class: text.target ? "" : "missing" },
      el("th", { scope: "row" }, el("span", { text: text.owner, title: text.owner }), el("code", { text: where, title: where })),
      el("td", { text: text.source, title: text.source }), action);
    body.append(row);
  }
  table.append(body);
  root.querySelector("#translations-count").textContent = `${translated} of ${answer.texts.length} texts translated into ${locale}`;
  // NB: the field a person is in stays focused when the list is drawn again after an edit.
  const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest("#translations-list") ? document.activeElement.dataset.path || document.activeElement.dataset.makeTranslatable : null;
  list.replaceChildren(answer.texts.length ? table : el("p", { class: "empty", text: "This page has no texts a person reads." }));
  if (focused) {
    const again = list.querySelector(`input[data-path="${CSS.escape(focused)}"]`);
    if (again) again.focus();
  }
}

async function exportFile(format) {
  const locale = targetLocale();
  if (!locale) return say("Choose the language to translate into first.", true);
  try {
    const answer = await call("export", { locale, format });
    const link = el("a", { href: URL.createObjectURL(new Blob([answer.text], { type: format === "csv" ? "text/csv" : "application/xliff+xml" })), download: answer.name });
    document.body.append(link);
    link.click();
    link.remove();
    say(`Exported ${answer.name}.`);
  } catch (error) { say(error.message, true); }
}

async function importFile(input) {
  const chosenFile = input.files && input.files[0];
  if (!chosenFile) return;
  try {
    const text = await chosenFile.text();
    const answer = await call("import", { text, name: chosenFile.name });
    take(`Import ${chosenFile.name}`, answer.document);
    chosen = answer.locale;
    root.querySelector("#translations-locale").value = answer.locale;
    drawn = "";
    say(`Imported ${answer.count} ${answer.locale} text${answer.count === 1 ? "" : "s"} from ${chosenFile.name}; save to keep them.`);
    draw();
  } catch (error) { say(error.message, true); }
  input.value = "";
}

/// Draws the view into #translations and follows the state.
export function mountTranslations() {
  root = document.getElementById("translations");
  if (!root) return;
  const language = el("input", { id: "translations-locale", type: "text", size: "8", autocomplete: "off", placeholder: "de" });
  language.addEventListener("change", () => { chosen = language.value.trim() || null; drawn = ""; draw(); });
  const exportXLIFF = el("button", { type: "button", id: "translations-export-xliff", text: "Export XLIFF" });
  exportXLIFF.addEventListener("click", () => exportFile("xliff"));
  const exportCSV = el("button", { type: "button", id: "translations-export-csv", text: "Export CSV" });
  exportCSV.addEventListener("click", () => exportFile("csv"));
  const upload = el("input", { id: "translations-import", type: "file", accept: ".xlf,.xliff,.csv" });
  upload.addEventListener("change", () => importFile(upload));
  status = el("p", { id: "translations-status", role: "status" });
  root.replaceChildren(
    el("h2", { text: "Translations" }),
    el("div", { class: "translations-tools" },
      el("label", { for: "translations-locale", text: "Translate into" }), language,
      exportXLIFF, exportCSV,
      el("label", { for: "translations-import", text: "Import XLIFF or CSV" }), upload),
    el("p", { id: "translations-count" }), status,
    el("div", { id: "translations-list" }));
  subscribe(() => {
    if (!chosen && document.activeElement !== language) language.value = targetLocale();
    draw();
  });
  new MutationObserver(() => draw()).observe(root, { attributes: true, attributeFilter: ["hidden"] });
}
