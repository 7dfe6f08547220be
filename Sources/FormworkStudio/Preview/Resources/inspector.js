// formwork preview — the inspector beside the page: $data, $global and $param as JSON, the
// requests with their answers, the trace, and everything the page showed. Newest first.
import { el, jsonView } from "./dom.js";
import { idempotencyKey } from "./outbox.js";

let activeTab = "data";
let lastDrawn = "";
let source = { state: null, log: { trace: [], messages: [], requests: new Map() } };

function entryList(items, draw, empty) {
  if (items.length === 0) return el("ul", { class: "entries" }, el("li", { class: "empty", text: empty }));
  return el("ul", { class: "entries" }, ...items.map(draw));
}

const panels = {
  data: ({ state }) => jsonView(state ? state.data : null),
  global: ({ state }) => jsonView(state ? state.global : null),
  param: ({ state }) => jsonView(state ? state.param : null),
  requests: ({ log }) => entryList([...log.requests.values()].reverse(), (request) => {
    const status = request.status;
    const statusText = status === null ? (request.response ? "failed" : "no answer") : String(status);
    return el("li", {}, el("details", {},
      el("summary", {}, el("span", { class: "tag", text: request.method }), request.url, " → ",
        el("span", { class: status !== null && status < 400 ? "status-ok" : "status-bad", text: statusText }),
        idempotencyKey(request) ? el("div", { class: "request-key", text: idempotencyKey(request) }) : null),
      request.body !== null ? el("div", {}, "body", jsonView(request.body)) : null,
      request.response ? el("div", {}, "answer", jsonView(request.response)) : null));
  }, "No requests yet. The api action's requests show here, with the answers they got."),
  trace: ({ log }) => entryList([...log.trace].reverse(), (line) =>
    el("li", { class: line.kind }, el("span", { class: "tag", text: line.kind }), el("span", { class: "page", text: `[${line.page}] ` }), line.text),
    "Nothing has run yet."),
  messages: ({ log }) => entryList([...log.messages].reverse(), (message) =>
    el("li", {}, el("span", { class: "tag", text: message.kind }), message.title ? message.title + ": " : "", message.message),
    "No alerts, toasts, confirmations or pickers yet."),
};

/// Draws the open tab from the latest state and record (only when what it shows changed).
export function renderInspector(state, log) {
  source = { state, log };
  const key = activeTab + ":" + (["data", "global", "param"].includes(activeTab)
    ? JSON.stringify(state && state[activeTab]) : `${log.trace.length}/${log.messages.length}/${JSON.stringify([...log.requests.values()])}`);
  document.getElementById("count-requests").textContent = log.requests.size ? ` ${log.requests.size}` : "";
  document.getElementById("count-trace").textContent = log.trace.length ? ` ${log.trace.length}` : "";
  document.getElementById("count-messages").textContent = log.messages.length ? ` ${log.messages.length}` : "";
  if (key === lastDrawn) return;
  lastDrawn = key;
  document.getElementById("panel").replaceChildren(panels[activeTab](source));
}

for (const tab of document.querySelectorAll(".tabs button")) {
  tab.addEventListener("click", () => {
    activeTab = tab.dataset.tab;
    for (const other of document.querySelectorAll(".tabs button")) other.setAttribute("aria-selected", String(other === tab));
    renderInspector(source.state, source.log);
  });
}

// On a phone the inspector sits below the page, folded until asked for.
const inspector = document.getElementById("inspector");
if (matchMedia("(max-width: 820px)").matches) inspector.classList.add("collapsed");
document.getElementById("inspector-toggle").addEventListener("click", () => inspector.classList.toggle("collapsed"));
