// formwork design — renaming a component key as a refactoring. The server computes it with the
// engine's parser (POST /api/design/rename/FILE): the key, its binding and data member, every
// expression, template, `validate` key list and store-var key that names them. The page's side is
// applied here as one undoable command (joined to the typing of the key); what it changes in the
// page's flows is shown first and written when the page is saved (the save carries the renames).
import { state, edit, set, subscribe } from "./state.js";
import { api } from "./api.js";
import { openDialog } from "./publish.js";
import { el, toast } from "/assets/dom.js";

/// The renames since the last save, in order, for the save to carry into the flows.
let pending = [];
export const pendingRenames = () => pending.slice();
/// The first `count` renames reached the flows.
export function renamesSaved(count) { pending = pending.slice(count); }
// A page loaded again (the disk's version taken instead of mine) has none of the renames.
subscribe((reason) => { if (reason === "load") pending = []; });

/// The renames on their way (asking the server, or the person about the flows).
const running = new Set();
/// The key field that has focus hands in its commit here: a key typed but not left yet is renamed
/// before a save or a publish (Ctrl-S and the Publish button don't leave the field).
let focusedKey = null;
export function keyFieldFocused(commit) { focusedKey = commit; }
export function keyFieldLeft(commit) { if (focusedKey === commit) focusedKey = null; }

/// Resolves when every rename typed so far is in the page: the focused key field's new key is
/// renamed first, then each rename on its way is waited for. Saving and publishing wait on this.
export async function settleRenames() {
  if (focusedKey) focusedKey();
  while (running.size) await Promise.allSettled([...running]);
}

/// The steps that turn `before` into `after` at `path`: members and elements where both have the
/// same shape, the whole value where not (a renamed member replaces its object, in place).
export function diffSteps(before, after, path = []) {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  const object = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
  if (object(before) && object(after) && Object.keys(before).join("\u0000") === Object.keys(after).join("\u0000")) {
    return Object.keys(after).flatMap((name) => diffSteps(before[name], after[name], [...path, name]));
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    return after.flatMap((item, index) => diffSteps(before[index], item, [...path, index]));
  }
  return [set(path, after)];
}

/// Renames the key `from` of the component at `path` (whose key field now says `to`) everywhere in
/// the page; `merge` joins the command to the key's typing, so one Undo takes it all back.
/// Resolves true when applied.
export function renameKey(path, from, to, merge) {
  if (!state.file || !state.doc || !from || !to || from === to) return Promise.resolve(false);
  const run = applyRename(path, from, to, merge);
  running.add(run);
  run.finally(() => running.delete(run));
  return run;
}

async function applyRename(path, from, to, merge) {
  const file = state.file;
  let response;
  try {
    response = await api.rename(file, state.doc, from, to, path);
  } catch {
    toast("The rename reached only the key: formwork design isn't answering", "note");
    return false;
  }
  const { ok, answer } = response;
  if (!ok || file !== state.file) {
    if (!ok) toast(`The rename reached only the key: ${answer.error || "the server refused it"}`, "note");
    return false;
  }
  const flows = answer.flows || [];
  if (flows.length) {
    const choice = await openDialog({
      id: "rename-flows", title: `Rename ${from} to ${to} in the flows too?`,
      body: [
        el("p", { text: `The page's flows name ${from}. Renaming changes them too (written when you save the page):` }),
        el("ul", { class: "rename-flows" }, ...flows.map((flow) => el("li", { "data-flow": flow.file },
          el("strong", { text: flow.file }), el("ul", {}, ...(flow.changes || []).map((change) => el("li", { text: change })))))),
      ],
      buttons: [{ label: "Rename everywhere", value: "rename", id: "rename-apply", primary: true }, { label: "Keep the old key", value: null, id: "rename-cancel" }],
    });
    if (choice !== "rename") {
      edit(`Set key ${from}`, [set([...path, "key"], from)], undefined, { merge });
      return false;
    }
  }
  const steps = diffSteps(state.doc, answer.document);
  // The keys as the flows name them: the key itself, or `use.key` for each use of a block.
  const keys = answer.keys || [{ from, to }];
  const data = (reverse) => (answer.dataPath ? (reverse ? { dataFrom: answer.dataPath.to, dataTo: answer.dataPath.from } : { dataFrom: answer.dataPath.from, dataTo: answer.dataPath.to }) : {});
  const renames = keys.map((key) => ({ from: key.from, to: key.to, ...data(false) }));
  const reverses = keys.map((key) => ({ from: key.to, to: key.from, ...data(true) })).reverse();
  const effect = {
    undo: () => {
      const tail = pending.slice(pending.length - renames.length);
      if (renames.length && tail.length === renames.length && tail.every((item, index) => item === renames[index])) pending.splice(pending.length - renames.length);
      else pending.push(...reverses);
    },
    redo: () => pending.push(...renames),
  };
  pending.push(...renames);
  edit(`Rename ${from} to ${to}`, steps, undefined, { merge, effect, relabel: true });
  return true;
}
