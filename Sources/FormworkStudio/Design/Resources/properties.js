// formwork design — #properties: the selected component, action, validation or error handler.
// Its type's summary, its key (components), one field per attribute its type takes (the ones set
// first), a component's validations and an action's own error handlers.
import { el } from "/assets/dom.js";
import { state, subscribe, edit, getAt, set, pathText, samePath } from "./state.js";
import { typeOf, isHostType } from "./types.js";
import { walk } from "./attributes.js";
import { attributeField, fieldId } from "./field.js";
import { nodeList, orderedSpecs } from "./nodelist.js";
import { problemsAt, problemList } from "./exprfield.js";
import { accessibilityFields } from "./a11yfields.js";
import { renameKey, keyFieldFocused, keyFieldLeft } from "./rename.js";

const kindNames = { components: "component", actions: "action", validations: "validation", errorHandlers: "error handler" };

/// Draws the selected node into `root` (#properties) and keeps it current.
export function mountProperties(root = document.getElementById("properties")) {
  let fields = [];
  let drawn = null;
  let after = () => {};

  function signature() {
    const selection = state.selection;
    if (!state.doc || !state.palette || !selection) return "none";
    const { kind, node } = walk(selection);
    if (!kind || !node || typeof node !== "object") return `other:${pathText(selection)}`;
    const lists = [node.validations, node.onError].map((list) => (Array.isArray(list) ? list.map((item) => item && (item.id || item.use)).join(",") : "-"));
    return JSON.stringify([pathText(selection), kind, node.id, node.use, lists, state.locale]);
  }

  function draw() {
    const focused = root.contains(document.activeElement) ? document.activeElement : null;
    const focusId = focused && focused.id;
    const caret = focused && "selectionStart" in focused ? [focused.selectionStart, focused.selectionEnd] : null;
    fields = [];
    after = () => {};
    root.replaceChildren();
    drawn = signature();
    const selection = state.selection;
    if (drawn === "none" || drawn.startsWith("other:")) {
      root.hidden = true;
      return;
    }
    root.hidden = false;
    const { kind, node } = walk(selection);
    const type = typeOf(kind, node.id);
    const header = el("header", { class: "properties-head" },
      el("h2", { text: node.use ? `use ${node.use}` : node.id || "(no id)" }),
      el("span", { class: "kind", text: kindNames[kind] + (type && isHostType(kind, node.id) ? " · the app's" : type && type.library ? ` · ${type.library}` : "") }));
    root.append(header);
    if (type && type.summary) root.append(el("p", { class: "type-summary", text: type.summary }));
    if (!type && node.id) root.append(el("p", { class: "field-note error", text: `'${node.id}' is not a registered ${kindNames[kind]}; this app can't show it` }));
    const own = problemsAt(selection).filter((problem) => {
      const rest = problem.path.slice(pathText(selection).length);
      // NB: a missing required attribute shows under its field instead.
      return rest === "" || rest === ".id" || (rest === ".attributes" && !/needs the attribute '/.test(problem.message));
    });
    if (own.length) root.append(problemList(own));

    if (kind === "components") root.append(keyField(selection, node), descriptionField(selection));
    if (node.id && !node.use) {
      const group = el("section", { class: "attributes", "aria-label": "Attributes" }, el("h3", { text: "Attributes" }));
      const specs = orderedSpecs(kind, node.id, selection);
      if (specs.length === 0) group.append(el("p", { class: "empty", text: `${node.id} takes no attributes.` }));
      // NB: a component's `accessibility` gets a field per member, in a section of its own.
      const accessibility = kind === "components" ? specs.find((spec) => spec.name === "accessibility" && !spec.unknown) : null;
      for (const spec of specs) {
        if (spec === accessibility) continue;
        const field = attributeField({ nodePath: selection, spec, nodeKey: node.key });
        fields.push(field);
        group.append(field.element);
      }
      root.append(group);
      if (accessibility) {
        const field = accessibilityFields({ nodePath: selection, spec: accessibility });
        fields.push(field);
        root.append(field.element);
      }
    }
    if (kind === "components" && !(type && type.library !== undefined && type.library !== null) && !(state.doc.blocks && state.doc.blocks[node.id])) {
      const list = nodeList({ path: [...selection, "validations"], kind: "validations", title: "Validations", addId: "add-validation" });
      fields.push(...list.fields);
      root.append(list.element);
    }
    if (kind === "actions") {
      const list = nodeList({ path: [...selection, "onError"], kind: "errorHandlers", title: "When it fails (onError)", addId: "add-handler" });
      fields.push(...list.fields);
      root.append(list.element);
    }
    if (focusId) {
      const again = document.getElementById(focusId);
      if (again) {
        again.focus();
        if (caret && "setSelectionRange" in again) {
          try {
            again.setSelectionRange(caret[0], caret[1]);
          } catch {
            // NB: number inputs have no selection range.
          }
        }
      }
    }
  }

  function keyField(path, node) {
    const id = "node-key";
    const input = el("input", { id, type: "text", autocomplete: "off", "data-key-field": "", spellcheck: "false" });
    input.value = node.key || "";
    const note = el("p", { class: "field-note error", hidden: true });
    let merge = null;
    let session = 0;
    let original = null;
    // Leaving the field (or Enter) renames the key everywhere: rename.js. So does saving or
    // publishing while the field still has focus (settleRenames calls this first).
    const commit = () => {
      const key = input.value.trim();
      if (original && key && key !== original && input.getAttribute("aria-invalid") !== "true") {
        const from = original;
        original = key;
        renameKey(path, from, key, merge);
      }
    };
    input.addEventListener("focus", () => {
      merge = `${pathText(path)}.key#${++session}#${Date.now()}`;
      original = (getAt(state.doc, path) || {}).key || null;
      keyFieldFocused(commit);
    });
    input.addEventListener("change", commit);
    input.addEventListener("blur", () => keyFieldLeft(commit));
    input.addEventListener("input", () => {
      const key = input.value.trim();
      const current = getAt(state.doc, path);
      if (key && keysElsewhere(path).includes(key)) {
        note.textContent = `the key '${key}' is already used by another component; keys must be unique in a page`;
        note.hidden = false;
        input.setAttribute("aria-invalid", "true");
        return;
      }
      note.hidden = true;
      input.removeAttribute("aria-invalid");
      if ((current.key || "") === key) return;
      edit(key ? `Set key ${key}` : "Remove key", [set([...path, "key"], key || undefined)], undefined, { merge });
    });
    const problems = el("div");
    after = () => {
      if (document.activeElement !== input) input.value = (getAt(state.doc, path) || {}).key || "";
      problems.replaceChildren(problemList(problemsAt([...path, "key"])));
    };
    after();
    return el("div", { class: "field key-field", "data-attribute": "key" },
      el("div", { class: "field-head" }, el("label", { for: id, text: "key" }), el("span", { class: "field-type", text: "unique in the page" })),
      input, note, problems);
  }

  /// A node's `description`: a note for the people who edit the page (any node may have one).
  function descriptionField(path) {
    const id = "node-description";
    const input = el("input", { id, type: "text", autocomplete: "off", placeholder: "a note for whoever edits this page" });
    input.value = (getAt(state.doc, path) || {}).description || "";
    let merge = null;
    let session = 0;
    input.addEventListener("focus", () => (merge = `${pathText(path)}.description#${++session}#${Date.now()}`));
    input.addEventListener("input", () => edit("Set description", [set([...path, "description"], input.value === "" ? undefined : input.value)], undefined, { merge }));
    const previous = after;
    after = () => {
      previous();
      if (document.activeElement !== input) input.value = (getAt(state.doc, path) || {}).description || "";
    };
    return el("div", { class: "field description-field", "data-attribute": "description" },
      el("div", { class: "field-head" }, el("label", { for: id, text: "description" }), el("span", { class: "field-type", text: "for editors" })), input);
  }

  function update() {
    if (signature() !== drawn) return draw();
    for (const field of fields) field.update();
    after();
  }

  subscribe((reason) => {
    if (reason === "load" || reason === "select" || reason === "undo" || reason === "redo" || reason === "locale") draw();
    // NB: a newly selected node opens at its top (its key), not at the previous node's scroll position.
    if (reason === "load" || reason === "select") { const panel = root.closest(".panel"); if (panel) panel.scrollTop = 0; }
    else if (reason === "edit" || reason === "problems" || reason === "saved") update();
  });
  draw();
}

/// The keys of every component except the one at `path` (and what it holds).
export function keysElsewhere(path) {
  const keys = [];
  const visit = (value, at) => {
    if (samePath(at, path)) return;
    if (Array.isArray(value)) return value.forEach((item, index) => visit(item, [...at, index]));
    if (!value || typeof value !== "object") return;
    if (typeof value.id === "string" && typeof value.key === "string") keys.push(value.key);
    for (const [name, item] of Object.entries(value)) if (name !== "data" && name !== "strings" && name !== "blocks") visit(item, [...at, name]);
  };
  visit(state.doc && state.doc.components, ["components"]);
  return keys;
}

/// Scrolls to and focuses the field that writes `path` (a path array, such as a problem's): for
/// the problems list, after it selected the node the problem is about. Returns true when found.
export function revealPath(path) {
  const text = pathText(path);
  const fields = [...document.querySelectorAll("#inspector [data-attr-path]")]
    .filter((field) => field.dataset.attrPath && (text === field.dataset.attrPath || text.startsWith(field.dataset.attrPath + ".") || text.startsWith(field.dataset.attrPath + "[")));
  const field = fields.sort((a, b) => b.dataset.attrPath.length - a.dataset.attrPath.length)[0];
  if (!field) return false;
  field.scrollIntoView({ block: "nearest" });
  const input = field.querySelector("input, textarea, select");
  if (input) input.focus();
  return true;
}

export { fieldId };
