// formwork design — a node's attributes as the editor sees them: each one a mode (literal,
// expression, template, text) and a value, read from the compact form ({NAME: VALUE}) or the
// canonical form ([{name, type, mode, value}]), and written back in the form the node already uses,
// so a page written one way stays written that way (Grammar.md 2.2).
import { state, getAt, set, insert, remove } from "./state.js";
import { typeOf } from "./types.js";

/// The members a localized value may have (Grammar.md 2.17).
const localizedMembers = ["text", "args"];

/// True when `raw` is a localized value: `{"text": KEY}` or `{"text": {LOCALE: TEXT}}`, maybe with `args`.
export function isLocalized(raw) {
  return isObject(raw) && "text" in raw && Object.keys(raw).every((name) => localizedMembers.includes(name));
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/// Where the attributes of the node at `nodePath` live. The page itself has one attribute,
/// `title`, written as a member of the page (`"title": VALUE`, compact).
function holder(nodePath) {
  if (nodePath.length === 0) return { page: true, path: [] };
  return { page: false, path: [...nodePath, "attributes"] };
}

/// The form the node's attributes are written in: "compact", "canonical", or "none" (no `attributes`).
export function formOf(nodePath) {
  if (nodePath.length === 0) return "compact";
  const attributes = getAt(state.doc, [...nodePath, "attributes"]);
  if (Array.isArray(attributes)) return "canonical";
  if (isObject(attributes)) return "compact";
  return "none";
}

/// Reads one compact value: {mode, value, args?, shape}; shape is "plain" (a literal or
/// {expr}/{template}/{text}) or "object" ({type?, mode, value}).
function readCompact(raw, type) {
  if (isLocalized(raw) && (type === undefined || type === "string" || type === "any")) {
    return { mode: "text", value: raw.text, args: raw.args, shape: "plain" };
  }
  if (isObject(raw)) {
    const keys = Object.keys(raw);
    if (keys.length === 1 && keys[0] === "expr") return { mode: "expression", value: raw.expr, shape: "plain" };
    if (keys.length === 1 && keys[0] === "template") return { mode: "template", value: raw.template, shape: "plain" };
    if ("mode" in raw && "value" in raw) return { mode: raw.mode, value: raw.value, shape: "object", type: raw.type };
  }
  return { mode: "literal", value: raw, shape: "plain" };
}

/// The attribute `name` of the node at `nodePath`:
/// `{ present, mode, value, args, path, form }`. `path` is where the attribute is written (what
/// the server's problems about it start with); `value` is the literal, the expression or template
/// source, or for "text" the key (or the {LOCALE: TEXT} object written in place).
export function readAttribute(nodePath, name, spec) {
  const type = spec && spec.type;
  const where = holder(nodePath);
  if (where.page) {
    const raw = state.doc ? state.doc[name] : undefined;
    if (raw === undefined) return { present: false, mode: "literal", value: undefined, path: [name], form: "compact" };
    return { present: true, ...readCompact(raw, type), path: [name], form: "compact" };
  }
  const attributes = getAt(state.doc, where.path);
  if (Array.isArray(attributes)) {
    const index = attributes.findIndex((item) => isObject(item) && item.name === name);
    if (index < 0) return { present: false, mode: "literal", value: undefined, path: [...where.path, attributes.length], form: "canonical" };
    const item = attributes[index];
    return { present: true, mode: item.mode || "literal", value: item.value, type: item.type, path: [...where.path, index], index, form: "canonical" };
  }
  const form = isObject(attributes) ? "compact" : "none";
  if (!isObject(attributes) || !(name in attributes)) return { present: false, mode: "literal", value: undefined, path: [...where.path, name], form };
  return { present: true, ...readCompact(attributes[name], type), path: [...where.path, name], form };
}

/// The names of the attributes the node has, in the order they are written.
export function presentNames(nodePath) {
  if (nodePath.length === 0) return state.doc && state.doc.title !== undefined ? ["title"] : [];
  const attributes = getAt(state.doc, [...nodePath, "attributes"]);
  if (Array.isArray(attributes)) return attributes.filter(isObject).map((item) => item.name);
  if (isObject(attributes)) return Object.keys(attributes);
  return [];
}

/// True when a literal must be written in the `{type, mode, value}` shape in compact form: an
/// object that would otherwise read as an expression, template, text or canonical value.
function literalNeedsShape(value) {
  if (!isObject(value)) return false;
  const keys = Object.keys(value);
  return (keys.length === 1 && (keys[0] === "expr" || keys[0] === "template")) || isLocalized(value) || ("mode" in value && "value" in value);
}

/// The compact value for `next` ({mode, value, args?}).
function compactValue(next, spec, old) {
  if (old && old.shape === "object" && next.mode !== "text") {
    const raw = getOld(old);
    return { ...raw, mode: next.mode, value: next.value };
  }
  if (next.mode === "expression") return { expr: next.value };
  if (next.mode === "template") return { template: next.value };
  if (next.mode === "text") return next.args && Object.keys(next.args).length ? { text: next.value, args: next.args } : { text: next.value };
  if (literalNeedsShape(next.value)) return { type: (spec && spec.type) || "any", mode: "literal", value: next.value };
  return next.value;
}

function getOld(old) {
  return getAt(state.doc, old.path);
}

/// The steps that give attribute `name` of the node at `nodePath` the value `next`
/// ({mode, value, args?}), or remove it when `next` is undefined — in the form the node uses.
export function writeAttribute(nodePath, name, spec, next) {
  const old = readAttribute(nodePath, name, spec);
  if (next === undefined) return removeSteps(nodePath, old);
  if (nodePath.length === 0) return [set([name], compactValue(next, spec, old.present ? old : null))];
  if (old.form === "canonical") {
    if (next.mode === "text") throw new Error("a text by key is written in the compact form only; this node uses the canonical form");
    if (old.present) {
      const item = getAt(state.doc, old.path);
      return [set(old.path, { ...item, mode: next.mode, value: next.value })];
    }
    const attributes = getAt(state.doc, [...nodePath, "attributes"]);
    return [insert([...nodePath, "attributes"], attributes.length, { name, type: (spec && spec.type) || "any", mode: next.mode, value: next.value })];
  }
  const value = compactValue(next, spec, old.present ? old : null);
  if (old.form === "none") return [set([...nodePath, "attributes"], { [name]: value })];
  return [set(old.path, value)];
}

function removeSteps(nodePath, old) {
  if (!old.present) return [];
  if (old.form === "canonical") return [remove([...nodePath, "attributes"], old.index)];
  return [set(old.path, undefined)];
}

/// The kinds of registered types a node at `path` is: "components", "actions", "validations",
/// "errorHandlers", or null for anything else (the page, a watcher, a chain). Reads the path the
/// way Grammar.md 2.1 nests nodes, so an action inside an `if`'s `then` or a `run` handler's
/// `actions` is found too.
export function kindAt(path) {
  return walk(path).kind;
}

/// `{kind, node}` for the node at `path` (see kindAt); also the owning context when it's a list.
export function walk(path) {
  let context = "page";
  let node = state.doc;
  for (let i = 0; i < path.length; i += 1) {
    const part = path[i];
    const next = node === null || node === undefined ? undefined : node[part];
    switch (context) {
      case "page":
        context = { components: "componentList", interactions: "chainMap", chains: "chainMap", watchers: "watcherList", onError: "handlerList", handlers: "handlerMap", blocks: "blockMap" }[part] || "other";
        break;
      case "componentList": context = "component"; break;
      case "component":
        context = { components: "componentList", fallback: "component", validations: "validationList", interactions: "chainMap", attributes: "attributes" }[part] || "other";
        break;
      case "action": context = { onError: "handlerList", attributes: "attributes" }[part] || "other"; break;
      case "handler":
      case "validation": context = part === "attributes" ? "attributes" : "other"; break;
      case "chainMap": context = "chain"; break;
      case "chain": context = "action"; break;
      case "chainList": context = "chain"; break;
      case "handlerMap": context = "handlerList"; break;
      case "handlerList": context = "handler"; break;
      case "validationList": context = "validation"; break;
      case "watcherList": context = "watcher"; break;
      case "watcher": context = part === "actions" ? "chain" : "other"; break;
      case "blockMap": context = "block"; break;
      case "block": context = { components: "componentList", interactions: "chainMap" }[part] || "other"; break;
      case "attributes": {
        // The owner is the node two steps up; its type says what the attribute holds.
        const owner = getAt(state.doc, path.slice(0, i - 1));
        const ownerKind = contextKind(contextBefore(path, i - 1));
        let name = part;
        if (typeof part === "number") {
          name = next && next.name;
          if (path[i + 1] === "value") {
            i += 1;
            node = next ? next.value : undefined;
            context = holdsContext(ownerKind, owner, name);
            continue;
          }
          context = "other";
          break;
        }
        context = holdsContext(ownerKind, owner, name);
        break;
      }
      default: context = "other";
    }
    node = next;
  }
  return { kind: contextKind(context), context, node };
}

function contextBefore(path, length) {
  return walkContext(path.slice(0, length));
}

function walkContext(path) {
  return walk(path).context;
}

function contextKind(context) {
  return { component: "components", action: "actions", validation: "validations", handler: "errorHandlers" }[context] || null;
}

function holdsContext(kind, owner, name) {
  if (!kind || !owner) return "other";
  const type = typeOf(kind, owner.id);
  const spec = type && (type.attributes || []).find((item) => item.name === name);
  if (!spec) return "other";
  return { actions: "chain", chains: "chainList", components: "componentList" }[spec.type] || "other";
}

// MARK: - Texts (Grammar.md 2.17)

/// The page's default language.
export function defaultLocale() {
  return (state.doc && state.doc.defaultLocale) || "en";
}

/// The language texts are edited in: the bar's locale, or the page's default.
export function editLocale() {
  return state.locale || defaultLocale();
}

/// The text of `key` in `locale` (undefined when that language lacks it).
export function textOf(key, locale) {
  const table = state.doc && state.doc.strings && state.doc.strings[locale];
  return table ? table[key] : undefined;
}

/// Every key of the page's strings, in the order first met (default language first).
export function textKeys() {
  const strings = (state.doc && state.doc.strings) || {};
  const keys = [];
  const locales = [defaultLocale(), ...Object.keys(strings).filter((locale) => locale !== defaultLocale())];
  for (const locale of locales) for (const key of Object.keys(strings[locale] || {})) if (!keys.includes(key)) keys.push(key);
  return keys;
}

/// The steps that write `text` as `key` in `locale`, creating the tables that are missing.
export function writeTextSteps(key, locale, text) {
  const strings = state.doc.strings;
  if (!isObject(strings)) return [set(["strings"], { [locale]: { [key]: text } })];
  if (!isObject(strings[locale])) return [set(["strings", locale], { [key]: text })];
  return [set(["strings", locale, key], text)];
}

/// A key for a new text: `base` made key-like and not yet used.
export function freshKey(base) {
  const keys = textKeys();
  let root = String(base || "text").replace(/[^A-Za-z0-9_.-]+/g, "") || "text";
  let key = root;
  for (let n = 2; keys.includes(key); n += 1) key = `${root}${n}`;
  return key;
}

/// The steps that move a literal string attribute into the page's strings: the text goes to
/// `strings[defaultLocale][key]` and the attribute becomes `{"text": key}`.
export function makeTranslatableSteps(nodePath, name, spec, key) {
  const current = readAttribute(nodePath, name, spec);
  const text = typeof current.value === "string" ? current.value : "";
  return [...writeTextSteps(key, defaultLocale(), text), ...writeAttribute(nodePath, name, spec, { mode: "text", value: key })];
}
