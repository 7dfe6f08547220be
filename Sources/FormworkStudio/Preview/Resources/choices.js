// formwork preview — the choice inputs: rating, radio, segmented, checkboxes, slider. Each is drawn
// with native inputs (radio buttons, checkboxes, a range input), so the keyboard and the mouse
// behave as the browser makes them: arrow keys move a radio group's choice and a slider, space
// ticks a checkbox. A rating is a radio group whose labels are stars. Every change is an edit the
// engine checks; what it stores comes back and is shown.
import { el, text } from "./dom.js";
import { send, pendingEdits } from "./actions.js";
import { optionTitle, optionValue, sameValue } from "./inputs.js";

let groups = 0;

/// A labelled group of native inputs: a fieldset with the title as its legend, and the error.
function group(className, role) {
  const legend = el("legend", { class: "fw-choice-title" });
  const body = el("div", { class: "fw-choice-body" });
  // NB: not role=alert: the engine announces a failed validation (a11y.js links the error).
  const error = el("div", { class: "fw-error" });
  const root = el("fieldset", { class: "fw-row fw-field fw-choice " + className, role }, legend, body, error);
  return {
    root, body, name: "fw-choice-" + ++groups,
    a11y: { target: root, label: legend, error },
    showCommon(node) {
      legend.textContent = text(node.attributes.title);
      error.textContent = node.error || "";
      error.hidden = !node.error;
      root.classList.toggle("fw-invalid", !!node.error);
      root.disabled = !node.enabled || !node.editable;
    },
  };
}

function options(node) {
  return Array.isArray(node.attributes.options) ? node.attributes.options : [];
}

/// One radio button per option; `edit` sends the chosen option's value.
function oneOf(className) {
  return (node) => {
    const row = group(className, "radiogroup");
    let inputs = [];
    let drawn = "";
    const view = {
      root: row.root,
      a11y: row.a11y,
      update(node) {
        const list = options(node);
        const shape = JSON.stringify(list);
        if (shape !== drawn) {
          drawn = shape;
          inputs = list.map((option, index) => {
            const input = el("input", { type: "radio", name: row.name, value: String(index) });
            input.addEventListener("change", () => { if (input.checked) send({ do: "edit", component: view.node.id, value: optionValue(option) }); });
            const label = el("label", { class: "fw-choice-option" }, input, el("span", { text: optionTitle(option) }));
            return { input, label, option };
          });
          row.body.replaceChildren(...inputs.map((item) => item.label));
        }
        row.showCommon(node);
        if (!pendingEdits.has(node.id)) for (const item of inputs) item.input.checked = sameValue(optionValue(item.option), node.attributes.value);
      },
    };
    return view;
  };
}

export const choiceBuilders = {
  radio: oneOf("fw-radio"),
  segmented: oneOf("fw-segmented"),

  checkboxes(node) {
    const row = group("fw-checkboxes", "group");
    let inputs = [];
    let drawn = "";
    const chosen = () => inputs.filter((item) => item.input.checked).map((item) => optionValue(item.option));
    const view = {
      root: row.root,
      a11y: row.a11y,
      update(node) {
        const list = options(node);
        const shape = JSON.stringify(list);
        if (shape !== drawn) {
          drawn = shape;
          inputs = list.map((option) => {
            const input = el("input", { type: "checkbox" });
            input.addEventListener("change", () => send({ do: "edit", component: view.node.id, value: chosen() }));
            return { input, option, label: el("label", { class: "fw-choice-option" }, input, el("span", { text: optionTitle(option) })) };
          });
          row.body.replaceChildren(...inputs.map((item) => item.label));
        }
        row.showCommon(node);
        const value = Array.isArray(node.attributes.value) ? node.attributes.value : [];
        if (!pendingEdits.has(node.id)) for (const item of inputs) item.input.checked = value.some((v) => sameValue(v, optionValue(item.option)));
      },
    };
    return view;
  },

  rating(node) {
    // NB: radio buttons (one per star, or per half star with halfSteps) under star labels: a click
    // on a star chooses it, arrow keys move the choice, and a screen reader reads "4 of 5".
    const row = group("fw-rating", "radiogroup");
    const shown = el("output", { class: "fw-rating-value" });
    let inputs = [];
    let drawn = "";
    const view = {
      root: row.root,
      a11y: row.a11y,
      update(node) {
        const max = Math.max(1, Math.min(10, Number.isInteger(node.attributes.max) ? node.attributes.max : 5));
        const half = node.attributes.halfSteps === true;
        const shape = `${max}/${half}`;
        if (shape !== drawn) {
          drawn = shape;
          const values = [];
          for (let n = half ? 0.5 : 1; n <= max; n += half ? 0.5 : 1) values.push(n);
          inputs = values.map((value) => {
            const input = el("input", { type: "radio", name: row.name, value: String(value), "aria-label": `${value} of ${max}` });
            input.addEventListener("change", () => { if (input.checked) send({ do: "edit", component: view.node.id, value }); });
            const star = el("span", { class: "fw-star", "aria-hidden": "true", text: "★" });
            const label = el("label", { class: "fw-star-option" + (half ? (value % 1 ? " fw-star-left" : " fw-star-right") : "") }, input, star);
            label.dataset.value = String(value);
            return { input, label, value };
          });
          row.body.replaceChildren(...inputs.map((item) => item.label), shown);
        }
        row.showCommon(node);
        const value = typeof node.attributes.value === "number" ? node.attributes.value : 0;
        for (const item of inputs) {
          item.label.classList.toggle("fw-on", item.value <= value);
          if (!pendingEdits.has(node.id)) item.input.checked = item.value === value;
        }
        shown.textContent = value ? `${value} / ${max}` : "";
      },
    };
    return view;
  },

  slider(node) {
    const range = el("input", { type: "range" });
    const shown = el("output", { class: "fw-slider-value" });
    const row = group("fw-slider", null);
    row.body.append(range, shown);
    row.a11y = { ...row.a11y, target: range, label: null };
    range.addEventListener("input", () => send({ do: "edit", component: view.node.id, value: Number(range.value) }));
    const view = {
      root: row.root,
      a11y: row.a11y,
      update(node) {
        const a = node.attributes;
        range.min = String(typeof a.min === "number" ? a.min : 0);
        range.max = String(typeof a.max === "number" ? a.max : 100);
        range.step = String(typeof a.step === "number" && a.step > 0 ? a.step : 1);
        row.showCommon(node);
        if (!pendingEdits.has(node.id) && typeof a.value === "number" && range.value !== String(a.value)) range.value = String(a.value);
        const label = text(a.valueLabel) || text(a.value);
        shown.textContent = label;
        range.setAttribute("aria-valuetext", label);
      },
    };
    return view;
  },
};
