// formwork preview — the engine's accessibility description of each component, written as ARIA.
// The engine decides (name, role, value, hint, error, heading, hidden, group, enabled, required:
// `accessibility` in each component of the snapshot); this file only maps it, the way a SwiftUI or
// UIKit host maps it to modifiers. A view says which of its elements stands for the component
// (`view.a11y.target`, its root by default) and which show its name, heading and error.

/// The engine's roles (AccessibilityRole's raw values) → ARIA roles; "text" has none.
const ariaRoles = {
  button: "button", heading: "heading", text: null, image: "img", textField: "textbox", textArea: "textbox",
  switch: "switch", checkbox: "checkbox", radioGroup: "radiogroup", picker: "combobox", adjustable: "spinbutton", slider: "slider",
  group: "group", list: "list", status: "status", alert: "alert", none: "presentation",
};

/// ARIA roles → the role Chromium's accessibility tree reports for them.
const treeRoles = { img: "image", presentation: null };

/// Roles that may say they must be filled in (aria-required); on others ARIA forbids it.
const requirable = new Set(["textbox", "combobox", "spinbutton", "checkbox", "switch", "radiogroup", "listbox"]);

/// The ARIA role an element has without a role attribute, for the elements views draw.
function nativeRole(element) {
  switch (element.localName) {
    case "button": return "button";
    case "textarea": return "textbox";
    case "img": return "img";
    case "fieldset": return "group";
    case "input":
      if (element.type === "checkbox") return "checkbox";
      if (element.type === "range") return "slider";
      if (element.type === "file") return "button";
      return ["text", "email", "tel", "url", "search"].includes(element.type) ? "textbox" : null;
    default: return null;
  }
}

function setAttribute(element, name, value) {
  if (value === null || value === undefined || value === false) element.removeAttribute(name);
  else if (element.getAttribute(name) !== String(value)) element.setAttribute(name, String(value));
}

const squash = (value) => (value || "").replace(/\s+/g, " ").trim();

/// A visually hidden element holding `text` (a hint), made the first time one is needed.
function hiddenText(view, key, text) {
  let holder = view.a11yTexts?.[key];
  if (!text) {
    if (holder) holder.hidden = true;
    return null;
  }
  if (!holder) {
    holder = document.createElement("span");
    holder.className = "visually-hidden";
    holder.id = `fw-${key}-${view.node.id}`;
    view.root.append(holder);
    view.a11yTexts = { ...view.a11yTexts, [key]: holder };
  }
  holder.hidden = false;
  holder.textContent = text;
  return holder.id;
}

function idOf(element, prefix, view) {
  if (!element.id) element.id = `fw-${prefix}-${view.node.id}`;
  return element.id;
}


/// Writes `node.accessibility` onto the view's elements as ARIA.
export function applyAccessibility(view, node) {
  const description = node.accessibility;
  if (!description) return;
  const parts = view.a11y || {};
  const target = parts.target || view.root;
  const role = description.role in ariaRoles ? ariaRoles[description.role] : null;

  // Hidden from assistive technology (accessibility.hidden, a decorative image): the whole row.
  setAttribute(view.root, "aria-hidden", description.hidden && !node.hidden ? "true" : null);

  // Role: only where the element isn't that already.
  setAttribute(target, "role", role && role !== nativeRole(target) ? role : null);
  if (target.localName === "img") {
    target.alt = role === "presentation" ? "" : description.name;
  }

  // Name: the field's <label for> when it says the same, or the element's own text (a button's);
  // else aria-label, the engine's words (a header drawn in capitals is still read as written).
  const label = parts.label || null;
  const named = role !== null && role !== "presentation" && target.localName !== "img";
  if (named) {
    const labelPoints = label && label.localName === "label" && target.id !== "" && label.htmlFor === target.id;
    const shown = labelPoints ? squash(label.textContent) : parts.nameFromContent ? squash(target.textContent) : null;
    const sameAsShown = shown !== null && shown === squash(description.name);
    setAttribute(target, "aria-labelledby", null);
    setAttribute(target, "aria-label", !sameAsShown && description.name ? description.name : null);
  }

  // A heading: the component itself (accessibility.heading on a label), or its header (a section's).
  const heading = role === "heading" ? target : parts.heading || null;
  if (heading) {
    const level = description.headingLevel;
    setAttribute(heading, "role", level ? "heading" : null);
    setAttribute(heading, "aria-level", level || null);
    if (heading !== target) setAttribute(heading, "aria-label", level && description.name ? description.name : null);
  }

  // Hint and error: read after the name.
  const described = [hiddenText(view, "hint", description.hint)];
  if (parts.error && description.error) described.push(idOf(parts.error, "error", view));
  setAttribute(target, "aria-describedby", described.filter(Boolean).join(" ") || null);
  setAttribute(target, "aria-invalid", description.error ? "true" : null);
  setAttribute(target, "aria-required", description.required && requirable.has(role) ? "true" : null);
  setAttribute(target, "aria-disabled", !description.enabled && !("disabled" in target) ? "true" : null);
  // A picker opens the engine's question as a dialog of its own; it is never expanded in place.
  setAttribute(target, "aria-expanded", role === "combobox" ? "false" : null);
  setAttribute(target, "aria-haspopup", role === "combobox" ? "dialog" : null);

  // Read as one element with its children (accessibility.group): a row of a label and its value.
  if (target !== view.root) setAttribute(view.root, "role", description.group ? "group" : null);
  if (description.group && target !== view.root) setAttribute(view.root, "aria-label", description.name || null);

  target.dataset.a11yFor = String(node.id);
}

/// For the browser test: what Chromium's accessibility tree should say of each component shown,
/// `[{id, type, key, role, name}]`, role and name as Chromium reports them (null: not compared).
export function expectations(views, nodes) {
  const out = [];
  const walk = (list, hiddenAbove) => {
    for (const node of list) {
      const description = node.accessibility;
      const hidden = hiddenAbove || node.hidden || (description && description.hidden);
      if (description && !hidden && views.has(node.id)) {
        const aria = description.role in ariaRoles ? ariaRoles[description.role] : null;
        const role = aria && aria in treeRoles ? treeRoles[aria] : aria;
        out.push({ id: node.id, type: node.type, key: node.key, role, name: role === null ? null : description.name });
      }
      walk(node.children || [], hidden);
    }
  };
  walk(nodes, false);
  return out;
}
