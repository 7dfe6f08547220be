// formwork preview — sending what the person does to the engine, one action at a time.
//   POST /api/preview/FILE/actions  {"do": "edit" | "tap" | "trigger" | "answer" | "back" | "restart", …}
import { toast } from "./dom.js";

/// The page file's path as the address names it, and as the person named it.
export const pagePath = location.pathname.replace(/^\/preview\//, "");
export const pageFile = pagePath.split("/").map(decodeURIComponent).join("/");
export const api = "/api/preview/" + pagePath;

/// Component id → edits sent or queued and not yet answered: while there are any, the engine's
/// value is older than what the person typed, so inputs keep theirs.
export const pendingEdits = new Map();

/// Called with a component's id once the engine answered its last edit.
export const hooks = { editAnswered: (id) => {} };

const queue = [];
let sending = false;

/// Queues an action; consecutive edits of one component are merged so typing fast sends the
/// latest text, in order with everything else.
export function send(action) {
  const last = queue[queue.length - 1];
  if (action.do === "edit" && last && last.do === "edit" && last.component === action.component) {
    last.value = action.value;
  } else {
    queue.push(action);
    if (action.do === "edit") pendingEdits.set(action.component, (pendingEdits.get(action.component) || 0) + 1);
  }
  pump();
}

async function pump() {
  if (sending) return;
  sending = true;
  while (queue.length) {
    const action = queue.shift();
    const resolve = action.resolve;
    delete action.resolve;
    let answer = {};
    try {
      const response = await fetch(api + "/actions", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(action),
      });
      const body = await response.json().catch(() => ({}));
      answer = body;
      if (body.error) toast(body.error, "note");
      else if (body.note) toast(body.note, "note");
    } catch (error) {
      toast("The preview isn't answering; is formwork preview still running?", "note");
    }
    if (resolve) resolve(answer);
    if (action.do === "edit" || resolve) {
      const left = (pendingEdits.get(action.component) || 1) - 1;
      if (left > 0) pendingEdits.set(action.component, left); else pendingEdits.delete(action.component);
      hooks.editAnswered(action.component);
    }
  }
  sending = false;
}


/// Sends an action in order with the others and resolves with the engine's answer (`{}` when
/// the preview isn't answering). Counts as a pending edit of its component until answered.
export function request(action) {
  return new Promise((resolve) => {
    pendingEdits.set(action.component, (pendingEdits.get(action.component) || 0) + 1);
    queue.push({ ...action, resolve });
    pump();
  });
}

/// Whether actions are still on their way.
export function isBusy() {
  return sending || queue.length > 0;
}
