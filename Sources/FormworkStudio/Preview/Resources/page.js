// formwork preview — the live page.
//
// The page runs in `formwork preview` (the engine); the browser only draws what the engine says
// and sends back what the person does:
//   GET  /api/preview/FILE/events   server-sent events: `state` (the whole page, numbered by
//                                   revision), `log` (new trace lines, messages, requests), `stopped`
//   POST /api/preview/FILE/actions  what the person did (actions.js)
import { el, jsonView, toast } from "./dom.js";
import { api, send, hooks, isBusy } from "./actions.js";
import { views, renderPage } from "./components.js";
import { showQuestion } from "./dialogs.js";
import { renderInspector } from "./inspector.js";
import { announce, announced } from "./announcer.js";
import { expectations } from "./a11y.js";
import { showNetwork } from "./network.js";
import { showOutbox } from "./outbox.js";

let state = null;
const log = { trace: [], messages: [], requests: new Map() };
const traceLimit = 1000;

const form = document.getElementById("form");
const problemsBox = document.getElementById("problems");
const endedBox = document.getElementById("ended");
const interactionsBar = document.getElementById("interactions");
const back = document.getElementById("back");
const device = document.getElementById("device");
const localeSwitch = document.getElementById("locale-switch");
const localeSelect = document.getElementById("locale");

hooks.editAnswered = (id) => views.get(id)?.sync?.();

// ---------- The page ----------

function applyState(next) {
  state = next;
  window.formworkPreview.revision = next.revision;
  const page = next.page;
  document.getElementById("title").textContent = page ? page.title : next.path;
  document.title = (page ? page.title + " — " : "") + "formwork preview";
  const below = next.stack.length > 1 ? next.stack[next.stack.length - 2].title : null;
  back.disabled = next.stack.length === 0;
  back.title = below ? `Back to ${below}` : "Leave this page, as the back button does";
  back.querySelector(".wide").textContent = below ? ` ${below}` : " Back";

  showLocale(next);
  showProblems(next);
  form.hidden = next.broken || !page;
  renderPage(form, page && !next.broken ? page.components : []);
  showEnded(next);
  showInteractions(page && !next.broken ? page.interactions : []);
  showQuestion(next.questions[0] || null);
  showNetwork(next);
  showOutbox(next);
  renderInspector(state, log);
}

/// The locale switch lists the languages the page's texts are written in; the page is laid out in
/// the shown locale's direction (dir="rtl" for Arabic, Hebrew…) and marked with its language.
function showLocale(next) {
  const locales = next.locales || [];
  const listed = [...localeSelect.options].map((option) => option.value);
  const wanted = locales.includes(next.locale) ? locales : [...locales, next.locale];
  if (listed.join("|") !== wanted.join("|")) {
    localeSelect.replaceChildren(...wanted.map((tag) => el("option", { value: tag, text: tag })));
  }
  localeSelect.value = next.locale;
  localeSwitch.hidden = locales.length === 0;
  device.dir = next.direction || "ltr";
  device.lang = next.locale || "";
}

function problemItem(problem) {
  const where = [problem.file && problem.line ? `${problem.file}:${problem.line}:${problem.column}` : problem.file, problem.path].filter(Boolean).join("  ");
  return el("li", {}, el("div", { class: "problem-where", text: where }),
    el("div", { class: "problem-message " + problem.severity, text: problem.message }));
}

/// The saved file's errors instead of the page (it stays as it was underneath until the next
/// good save), and its warnings above the page.
function showProblems(next) {
  const errors = next.problems.filter((problem) => problem.severity === "error");
  const warnings = next.problems.filter((problem) => problem.severity !== "error");
  const boxes = [];
  if (next.broken) {
    boxes.push(el("div", { class: "notice error", role: "alert" },
      el("h2", { text: `${next.path}${next.unsaved ? " (unsaved)" : ""} has ${errors.length} error${errors.length === 1 ? "" : "s"}` }),
      el("p", { text: next.unsaved ? "Fix them in the editor: the page comes back, keeping what you typed." : "Fix them and save: the page comes back, keeping what you typed." }),
      el("ul", { class: "problem-list" }, ...errors.map(problemItem))));
  } else if (next.lastGood) {
    // formwork design: the edit being made doesn't open yet; the page before it still runs.
    boxes.push(lastGoodNotice(next, errors));
  }
  // A page that runs may still have warnings, or a stub file that can't be read.
  const listed = next.broken || next.lastGood ? warnings : next.problems;
  if (listed.length) {
    const noun = listed.some((problem) => problem.severity === "error") ? "problem" : "warning";
    boxes.push(el("details", { class: "notice warning" },
      el("summary", { text: `${listed.length} ${noun}${listed.length === 1 ? "" : "s"}: the page runs anyway` }),
      el("ul", { class: "problem-list" }, ...listed.map(problemItem))));
  }
  problemsBox.replaceChildren(...boxes);
  problemsBox.hidden = boxes.length === 0;
}

/// The last good page is shown: the editor's unsaved page has these errors (at its JSON paths).
function lastGoodNotice(next, errors) {
  return el("div", { class: "notice warning last-good", id: "last-good", role: "status" },
    el("h2", { text: "Showing the last good version of the page" }),
    el("p", { text: `Your unsaved edit has ${errors.length} error${errors.length === 1 ? "" : "s"}; the page updates as soon as ${errors.length === 1 ? "it is" : "they are"} fixed.` }),
    el("ul", { class: "problem-list" }, ...errors.map(problemItem)));
}

/// When the first page closed itself (pop) or was left: what it handed back, and a way to open it again.
function showEnded(next) {
  const ended = !next.broken && !next.page && next.stack.length === 0;
  endedBox.hidden = !ended;
  if (!ended) return;
  const again = el("button", { class: "bar-button", type: "button", text: "Open it again" });
  again.addEventListener("click", () => send({ do: "restart" }));
  endedBox.replaceChildren(
    el("h2", { text: "The page closed" }),
    el("p", { text: next.responded ? "It handed back (response):" : "It closed without handing anything back." }),
    next.responded ? jsonView(next.response) : null,
    again);
}

/// The page's own interactions (a navigation bar's buttons in an app), to run by hand.
function showInteractions(names) {
  interactionsBar.hidden = names.length === 0;
  const key = names.join(",");
  if (interactionsBar.dataset.names === key) return;
  interactionsBar.dataset.names = key;
  interactionsBar.replaceChildren(el("span", { text: "Run:" }), ...names.map((name) => {
    const button = el("button", { type: "button", text: name, title: `Run the page's ${name} interaction (a navigation-bar button in an app)` });
    button.addEventListener("click", () => send({ do: "trigger", name }));
    return button;
  }));
}

// ---------- The record ----------

function applyLog(delta) {
  if (delta.reset) {
    log.trace = [];
    log.messages = [];
    log.requests = new Map();
  }
  log.trace.push(...delta.trace);
  log.messages.push(...delta.messages);
  for (const request of delta.requests) log.requests.set(request.n, request);
  if (log.trace.length > traceLimit) log.trace.splice(0, log.trace.length - traceLimit);
  if (log.messages.length > traceLimit) log.messages.splice(0, log.messages.length - traceLimit);
  while (log.requests.size > traceLimit) log.requests.delete(log.requests.keys().next().value);
  // What happened just now pops up; a view that (re)connects doesn't replay the past.
  if (!delta.reset) {
    for (const message of delta.messages) {
      if (message.kind === "toast") toast(message.message, undefined, true);
      if (message.kind === "route") toast(`${message.title}: ${message.message}`, "note");
      if (message.kind === "announcement") announce(message.message, message.title);
      if (message.kind === "focus") moveFocus(message.component);
    }
    for (const line of delta.trace) if (line.kind === "problem") toast(line.text, "note");
  }
  renderInspector(state, log);
}

/// Moves focus where the engine says (the first invalid field after a failed validate): to the
/// element that stands for the component (a11y.js), made focusable when it isn't.
function moveFocus(id) {
  const view = views.get(id);
  if (!view || view.root.hidden) return;
  const target = view.a11y?.target || view.root;
  if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: "center" });
}

// ---------- Connection ----------

const live = document.getElementById("live");
function setLive(label, on) {
  document.getElementById("live-text").textContent = label;
  live.title = label;
  live.classList.toggle("off", !on);
}

function connect() {
  const events = new EventSource(api + "/events" + location.search);
  events.addEventListener("open", () => setLive("live", true));
  events.addEventListener("error", () => setLive(events.readyState === EventSource.CLOSED ? "not found" : "reconnecting…", false));
  events.addEventListener("state", (event) => applyState(JSON.parse(event.data)));
  events.addEventListener("log", (event) => applyLog(JSON.parse(event.data)));
  events.addEventListener("stopped", () => {
    setLive("stopped", false);
    events.close();
  });
}

back.addEventListener("click", () => send({ do: "back" }));
document.getElementById("restart").addEventListener("click", () => send({ do: "restart" }));
localeSelect.addEventListener("change", () => send({ do: "locale", locale: localeSelect.value }));
form.addEventListener("submit", (event) => event.preventDefault());

/// For scripts driving the preview (the browser test): the last state, its revision, the record,
/// and whether actions are still on their way.
window.formworkPreview = { revision: 0, get state() { return state; }, get log() { return log; }, get busy() { return isBusy(); }, announced };
/// For the browser test: the name and role Chromium should compute for each component shown.
window.formworkA11y = { expectations: () => expectations(views, state && state.page && !state.broken ? state.page.components : []) };

connect();
