// formwork design — the one state object: the page being edited, the selection, and every edit as
// a command, so undo and redo are walks along one list. Panels never change `state.doc` directly:
// they call `edit(label, steps)` and redraw when `subscribe` calls them.

/// Paths are arrays of member names and array indices: ["components", 0, "attributes", "title"].
export const state = {
  /// The page file being edited, relative to the folder ("tip.json"); null on the page list.
  file: null,
  /// The page document as plain JSON values.
  doc: null,
  /// The file's revision (SHA-256) when it was loaded or last saved: what a save says it replaces.
  revision: null,
  /// The selected node's path, or null.
  selection: null,
  /// The locale text attributes are edited in (null: the page's default language).
  locale: null,
  /// What `/api/design/palette` answered: the registry description, blocks, common attributes.
  palette: null,
  /// The problems `check` found in the document as it is now.
  problems: [],
};

const done = [];       // commands applied, oldest first
const undone = [];     // commands undone, most recent last
let savedAt = 0;       // done.length when the document matched the file
let savedMarker = null; // the command on top of `done` when saved (null: none)
let savedText = "";    // the document as JSON text when it matched the file
const listeners = new Set();
/// How many edits undo can walk back (the issue asks for at least 100).
export const undoDepth = 500;

/// Calls `listener(reason)` after every change: "load", "edit", "undo", "redo", "select", "problems", "saved", "locale", "copied".
export function subscribe(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notify(reason) {
  for (const listener of [...listeners]) listener(reason);
}

// MARK: - Paths

/// The value at `path` in `root` (undefined when there is none).
export function getAt(root, path) {
  let node = root;
  for (const part of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = node[part];
  }
  return node;
}

/// The engine's way of writing a path: components[0].attributes.title.
export function pathText(path) {
  let text = "";
  for (const part of path) text += typeof part === "number" ? `[${part}]` : (text ? "." : "") + part;
  return text;
}

/// The path array of an engine path: "components[0].attributes.title" → ["components", 0, "attributes", "title"].
export function parsePath(text) {
  const path = [];
  for (const match of String(text).matchAll(/([^.[\]]+)|\[(\d+)\]/g)) path.push(match[2] !== undefined ? Number(match[2]) : match[1]);
  return path;
}

export function samePath(a, b) {
  return a !== null && b !== null && a.length === b.length && a.every((part, i) => part === b[i]);
}

/// True when `path` is `prefix` or inside it.
export function isWithin(path, prefix) {
  return path.length >= prefix.length && prefix.every((part, i) => path[i] === part);
}

export function clone(value) {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

// MARK: - Steps: the three primitive edits every command is made of

/// Sets the member or element at `path` to `value` (undefined removes an object member).
export const set = (path, value) => ({ op: "set", path, value: clone(value) });
/// Inserts `value` into the array at `path` before `index` (index = length appends).
export const insert = (path, index, value) => ({ op: "insert", path, index, value: clone(value) });
/// Removes element `index` of the array at `path`.
export const remove = (path, index) => ({ op: "remove", path, index });

function container(path) {
  const parent = getAt(state.doc, path.slice(0, -1));
  if (parent === null || typeof parent !== "object") throw new Error(`there is nothing at ${pathText(path.slice(0, -1)) || "the top"}`);
  return parent;
}

/// Applies one step and returns the step that undoes it.
function apply(step) {
  if (step.op === "set" && step.path.length === 0) {
    // The whole document (the raw JSON of the page): replaced as one value.
    const old = state.doc;
    state.doc = step.value;
    return { op: "set", path: [], value: old };
  }
  if (step.op === "set") {
    const parent = container(step.path);
    const key = step.path[step.path.length - 1];
    if (Array.isArray(parent)) {
      const old = parent[key];
      parent[key] = step.value;
      return { op: "set", path: step.path, value: old };
    }
    const had = Object.prototype.hasOwnProperty.call(parent, key);
    const old = parent[key];
    const position = Object.keys(parent).indexOf(key);
    if (step.value === undefined) delete parent[key];
    else if (had || step.position === undefined) parent[key] = step.value;
    else reorder(parent, key, step.value, step.position);
    // NB: undoing a removal puts the member back where it was, so member order (and the file's bytes) survive.
    return had ? { op: "set", path: step.path, value: old, position } : { op: "set", path: step.path, value: undefined };
  }
  const array = getAt(state.doc, step.path);
  if (!Array.isArray(array)) throw new Error(`${pathText(step.path)} is not a list`);
  if (step.op === "insert") {
    array.splice(step.index, 0, step.value);
    return { op: "remove", path: step.path, index: step.index };
  }
  const [old] = array.splice(step.index, 1);
  return { op: "insert", path: step.path, index: step.index, value: old };
}

function reorder(object, key, value, position) {
  const entries = Object.entries(object);
  entries.splice(position, 0, [key, value]);
  for (const name of Object.keys(object)) delete object[name];
  for (const [name, item] of entries) object[name] = item;
}

// MARK: - Commands

/// Applies `steps` as one command named `label` ("Add text-field"), which undo takes back whole.
/// `select` (optional) is the path to select afterwards. `options.merge` (optional): a key such as
/// "type:components[0].attributes.title"; an edit with the same key as the command on top of the
/// undo list (and nothing undone or saved since) joins that command, so typing a word is one undo step.
/// `options.effect` ({undo, redo}): what else undo and redo of the command do (rename.js's flow
/// renames); `options.relabel`: a joined edit names the command.
export function edit(label, steps, select, options) {
  const inverse = [];
  try {
    for (const step of steps) inverse.unshift(apply(step));
  } catch (error) {
    for (const step of inverse) apply(step);
    throw error;
  }
  const top = done[done.length - 1];
  const merge = options && options.merge;
  if (merge && top && top.merge === merge && undone.length === 0 && top !== savedMarker) {
    top.steps = top.steps.concat(steps);
    top.inverse = inverse.concat(top.inverse);
    if (options.effect) top.effects = (top.effects || []).concat([options.effect]);
    if (options.relabel) top.label = label;
    if (select !== undefined) {
      top.selectionAfter = select;
      state.selection = select;
    }
    notify("edit");
    return;
  }
  const selectionBefore = state.selection;
  done.push({ label, steps, inverse, selectionBefore, selectionAfter: select === undefined ? state.selection : select, merge, effects: options && options.effect ? [options.effect] : [] });
  if (done.length > undoDepth) {
    done.shift();
    savedAt -= 1;
  }
  undone.length = 0;
  if (select !== undefined) state.selection = select;
  notify("edit");
}

export function undo() {
  const command = done.pop();
  if (!command) return null;
  command.merge = undefined; // NB: typing after undo and redo starts a new command
  for (const step of command.inverse) apply(step);
  for (const effect of [...(command.effects || [])].reverse()) effect.undo();
  undone.push(command);
  state.selection = command.selectionBefore;
  notify("undo");
  return command.label;
}

export function redo() {
  const command = undone.pop();
  if (!command) return null;
  command.inverse = [];
  for (const step of command.steps) command.inverse.unshift(apply(step));
  for (const effect of command.effects || []) effect.redo();
  done.push(command);
  state.selection = command.selectionAfter;
  notify("redo");
  return command.label;
}

export const canUndo = () => done.length > 0;
export const canRedo = () => undone.length > 0;
export const undoLabel = () => (done.length ? done[done.length - 1].label : null);
export const redoLabel = () => (undone.length ? undone[undone.length - 1].label : null);

/// True when the document differs from the file as last loaded or saved.
export function isDirty() {
  if (done.length === savedAt && (done.length === 0 || done[done.length - 1] === savedMarker)) return false;
  // NB: edits that end where the file is (typing a word and deleting it again, a native undo in a
  // text field) leave nothing to save.
  return JSON.stringify(state.doc) !== savedText;
}

/// Starts editing `doc` (from `file` at `revision`): no undo history, nothing selected.
export function load(file, doc, revision) {
  state.file = file;
  state.doc = doc;
  state.revision = revision;
  state.selection = null;
  state.problems = [];
  done.length = 0;
  undone.length = 0;
  markSaved(revision);
  notify("load");
}

/// The document now matches the file at `revision`.
export function markSaved(revision) {
  state.revision = revision;
  savedAt = done.length;
  savedMarker = done.length ? done[done.length - 1] : null;
  savedText = JSON.stringify(state.doc);
  notify("saved");
}

/// The document as the file was when last loaded or saved: the base of a merge (conflict.js).
export const baseDocument = () => JSON.parse(savedText || "null");

/// The file is now `doc` at `revision` (a merge took the disk's version as its base): saves go over
/// it, and the editor's document is unsaved wherever it differs.
export function diskIs(revision, doc) {
  state.revision = revision;
  savedAt = -1;
  savedMarker = null;
  savedText = JSON.stringify(doc);
  notify("saved");
}

export function select(path) {
  state.selection = path;
  notify("select");
}
