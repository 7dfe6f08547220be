// formwork preview — the built-in inputs: text, text area, number, switch, select, date, stepper.
// Each is a labelled row whose edits go to the engine; the engine's value comes back and is shown
// unless the person is typing in the field.
import { el, text } from "./dom.js";
import { send, request, pendingEdits } from "./actions.js";

/// A labelled input row: title, control, validation message.
function field(node, control, extraClass) {
  const id = "fw-input-" + node.id;
  control.id = id;
  const title = el("label", { for: id });
  // NB: no live region here: the engine announces a failed validate, and one the person is typing
  // into is read with the field (aria-describedby, a11y.js).
  const error = el("div", { class: "fw-error" });
  const wrapper = el("div", { class: "fw-control" }, control);
  const root = el("div", { class: "fw-row fw-field " + (extraClass || "") }, title, wrapper, error);
  return {
    root, title, wrapper, error,
    a11y: { target: control, label: title, error },
    showCommon(node) {
      title.textContent = text(node.attributes.title);
      error.textContent = node.error || "";
      error.hidden = !node.error;
      root.classList.toggle("fw-invalid", !!node.error);
      control.disabled = !node.enabled;
    },
  };
}

/// Keeps an input's text in step with the engine, except while the person is typing in it.
function syncText(input, value, id) {
  if (document.activeElement === input || pendingEdits.has(id)) return;
  const shown = text(value);
  if (input.value !== shown) input.value = shown;
}

/// Keeps an input's text at the engine's "text" for its value (in the page's locale), except while
/// the person is typing in it, or when what they typed shows a problem to fix.
function syncShown(input, node) {
  if (document.activeElement === input || pendingEdits.has(node.id) || node.error) return;
  const shown = node.text ?? text(node.attributes.value);
  if (input.value !== shown) input.value = shown;
}

/// A select's option, written as "Spicy" or {"title": "Spicy", "value": 2}.
export function optionTitle(option) {
  if (option !== null && typeof option === "object") return text(option.title ?? option.label ?? option.name ?? option.value ?? option.id);
  return text(option);
}

export function optionValue(option) {
  if (option !== null && typeof option === "object") return option.value ?? option.id ?? option;
  return option;
}

export function sameValue(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/// A masked field (`node.masked`): the engine's mask decides what each edit shows, so the browser
/// doesn't implement masks a second time. Each key press, deletion or paste is held back
/// (beforeinput), sent as {"do": "mask", text, selection, replaced, inserted} in order, and the
/// field shows the engine's text and caret. Edits made while one is on its way wait their turn and
/// apply to the text the engine answered, as if typed after it.
function maskTyping(input, view) {
  const waiting = [];
  let busy = false;
  input.addEventListener("beforeinput", (event) => {
    if (!view.node.masked) return;
    event.preventDefault();
    const data = event.data ?? (event.dataTransfer ? event.dataTransfer.getData("text/plain") : "") ?? "";
    waiting.push({ kind: event.inputType, data });
    pumpMask();
  });
  async function pumpMask() {
    if (busy) return;
    busy = true;
    while (waiting.length) {
      const { kind, data } = waiting.shift();
      const text = input.value;
      const start = input.selectionStart ?? text.length, end = input.selectionEnd ?? start;
      let replaced = [start, end], inserted = "";
      if (kind.startsWith("insert")) {
        inserted = data || "";
      } else if (kind.startsWith("deleteContentBackward") || kind.startsWith("deleteWordBackward") || kind.startsWith("deleteSoftLineBackward") || kind.startsWith("deleteHardLineBackward")) {
        if (start === end) replaced = [Math.max(0, start - 1), start];
      } else if (kind.startsWith("delete")) {
        if (start === end) replaced = [start, Math.min(text.length, start + 1)];
      } else {
        continue;
      }
      if (replaced[0] === replaced[1] && inserted === "") continue;
      const answer = await request({ do: "mask", component: view.node.id, text, selection: [start, end], replaced, inserted });
      if (answer.masked) {
        input.value = answer.masked.text;
        input.setSelectionRange(answer.masked.caret, answer.masked.caret);
      }
    }
    busy = false;
  }
}

const keyboards = {
  default: { type: "text" }, number: { type: "text", inputmode: "numeric" }, decimal: { type: "text", inputmode: "decimal" },
  email: { type: "email", inputmode: "email" }, phone: { type: "tel", inputmode: "tel" }, url: { type: "url", inputmode: "url" },
};

export const inputBuilders = {
  "text-field"(node) {
    const input = el("input", { type: "text" });
    const row = field(node, input);
    input.addEventListener("input", () => { if (!view.node.masked) send({ do: "edit", component: view.node.id, value: input.value }); });
    input.addEventListener("blur", () => view.sync());
    const view = {
      root: row.root,
      a11y: row.a11y,
      update(node) {
        const keyboard = keyboards[node.attributes.keyboard] || keyboards.default;
        const type = node.attributes.secure ? "password" : keyboard.type;
        if (input.type !== type) input.type = type;
        if (keyboard.inputmode) input.setAttribute("inputmode", keyboard.inputmode); else input.removeAttribute("inputmode");
        input.placeholder = text(node.attributes.placeholder);
        if (node.attributes.maxLength) input.maxLength = node.attributes.maxLength; else input.removeAttribute("maxlength");
        input.readOnly = !node.editable;
        input.title = node.editable ? "" : "computed by an expression: it binds one way";
        row.showCommon(node);
        view.sync();
      },
      sync() { if (view.node.masked) syncShown(input, view.node); else syncText(input, view.node.attributes.value, view.node.id); },
    };
    maskTyping(input, view);
    return view;
  },

  "text-area"(node) {
    const area = el("textarea", { rows: 3 });
    const counter = el("div", { class: "fw-counter" });
    const row = field(node, area, "fw-textarea");
    row.wrapper.append(counter);
    const count = () => {
      const max = view.node.attributes.maxLength;
      counter.hidden = !max;
      counter.textContent = max ? `${area.value.length} / ${max}` : "";
    };
    area.addEventListener("input", () => { count(); send({ do: "edit", component: view.node.id, value: area.value }); });
    area.addEventListener("blur", () => view.sync());
    const view = {
      root: row.root,
      a11y: row.a11y,
      update(node) {
        area.placeholder = text(node.attributes.placeholder);
        if (node.attributes.maxLength) area.maxLength = node.attributes.maxLength; else area.removeAttribute("maxlength");
        area.readOnly = !node.editable;
        row.showCommon(node);
        view.sync();
      },
      sync() { syncText(area, view.node.attributes.value, view.node.id); count(); },
    };
    return view;
  },

  "number-field"(node) {
    // NB: the engine reads what is typed, in the page's locale (1.234,5 in de), and says under
    // the field when it doesn't read; the field shows the engine's "text" for the value.
    const input = el("input", { type: "text", inputmode: "decimal" });
    const unit = el("span", { class: "fw-unit" });
    const row = field(node, input);
    row.wrapper.append(unit);
    input.addEventListener("input", () => { if (!view.node.masked) send({ do: "type", component: view.node.id, text: input.value }); });
    input.addEventListener("blur", () => view.sync());
    const view = {
      root: row.root,
      a11y: row.a11y,
      update(node) {
        input.placeholder = text(node.attributes.placeholder);
        unit.textContent = text(node.attributes.unit);
        unit.hidden = !node.attributes.unit;
        input.readOnly = !node.editable;
        row.showCommon(node);
        view.sync();
      },
      sync() { syncShown(input, view.node); },
    };
    maskTyping(input, view);
    return view;
  },

  switch(node) {
    const box = el("input", { type: "checkbox", role: "switch" });
    const row = field(node, box, "fw-switch");
    box.addEventListener("change", () => send({ do: "edit", component: view.node.id, value: box.checked }));
    const view = {
      root: row.root,
      a11y: row.a11y,
      update(node) {
        row.showCommon(node);
        box.disabled = !node.enabled || !node.editable;
        if (!pendingEdits.has(node.id)) box.checked = node.attributes.value === true;
      },
    };
    return view;
  },

  select(node) {
    const button = el("button", { type: "button", class: "fw-select-button" });
    const row = field(node, button, "fw-select");
    button.addEventListener("click", () => send({ do: "tap", component: view.node.id }));
    const view = {
      root: row.root,
      a11y: row.a11y,
      update(node) {
        const options = Array.isArray(node.attributes.options) ? node.attributes.options : [];
        const chosen = options.find((option) => sameValue(optionValue(option), node.attributes.value));
        const has = node.attributes.value !== null && node.attributes.value !== undefined;
        button.textContent = chosen ? optionTitle(chosen) : has ? text(node.attributes.value) : text(node.attributes.placeholder) || "Choose";
        button.classList.toggle("fw-chosen", !!chosen || has);
        row.showCommon(node);
      },
    };
    return view;
  },

  "date-field"(node) {
    // A text field, so the date reads and shows as the page's locale writes it (14.11.2023 in de,
    // 2023年11月14日 in zh-Hans); the store keeps yyyy-MM-dd whatever the locale.
    const input = el("input", { type: "text", inputmode: "numeric", autocomplete: "off" });
    const row = field(node, input);
    input.addEventListener("change", () => send({ do: "type", component: view.node.id, text: input.value }));
    input.addEventListener("blur", () => view.sync());
    const view = {
      root: row.root,
      a11y: row.a11y,
      update(node) {
        input.placeholder = text(node.attributes.min || node.attributes.max ? `${text(node.attributes.min)} – ${text(node.attributes.max)}` : "");
        input.readOnly = !node.editable;
        row.showCommon(node);
        view.sync();
      },
      sync() { syncShown(input, view.node); },
    };
    return view;
  },


  stepper(node) {
    const minus = el("button", { type: "button", "aria-label": "less", text: "−" });
    const plus = el("button", { type: "button", "aria-label": "more", text: "+" });
    // The value is the spinbutton assistive technology reads and a keyboard changes (arrow keys).
    const value = el("output", { class: "fw-stepper-value", role: "spinbutton", tabindex: "0" });
    const holder = el("span", { class: "fw-stepper-buttons" }, minus, plus);
    const row = field(node, holder, "fw-stepper");
    row.wrapper.prepend(value);
    row.title.id = "fw-name-" + node.id;
    // NB: named by its title until the engine's description says otherwise (a11y.js).
    value.setAttribute("aria-labelledby", row.title.id);
    const step = (direction) => {
      const attributes = view.node.attributes;
      const current = typeof attributes.value === "number" ? attributes.value : attributes.min ?? 0;
      let next = current + direction * (attributes.step || 1);
      if (typeof attributes.min === "number") next = Math.max(attributes.min, next);
      if (typeof attributes.max === "number") next = Math.min(attributes.max, next);
      if (next !== current) send({ do: "edit", component: view.node.id, value: next });
    };
    minus.addEventListener("click", () => step(-1));
    plus.addEventListener("click", () => step(1));
    value.addEventListener("keydown", (event) => {
      const direction = { ArrowUp: 1, ArrowRight: 1, ArrowDown: -1, ArrowLeft: -1 }[event.key];
      if (!direction || !view.node.enabled || !view.node.editable) return;
      event.preventDefault();
      step(direction);
    });
    const view = {
      root: row.root,
      a11y: { ...row.a11y, target: value },
      update(node) {
        row.showCommon(node);
        const attributes = node.attributes;
        value.textContent = text(attributes.value);
        for (const [name, number] of [["aria-valuenow", attributes.value], ["aria-valuemin", attributes.min], ["aria-valuemax", attributes.max]]) {
          if (typeof number === "number") value.setAttribute(name, String(number)); else value.removeAttribute(name);
        }
        const off = !node.enabled || !node.editable;
        minus.disabled = off || (typeof attributes.min === "number" && attributes.value <= attributes.min);
        plus.disabled = off || (typeof attributes.max === "number" && attributes.value >= attributes.max);
        row.title.removeAttribute("for");
      },
    };
    return view;
  },
};
