// formwork design — comparing and merging page documents on their JSON structure: what differs
// between two versions (for a person to read), and a three-way merge of the editor's version and
// the file on disk against the version both started from. Changes to different places merge by
// themselves; changes to the same place are conflicts the person decides one by one.
import { pathText } from "./state.js";

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
/// A list whose elements are all objects with distinct string keys (components): merged by key.
function keyed(...lists) {
  return lists.every((list) => Array.isArray(list) && list.every((item) => isObject(item) && typeof item.key === "string")
    && new Set(list.map((item) => item.key)).size === list.length);
}

/// The value shown in a change, short.
export function shown(value) {
  if (value === undefined) return "(nothing)";
  const text = JSON.stringify(value);
  return text.length > 120 ? text.slice(0, 117) + "…" : text;
}

/// Where `before` and `after` differ: [{path, before, after}] (undefined: not there), leaves first
/// found, components of a list matched by key.
export function differences(before, after, path = []) {
  if (same(before, after)) return [];
  if (isObject(before) && isObject(after)) {
    const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return names.flatMap((name) => differences(before[name], after[name], [...path, name]));
  }
  if (keyed(before, after)) {
    const found = [];
    for (const [index, item] of after.entries()) {
      const old = before.find((other) => other.key === item.key);
      found.push(...differences(old, item, [...path, index]));
    }
    for (const old of before) if (!after.some((item) => item.key === old.key)) found.push({ path: [...path, `(${old.key})`], before: old, after: undefined });
    return found;
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    return after.flatMap((item, index) => differences(before[index], item, [...path, index]));
  }
  return [{ path, before, after }];
}

/// A line a person reads: "components[1].attributes.title: "Name" → "Your name"".
export function describe(change, left = "disk", right = "mine") {
  return `${pathText(change.path) || "the page"}: ${left} ${shown(change.before)} → ${right} ${shown(change.after)}`;
}

/// Merges `mine` and `theirs`, both changed from `base`. Returns {value, conflicts}; each conflict
/// is {path, base, mine, theirs, take} where `take` ("mine" or "theirs", default "mine") says which
/// side's value the merged document has there: change it and call `resolve` to apply a choice.
export function merge3(base, mine, theirs) {
  const conflicts = [];
  const value = mergeAt(base, mine, theirs, [], conflicts);
  return { value, conflicts };
}

function mergeAt(base, mine, theirs, path, conflicts) {
  if (same(mine, theirs)) return mine;
  if (same(base, mine)) return theirs;
  if (same(base, theirs)) return mine;
  if (isObject(mine) && isObject(theirs)) {
    const from = isObject(base) ? base : {};
    const result = {};
    const names = [...Object.keys(mine)];
    // A member only the disk added goes after the member it follows there.
    for (const [index, name] of Object.keys(theirs).entries()) {
      if (names.includes(name)) continue;
      const before = Object.keys(theirs)[index - 1];
      const found = before === undefined ? -1 : names.indexOf(before);
      names.splice(before === undefined ? 0 : found === -1 ? names.length : found + 1, 0, name);
    }
    for (const name of names) {
      const merged = mergeAt(from[name], mine[name], theirs[name], [...path, name], conflicts);
      if (merged !== undefined) result[name] = merged;
    }
    return result;
  }
  if (keyed(mine, theirs) && (base === undefined || keyed(base))) {
    const from = base || [];
    const find = (list, key) => list.find((item) => item.key === key);
    const keys = mine.map((item) => item.key);
    for (const [index, item] of theirs.entries()) {
      if (keys.includes(item.key) || find(from, item.key)) continue; // new on disk only
      const before = index > 0 ? theirs[index - 1].key : null;
      const found = before === null ? -1 : keys.indexOf(before);
      keys.splice(before === null ? 0 : found === -1 ? keys.length : found + 1, 0, item.key);
    }
    const result = [];
    for (const key of keys) {
      const merged = mergeAt(find(from, key), find(mine, key), find(theirs, key), [...path, `(${key})`], conflicts);
      if (merged !== undefined) result.push(merged);
    }
    return result;
  }
  if (Array.isArray(base) && Array.isArray(mine) && Array.isArray(theirs) && base.length === mine.length && mine.length === theirs.length) {
    return mine.map((item, index) => mergeAt(base[index], item, theirs[index], [...path, index], conflicts));
  }
  // Both changed the same place differently: the person chooses (mine until then).
  const conflict = { path, base, mine, theirs, take: "mine" };
  conflicts.push(conflict);
  conflict.slot = { value: mine };
  return conflict.slot;
}

/// The merged document with each conflict's choice (`take`) in place.
export function resolve(merged) {
  const fill = (value) => {
    for (const conflict of merged.conflicts) {
      if (value === conflict.slot) return clone(conflict.take === "theirs" ? conflict.theirs : conflict.mine);
    }
    if (Array.isArray(value)) return value.map(fill).filter((item) => item !== undefined);
    if (isObject(value)) {
      const result = {};
      for (const [name, item] of Object.entries(value)) {
        const filled = fill(item);
        if (filled !== undefined) result[name] = filled;
      }
      return result;
    }
    return value;
  };
  return fill(merged.value);
}

const clone = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));
