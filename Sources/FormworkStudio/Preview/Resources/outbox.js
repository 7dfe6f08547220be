// formwork preview — the outbox panel under the page: the requests an api action with
// "offline": "queue" kept to send when the network is back, shown while the preview is offline or
// something waits; and the Idempotency-Key a request carried, for the inspector's request list.
import { el } from "./dom.js";

const panel = document.getElementById("outbox");
let drawn = "";

/// Draws what waits (`state.connection.outbox`), oldest first.
export function showOutbox(state) {
  const connection = state.connection || { online: true, outbox: [] };
  const waiting = connection.outbox;
  panel.hidden = connection.online && waiting.length === 0;
  const key = JSON.stringify(connection);
  if (key === drawn) return;
  drawn = key;
  const note = connection.online
    ? "Online: what waits is sent, oldest first, with the key it was given."
    : "Offline: requests fail as with no network; an api action with \"offline\": \"queue\" keeps its request here until the network is back on.";
  panel.replaceChildren(
    el("h2", { id: "outbox-title", text: waiting.length ? `Outbox: ${waiting.length} waiting` : "Outbox: nothing waiting" }),
    el("p", { text: note }),
    waiting.length ? el("ol", { class: "outbox-list" }, ...waiting.map((entry) => {
      const tries = entry.attempts ? `tried ${entry.attempts} time${entry.attempts === 1 ? "" : "s"}` : "not tried yet";
      return el("li", {},
        el("div", {}, el("span", { class: "tag", text: entry.method }), " ", entry.url),
        el("div", { class: "outbox-meta", text: `Idempotency-Key ${entry.id} · from ${entry.page} · ${tries}` + (entry.lastProblem ? ` · last try: ${entry.lastProblem}` : "") }));
    })) : null);
}

/// The Idempotency-Key header a request carried, or null (a page may rename it; any header with
/// "idempotency" in its name counts).
export function idempotencyKey(request) {
  const headers = request.headers || {};
  const name = Object.keys(headers).find((header) => header.toLowerCase().includes("idempotency"));
  return name ? `${name}: ${headers[name]}` : null;
}
