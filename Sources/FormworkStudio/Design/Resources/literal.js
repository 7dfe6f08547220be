// formwork design — an attribute written as a literal: the input its type calls for (text, a
// whole or decimal number, a checkbox, a choice of its values, the page's component keys, JSON,
// a store path with the page's paths to choose from). Part of field.js's attribute editor.
import { el } from "/assets/dom.js";
import { state } from "./state.js";
import { writeAttribute } from "./attributes.js";
import { storePaths, pageIds, interactionNames, componentKeys, datalist } from "./suggest.js";
import { flat } from "./textfield.js";

/// Draws the literal's input into `ctx.body`; returns the function that shows the document in it.
export function drawLiteral(ctx, current) {
  const { nodePath, spec, name, id, body, begin, write, commit, idle } = ctx;
  const value = current.value;
  const placeholder = spec.default !== undefined ? `default: ${flat(spec.default)}` : "";
  if (Array.isArray(spec.values) && spec.values.length) {
    const select = el("select", { id });
    const note = el("span", { class: "field-note", hidden: true });
    select.append(el("option", { value: "", text: spec.default !== undefined ? `(default: ${flat(spec.default)})` : "(not set)" }));
    for (const option of spec.values) select.append(el("option", { value: String(option), text: String(option) }));
    // A value the list doesn't hold as written: its own entry, shown only when `check` refuses it
    // or no listed value matches it but for case (`post` for POST, which `api` sends as POST).
    const odd = el("option", { value: "", text: "" });
    select.addEventListener("change", () => {
      if (select.value === "") return commit(`Remove ${name}`, writeAttribute(nodePath, name, spec, undefined), false);
      if (select.value === odd.value && odd.isConnected) return;
      const chosen = spec.values.find((option) => String(option) === select.value);
      write({ mode: "literal", value: chosen === undefined ? select.value : chosen }, `Set ${name}`);
      ctx.endMerge();
    });
    body.append(el("div", { class: "check-row" }, select, note));
    return (now, found) => {
      const written = now.present ? String(now.value) : "";
      const exact = !now.present || spec.values.map(String).includes(written);
      // NB: matched but for case only while `check` takes it as written: the engine then means the
      // listed value (api's method is sent in capitals), so the menu shows that one and the file
      // keeps what the author wrote until they pick another.
      const refused = (found || []).some((problem) => problem.severity === "error");
      const alike = exact || refused || typeof now.value !== "string" ? undefined
        : spec.values.find((option) => typeof option === "string" && option.toLowerCase() === written.toLowerCase());
      if (!exact && alike === undefined) {
        odd.value = written;
        odd.textContent = `${flat(now.value)} (not one of the values)`;
        if (!odd.isConnected) select.append(odd);
      } else if (odd.isConnected) {
        odd.remove();
      }
      note.hidden = alike === undefined;
      note.textContent = alike === undefined ? "" : `written "${written}", read as ${alike}`;
      if (idle(select)) select.value = now.present ? (alike === undefined ? written : String(alike)) : "";
    };
  }
  if (spec.type === "bool") {
    const box = el("input", { id, type: "checkbox" });
    const note = el("span", { class: "field-note" });
    box.addEventListener("change", () => {
      write({ mode: "literal", value: box.checked }, `${box.checked ? "Turn on" : "Turn off"} ${name}`);
      ctx.endMerge();
    });
    body.append(el("div", { class: "check-row" }, box, note));
    return (now) => {
      box.checked = now.present ? now.value === true : spec.default === true;
      box.indeterminate = now.present && typeof now.value !== "boolean";
      note.textContent = now.present ? (typeof now.value === "boolean" ? "" : `not a bool: ${flat(now.value)}`) : `not set (default ${spec.default === undefined ? "false" : flat(spec.default)})`;
    };
  }
  if (spec.type === "int" || spec.type === "number") {
    const input = el("input", { id, type: "number", step: spec.type === "int" ? "1" : "any", placeholder, inputmode: spec.type === "int" ? "numeric" : "decimal" });
    input.addEventListener("focus", begin);
    input.addEventListener("input", () => {
      if (input.validity.badInput) return ctx.showLocal("not a number yet");
      if (input.value === "") return commit(`Remove ${name}`, writeAttribute(nodePath, name, spec, undefined));
      const number = Number(input.value);
      if (spec.type === "int" && !Number.isInteger(number)) return ctx.showLocal(`${name} is a whole number`);
      write({ mode: "literal", value: number });
    });
    body.append(input);
    return (now) => {
      if (idle(input)) input.value = now.present && now.value !== null ? String(now.value) : "";
    };
  }
  if (spec.type === "string") {
    const options = { id, type: "text", placeholder, autocomplete: "off" };
    if (spec.role === "storePath") {
      options.list = datalist("store-paths", storePaths());
      options.placeholder = placeholder || "$data.name";
    }
    else if (spec.role === "pageID") options.list = datalist("page-ids", pageIds());
    else if (spec.role === "interactionName") options.list = datalist("interaction-names", interactionNames());
    if (spec.role) options["data-role"] = spec.role;
    const multiline = typeof value === "string" && value.includes("\n");
    const input = multiline ? el("textarea", { id, rows: 3 }) : el("input", options);
    input.addEventListener("focus", () => {
      begin();
      if (spec.role === "storePath") datalist("store-paths", storePaths());
    });
    input.addEventListener("input", () => write({ mode: "literal", value: input.value }));
    body.append(input);
    const hasStrings = Boolean(state.doc && state.doc.strings && Object.keys(state.doc.strings).length);
    if (hasStrings && !spec.role && current.form !== "canonical" && typeof value === "string" && value.trim()) {
      const translate = el("button", { type: "button", class: "link", "data-translate": name, text: "make translatable" });
      translate.addEventListener("click", () => ctx.switchMode("text"));
      body.append(translate);
    }
    return (now) => {
      if (idle(input)) input.value = now.present && now.value !== null ? flat(now.value) : "";
    };
  }
  if (spec.role === "componentKeys" && (value === undefined || Array.isArray(value))) {
    // The page's component keys, each a checkbox; written in page order.
    const group = el("fieldset", { class: "key-choices", id });
    group.append(el("legend", { class: "small", text: "components (none: all visible ones)" }));
    const boxes = [];
    for (const key of componentKeys()) {
      const boxId = `${id}-${key.replace(/[^A-Za-z0-9_-]+/g, "_")}`;
      const box = el("input", { type: "checkbox", id: boxId, value: key, "data-component-key": key });
      box.addEventListener("change", () => {
        const chosen = boxes.filter((item) => item.checked).map((item) => item.value);
        ctx.endMerge();
        if (chosen.length === 0) commit(`Remove ${name}`, writeAttribute(nodePath, name, spec, undefined), false);
        else commit(`Set ${name}`, writeAttribute(nodePath, name, spec, { mode: "literal", value: chosen }), false);
      });
      boxes.push(box);
      group.append(el("span", { class: "key-choice" }, box, el("label", { for: boxId, text: key })));
    }
    body.append(group);
    return (now) => {
      const chosen = Array.isArray(now.value) ? now.value : [];
      for (const box of boxes) box.checked = chosen.includes(box.value);
    };
  }
  // array, object, any: JSON.
  const area = el("textarea", { id, class: "json-input", rows: 3, spellcheck: "false", placeholder: placeholder || (spec.type === "array" ? "[ ]" : spec.type === "object" ? "{ }" : "JSON") });
  if (spec.role === "componentKeys") area.title = "component keys: " + componentKeys().join(", ");
  area.addEventListener("focus", begin);
  area.addEventListener("input", () => {
    if (area.value.trim() === "") return commit(`Remove ${name}`, writeAttribute(nodePath, name, spec, undefined));
    const parsed = parseJSON(area.value);
    if (parsed.error) {
      // Plain words where JSON is asked for: say how to write a text.
      const hint = spec.type === "any" && /^[^\s"[{\d-]/.test(area.value.trim()) && !/^(true|false|null)\b/.test(area.value.trim()) ? `; a text is written in double quotes: ${JSON.stringify(area.value.trim())}` : "";
      return ctx.showLocal(parsed.error + hint);
    }
    if (spec.type === "array" && !Array.isArray(parsed.value)) return ctx.showLocal(`${name} is an array: [ … ]`);
    if (spec.type === "object" && (parsed.value === null || typeof parsed.value !== "object" || Array.isArray(parsed.value))) return ctx.showLocal(`${name} is an object: { … }`);
    write({ mode: "literal", value: parsed.value });
  });
  body.append(area);
  return (now) => {
    if (idle(area)) {
      area.value = now.present ? JSON.stringify(now.value, null, 1).replace(/\n\s*/g, " ") : "";
      area.rows = Math.min(8, Math.max(2, Math.ceil(area.value.length / 40)));
    }
  };
}

/// `{value}` or `{error: "line L, column C: …"}` for JSON text.
export function parseJSON(text) {
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    const found = jsonError(text);
    const before = text.slice(0, found.at).split("\n");
    return { error: `line ${before.length}, column ${before[before.length - 1].length + 1}: ${found.message}` };
  }
}

/// Where JSON text first goes wrong and why (browsers' own messages don't all say where).
function jsonError(text) {
  let at = 0;
  const fail = (message) => {
    throw { at, message };
  };
  const space = () => {
    while (at < text.length && " \t\n\r".includes(text[at])) at += 1;
  };
  const describe = () => (at >= text.length ? "the text ends too early" : `unexpected ${JSON.stringify(text[at])}`);
  const value = () => {
    space();
    const c = text[at];
    if (c === "{") {
      at += 1;
      space();
      if (text[at] === "}") return (at += 1);
      for (;;) {
        space();
        if (text[at] !== '"') fail(`${describe()}; expected a member name in double quotes`);
        string();
        space();
        if (text[at] !== ":") fail(`${describe()}; expected ':'`);
        at += 1;
        value();
        space();
        if (text[at] === ",") {
          at += 1;
          continue;
        }
        if (text[at] === "}") return (at += 1);
        fail(`${describe()}; expected ',' or '}'`);
      }
    }
    if (c === "[") {
      at += 1;
      space();
      if (text[at] === "]") return (at += 1);
      for (;;) {
        value();
        space();
        if (text[at] === ",") {
          at += 1;
          continue;
        }
        if (text[at] === "]") return (at += 1);
        fail(`${describe()}; expected ',' or ']'`);
      }
    }
    if (c === '"') return string();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(at));
    if (literal) return (at += literal[0].length);
    fail(`${describe()}; expected a value`);
  };
  const string = () => {
    at += 1;
    while (at < text.length && text[at] !== '"') {
      if (text[at] === "\\") at += 1;
      else if (text.charCodeAt(at) < 0x20) fail("a line break or control character inside a string");
      at += 1;
    }
    if (at >= text.length) fail("a string is not closed");
    at += 1;
  };
  try {
    value();
    space();
    if (at < text.length) fail(`${describe()} after the value`);
  } catch (found) {
    if (found && typeof found.at === "number") return found;
  }
  return { at: 0, message: "not valid JSON" };
}
