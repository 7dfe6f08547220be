// formwork design — taking in a page file that publishing changed: publishing raises a page's
// `version` in the file itself, and the editor takes the new file without dropping its undo
// history (only `version` differs, so every command still applies to the same paths).
import { state, markSaved, notify } from "./state.js";

/// True when `a` and `b` are the same page apart from their `version` member.
export function differsOnlyInVersion(a, b) {
  if (!a || !b || typeof a !== "object" || typeof b !== "object" || Array.isArray(a) || Array.isArray(b)) return false;
  const strip = (doc) => sorted(Object.fromEntries(Object.entries(doc).filter(([name]) => name !== "version")));
  return strip(a) === strip(b);
}

/// JSON text with every object's members sorted: the file may hold members in another order than
/// the editor (a save puts a new member where a person would, the editor appends it).
function sorted(value) {
  if (Array.isArray(value)) return `[${value.map(sorted).join(",")}]`;
  if (value && typeof value === "object") return `{${Object.keys(value).sort().map((name) => `${JSON.stringify(name)}:${sorted(value[name])}`).join(",")}}`;
  return JSON.stringify(value);
}

/// Takes `doc` (the file at `revision`) as the document, keeping the undo history, when it
/// differs from the one being edited only in `version`. Returns true when it did.
export function adoptVersionBump(doc, revision) {
  if (!differsOnlyInVersion(state.doc, doc)) return false;
  state.doc = doc;
  markSaved(revision);
  notify("edit");
  return true;
}
