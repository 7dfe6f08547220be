// formwork preview — the engine's questions as dialogs: pickers (a sheet on a phone),
// confirmations and alerts. The chain that asked waits until the person answers here.
import { el } from "./dom.js";
import { send } from "./actions.js";

const layer = document.getElementById("dialog-layer");
let shown = null;

/// Shows the question the engine waits on (the oldest), or nothing.
export function showQuestion(question) {
  if (!question) {
    shown = null;
    layer.hidden = true;
    layer.replaceChildren();
    return;
  }
  if (shown === question.id) return;
  shown = question.id;
  const answer = (extra) => {
    layer.hidden = true;
    send({ do: "answer", question: question.id, ...extra });
  };
  const parts = [el("h2", { id: "dialog-title", text: question.title || { picker: "Choose", confirm: "Are you sure?", alert: "" }[question.kind] })];
  if (question.message) parts.push(el("p", { text: question.message }));
  if (question.kind === "picker") {
    const options = el("div", { class: "options", role: "listbox", "aria-labelledby": "dialog-title" });
    question.options.forEach((title, index) => {
      const button = el("button", { type: "button", role: "option", class: index === question.selected ? "selected" : "", text: title });
      button.addEventListener("click", () => answer({ option: index }));
      options.append(button);
    });
    parts.push(options, buttons([["Cancel", () => answer({ option: null })]]));
  } else if (question.kind === "confirm") {
    parts.push(buttons([["Cancel", () => answer({ yes: false })], ["OK", () => answer({ yes: true }), true]]));
  } else {
    parts.push(buttons([["OK", () => answer({ dismiss: true }), true]]));
  }
  layer.className = "dialog-layer" + (question.kind === "picker" ? " sheet" : "");
  layer.replaceChildren(el("div", { class: "dialog", role: question.kind === "picker" ? "dialog" : "alertdialog", "aria-modal": "true", "aria-labelledby": "dialog-title", "data-kind": question.kind }, ...parts));
  layer.hidden = false;
  layer.querySelector(".default, .options button")?.focus();
}

function buttons(list) {
  return el("div", { class: "dialog-buttons" }, ...list.map(([title, action, isDefault]) => {
    const button = el("button", { type: "button", class: isDefault ? "default" : "", text: title });
    button.addEventListener("click", action);
    return button;
  }));
}
