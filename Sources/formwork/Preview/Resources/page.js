// formwork preview — the live page.
//
// The page runs in `formwork preview` (the engine); this file only draws what the engine says and
// sends back what the person does:
//   GET  /api/preview/FILE/events   server-sent events: `state` (the whole page, numbered by
//                                   revision), `log` (new trace lines, messages, requests), `stopped`
//   POST /api/preview/FILE/actions  {"do": "edit" | "tap" | "trigger" | "answer" | "back" | "restart", …}
// Components keep their element while they stay on the page, so typing never loses the caret.
"use strict";

const pagePath = location.pathname.replace(/^\/preview\//, "");
const pageFile = pagePath.split("/").map(decodeURIComponent).join("/");
const api = "/api/preview/" + pagePath;

let state = null;
const log = { trace: [], messages: [], requests: new Map() };
const views = new Map();
let seen = new Set();
let activeTab = "data";
let shownQuestion = null;
const pendingEdits = new Map();   // component id → edits sent or queued, not yet answered

// ---------- Small helpers ----------

function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "text") node.textContent = value;
    else if (name === "class") node.className = value;
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

function text(value) {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/// A picture URL as the browser can load it: web URLs as they are, paths inside the served
/// folder through /files/ (relative to the page's folder, or to the folder's root with a leading /).
function pictureURL(url) {
  if (!url) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith("//")) return url;
  const folder = pageFile.includes("/") ? pageFile.slice(0, pageFile.lastIndexOf("/") + 1) : "";
  const inside = url.startsWith("/") ? url.slice(1) : folder + url;
  return "/files/" + inside.split("/").map(encodeURIComponent).join("/");
}

function optionTitle(option) {
  if (option !== null && typeof option === "object") return text(option.title ?? option.label ?? option.name ?? option.value ?? option.id);
  return text(option);
}

function optionValue(option) {
  if (option !== null && typeof option === "object") return option.value ?? option.id ?? option;
  return option;
}

function sameValue(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

// ---------- Sending what the person does ----------

const queue = [];
let sending = false;

/// Queues an action; consecutive edits of one component are merged so typing fast sends the
/// latest text, in order with everything else.
function send(action) {
  const last = queue[queue.length - 1];
  if (action.do === "edit" && last && last.do === "edit" && last.component === action.component) {
    last.value = action.value;
  } else {
    queue.push(action);
    if (action.do === "edit") pendingEdits.set(action.component, (pendingEdits.get(action.component) || 0) + 1);
  }
  pump();
}

async function pump() {
  if (sending) return;
  sending = true;
  while (queue.length) {
    const action = queue.shift();
    try {
      const response = await fetch(api + "/actions", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(action),
      });
      const body = await response.json().catch(() => ({}));
      if (body.error) toast(body.error, "note");
      else if (body.note) toast(body.note, "note");
    } catch (error) {
      toast("The preview isn't answering; is formwork preview still running?", "note");
    }
    if (action.do === "edit") {
      const left = (pendingEdits.get(action.component) || 1) - 1;
      if (left > 0) pendingEdits.set(action.component, left); else pendingEdits.delete(action.component);
      views.get(action.component)?.sync?.();
    }
  }
  sending = false;
}

// ---------- Drawing components ----------

/// Puts the views of `nodes` into `container`, in order, reusing each component's element.
function renderInto(container, nodes) {
  const wanted = nodes.map((node) => viewFor(node).root);
  wanted.forEach((child, index) => {
    if (container.children[index] !== child) container.insertBefore(child, container.children[index] || null);
  });
  while (container.children.length > wanted.length) container.lastElementChild.remove();
}

function viewFor(node) {
  let view = views.get(node.id);
  if (!view || view.type !== node.type) {
    view = (builders[node.type] || builders.unknown)(node);
    view.type = node.type;
    view.root.dataset.id = node.id;
    view.root.dataset.type = node.type;
    if (node.key) view.root.dataset.key = node.key;
    views.set(node.id, view);
  }
  seen.add(node.id);
  view.node = node;
  view.root.hidden = node.hidden;
  view.root.classList.toggle("fw-disabled", !node.enabled);
  view.update(node);
  return view;
}

/// A labelled input row: title, control, validation message.
function field(node, control, extraClass) {
  const id = "fw-input-" + node.id;
  control.id = id;
  const title = el("label", { for: id });
  const error = el("div", { class: "fw-error", role: "alert" });
  const wrapper = el("div", { class: "fw-control" }, control);
  const root = el("div", { class: "fw-row fw-field " + (extraClass || "") }, title, wrapper, error);
  return {
    root, title, wrapper, error,
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

const keyboards = {
  default: { type: "text" }, number: { type: "text", inputmode: "numeric" }, decimal: { type: "text", inputmode: "decimal" },
  email: { type: "email", inputmode: "email" }, phone: { type: "tel", inputmode: "tel" }, url: { type: "url", inputmode: "url" },
};

const builders = {
  section(node) {
    const header = el("div", { class: "fw-section-header" });
    const body = el("div", { class: "fw-section-body" });
    const footer = el("div", { class: "fw-section-footer" });
    const root = el("section", { class: "fw-section" }, header, body, footer);
    return {
      root,
      update(node) {
        header.textContent = text(node.attributes.header);
        header.hidden = !node.attributes.header;
        footer.textContent = text(node.attributes.footer);
        footer.hidden = !node.attributes.footer;
        renderInto(body, node.children);
        body.hidden = node.children.length === 0;
      },
    };
  },

  group(node) {
    const title = el("div", { class: "fw-group-title" });
    const body = el("div", { class: "fw-group-body" });
    const root = el("div", { class: "fw-group" }, title, body);
    return {
      root,
      update(node) {
        title.textContent = text(node.attributes.title);
        title.hidden = !node.attributes.title;
        renderInto(body, node.children);
      },
    };
  },

  status(node) {
    const body = el("div", { class: "fw-status-body" });
    const note = el("div", { class: "fw-status-note" });
    const root = el("div", { class: "fw-status" }, note, body);
    return {
      root,
      update(node) {
        const stateName = text(node.attributes.state) || "normal";
        renderInto(body, node.children);
        const fallback = { loading: "Loading…", empty: "Nothing here yet.", error: "Something went wrong." }[stateName];
        note.hidden = !(fallback && node.children.length === 0);
        note.replaceChildren(...(stateName === "loading" ? [el("span", { class: "fw-spinner" })] : []), fallback || "");
        root.dataset.state = stateName;
      },
    };
  },

  list(node) {
    const body = el("div", { class: "fw-list-body" });
    const root = el("div", { class: "fw-list" }, body);
    return { root, update(node) { renderInto(body, node.children); } };
  },

  label(node) {
    const paragraph = el("p", { class: "fw-label-body" });
    const root = el("div", { class: "fw-row fw-label" }, paragraph);
    return {
      root,
      update(node) {
        paragraph.textContent = text(node.attributes.text);
        paragraph.className = "fw-label-" + (text(node.attributes.style) || "body");
      },
    };
  },

  "text-field"(node) {
    const input = el("input", { type: "text" });
    const row = field(node, input);
    input.addEventListener("input", () => send({ do: "edit", component: view.node.id, value: input.value }));
    input.addEventListener("blur", () => view.sync());
    const view = {
      root: row.root,
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
      sync() { syncText(input, view.node.attributes.value, view.node.id); },
    };
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
    const input = el("input", { type: "text", inputmode: "decimal" });
    const unit = el("span", { class: "fw-unit" });
    const row = field(node, input);
    row.wrapper.append(unit);
    let localProblem = null;
    input.addEventListener("input", () => {
      const typed = input.value.trim().replace(",", ".");
      const number = typed === "" ? null : Number(typed);
      localProblem = number === null || Number.isFinite(number) ? null : "Enter a number";
      row.showCommon(view.node);
      showLocal();
      if (!localProblem) send({ do: "edit", component: view.node.id, value: number });
    });
    input.addEventListener("blur", () => view.sync());
    const showLocal = () => {
      if (!localProblem) return;
      row.error.textContent = localProblem;
      row.error.hidden = false;
      row.root.classList.add("fw-invalid");
    };
    const view = {
      root: row.root,
      update(node) {
        input.placeholder = text(node.attributes.placeholder);
        unit.textContent = text(node.attributes.unit);
        unit.hidden = !node.attributes.unit;
        input.readOnly = !node.editable;
        row.showCommon(node);
        showLocal();
        view.sync();
      },
      sync() {
        if (document.activeElement === input || pendingEdits.has(view.node.id)) return;
        const value = view.node.attributes.value;
        const typed = input.value.trim().replace(",", ".");
        // NB: "12.50" and 12.5 are the same number: leave what the person typed.
        if (value === null ? typed !== "" : Number(typed) !== value || typed === "") input.value = text(value);
        localProblem = null;
        row.showCommon(view.node);
      },
    };
    return view;
  },

  switch(node) {
    const box = el("input", { type: "checkbox", role: "switch" });
    const row = field(node, box, "fw-switch");
    box.addEventListener("change", () => send({ do: "edit", component: view.node.id, value: box.checked }));
    const view = {
      root: row.root,
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
    const input = el("input", { type: "date" });
    const row = field(node, input);
    input.addEventListener("change", () => send({ do: "edit", component: view.node.id, value: input.value === "" ? null : input.value }));
    const view = {
      root: row.root,
      update(node) {
        if (node.attributes.min) input.min = node.attributes.min; else input.removeAttribute("min");
        if (node.attributes.max) input.max = node.attributes.max; else input.removeAttribute("max");
        input.readOnly = !node.editable;
        row.showCommon(node);
        view.sync();
      },
      sync() { syncText(input, view.node.attributes.value, view.node.id); },
    };
    return view;
  },

  stepper(node) {
    const minus = el("button", { type: "button", "aria-label": "less", text: "−" });
    const plus = el("button", { type: "button", "aria-label": "more", text: "+" });
    const value = el("output", { class: "fw-stepper-value" });
    const holder = el("span", { class: "fw-stepper-buttons" }, minus, plus);
    const row = field(node, holder, "fw-stepper");
    row.wrapper.prepend(value);
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
    const view = {
      root: row.root,
      update(node) {
        row.showCommon(node);
        const attributes = node.attributes;
        value.textContent = text(attributes.value);
        const off = !node.enabled || !node.editable;
        minus.disabled = off || (typeof attributes.min === "number" && attributes.value <= attributes.min);
        plus.disabled = off || (typeof attributes.max === "number" && attributes.value >= attributes.max);
        row.title.removeAttribute("for");
      },
    };
    return view;
  },

  button(node) {
    const button = el("button", { type: "button" });
    const root = el("div", { class: "fw-row fw-button" }, button);
    button.addEventListener("click", () => send({ do: "tap", component: view.node.id }));
    const view = {
      root,
      update(node) {
        button.textContent = text(node.attributes.title) || "Button";
        button.disabled = !node.enabled;
        root.className = "fw-row fw-button fw-button-" + (text(node.attributes.style) || "primary") + (node.enabled ? "" : " fw-disabled");
      },
    };
    return view;
  },

  image(node) {
    const image = el("img", { loading: "lazy" });
    const missing = el("span", { class: "fw-image-missing", text: "no picture: the image has no url" });
    const root = el("div", { class: "fw-row fw-image" }, image, missing);
    return {
      root,
      update(node) {
        const url = pictureURL(node.attributes.url);
        image.hidden = !url;
        missing.hidden = !!url;
        if (url && image.getAttribute("src") !== url) image.src = url;
        image.alt = text(node.attributes.alt);
        if (typeof node.attributes.width === "number") image.width = node.attributes.width; else image.removeAttribute("width");
        if (typeof node.attributes.height === "number") image.height = node.attributes.height; else image.removeAttribute("height");
      },
    };
  },

  /// A component type this preview doesn't draw (an app's own): its id, its title or text, its
  /// value, and its children.
  unknown(node) {
    const type = el("span", { class: "fw-type" });
    const caption = el("span");
    const value = el("span", { class: "fw-unit" });
    const body = el("div");
    const root = el("div", { class: "fw-row fw-unknown" }, el("div", {}, type, " ", caption, " ", value, body));
    return {
      root,
      update(node) {
        type.textContent = node.type;
        caption.textContent = text(node.attributes.title ?? node.attributes.text ?? "");
        value.textContent = "value" in node.attributes ? text(node.attributes.value) : "";
        renderInto(body, node.children);
      },
    };
  },
};

// ---------- The page ----------

const form = document.getElementById("form");
const problemsBox = document.getElementById("problems");
const endedBox = document.getElementById("ended");
const interactionsBar = document.getElementById("interactions");

function applyState(next) {
  state = next;
  window.formworkPreview.revision = next.revision;
  const page = next.page;
  document.getElementById("title").textContent = page ? page.title : next.path;
  document.title = (page ? page.title + " — " : "") + "formwork preview";
  document.getElementById("back").disabled = next.stack.length === 0;
  document.getElementById("back").title = next.stack.length > 1 ? `Back to ${next.stack[next.stack.length - 2].title}` : "Leave this page, as the back button does";
  document.getElementById("back").querySelector(".wide").textContent = next.stack.length > 1 ? ` ${next.stack[next.stack.length - 2].title}` : " Back";

  showProblems(next);
  form.hidden = next.broken || !page;
  seen = new Set();
  if (page && !next.broken) renderInto(form, page.components);
  else form.replaceChildren();
  for (const id of [...views.keys()]) if (!seen.has(id)) views.delete(id);

  showEnded(next);
  showInteractions(page && !next.broken ? page.interactions : []);
  showQuestion(next.questions[0] || null);
  renderInspector();
}

function problemItem(problem) {
  const where = [problem.file && problem.line ? `${problem.file}:${problem.line}:${problem.column}` : problem.file, problem.path].filter(Boolean).join("  ");
  return el("li", {}, el("div", { class: "problem-where", text: where }),
    el("div", { class: "problem-message " + problem.severity, text: problem.message }));
}

function showProblems(next) {
  const errors = next.problems.filter((problem) => problem.severity === "error");
  const warnings = next.problems.filter((problem) => problem.severity !== "error");
  const boxes = [];
  if (next.broken) {
    boxes.push(el("div", { class: "notice error", role: "alert" },
      el("h2", { text: `${next.path} has ${errors.length} error${errors.length === 1 ? "" : "s"}` }),
      el("p", { text: "Fix them and save: the page comes back, keeping what you typed." }),
      el("ul", { class: "problem-list" }, ...errors.map(problemItem))));
  }
  const shownWarnings = next.broken ? warnings : next.problems;
  if (shownWarnings.length) {
    boxes.push(el("details", { class: "notice warning" },
      el("summary", { text: `${shownWarnings.length} warning${shownWarnings.length === 1 ? "" : "s"} in ${next.path}` }),
      el("ul", { class: "problem-list" }, ...shownWarnings.map(problemItem))));
  }
  problemsBox.replaceChildren(...boxes);
  problemsBox.hidden = boxes.length === 0;
}

function showEnded(next) {
  const ended = !next.broken && !next.page && next.stack.length === 0;
  endedBox.hidden = !ended;
  if (!ended) return;
  const again = el("button", { class: "bar-button", type: "button", text: "Open it again" });
  again.addEventListener("click", () => send({ do: "restart" }));
  endedBox.replaceChildren(
    el("h2", { text: "The page closed" }),
    next.responded ? el("p", { text: "It handed back (response):" }) : el("p", { text: "It closed without handing anything back." }),
    next.responded ? jsonView(next.response) : null,
    again);
}

function showInteractions(names) {
  interactionsBar.hidden = names.length === 0;
  const key = names.join(",");
  if (interactionsBar.dataset.names === key) return;
  interactionsBar.dataset.names = key;
  interactionsBar.replaceChildren(el("span", { text: "Run:" }), ...names.map((name) => {
    const button = el("button", { type: "button", text: name, title: `Run the page's ${name} interaction (a navigation-bar button in an app)` });
    button.addEventListener("click", () => send({ do: "trigger", name }));
    return button;
  }));
}

// ---------- Pickers, confirmations, alerts, toasts ----------

const layer = document.getElementById("dialog-layer");

function showQuestion(question) {
  if (!question) {
    shownQuestion = null;
    layer.hidden = true;
    layer.replaceChildren();
    return;
  }
  if (shownQuestion === question.id) return;
  shownQuestion = question.id;
  const answer = (extra) => {
    layer.hidden = true;
    send({ do: "answer", question: question.id, ...extra });
  };
  const parts = [el("h2", { text: question.title || { picker: "Choose", confirm: "Are you sure?", alert: "" }[question.kind] })];
  if (question.message) parts.push(el("p", { text: question.message }));
  if (question.kind === "picker") {
    const options = el("div", { class: "options", role: "listbox" });
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
  layer.replaceChildren(el("div", { class: "dialog", role: "dialog", "aria-modal": "true", "data-kind": question.kind }, ...parts));
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

function toast(message, kind) {
  const item = el("div", { class: "toast" + (kind ? " " + kind : ""), role: "status", text: message });
  document.getElementById("toasts").append(item);
  setTimeout(() => item.remove(), 3200);
}

// ---------- Inspector ----------

function jsonView(value) {
  const pre = el("pre", { class: "json" });
  const write = (value, indent) => {
    if (value === null) return pre.append(el("span", { class: "b", text: "null" }));
    if (typeof value === "string") return pre.append(el("span", { class: "s", text: JSON.stringify(value) }));
    if (typeof value === "number") return pre.append(el("span", { class: "n", text: String(value) }));
    if (typeof value === "boolean") return pre.append(el("span", { class: "b", text: String(value) }));
    const isArray = Array.isArray(value);
    const entries = isArray ? value.map((item) => [null, item]) : Object.entries(value);
    if (entries.length === 0) return pre.append(isArray ? "[]" : "{}");
    pre.append(isArray ? "[\n" : "{\n");
    entries.forEach(([key, item], index) => {
      pre.append("  ".repeat(indent + 1));
      if (key !== null) pre.append(el("span", { class: "k", text: JSON.stringify(key) }), ": ");
      write(item, indent + 1);
      pre.append(index < entries.length - 1 ? ",\n" : "\n");
    });
    pre.append("  ".repeat(indent) + (isArray ? "]" : "}"));
  };
  write(value, 0);
  return pre;
}

function entryList(items, draw, empty) {
  if (items.length === 0) return el("ul", { class: "entries" }, el("li", { class: "empty", text: empty }));
  return el("ul", { class: "entries" }, ...items.map(draw));
}

const panels = {
  data: () => jsonView(state ? state.data : null),
  global: () => jsonView(state ? state.global : null),
  param: () => jsonView(state ? state.param : null),
  requests: () => entryList([...log.requests.values()].reverse(), (request) => {
    const status = request.status;
    const statusText = status === null ? (request.response ? "failed" : "no answer") : String(status);
    return el("li", {}, el("details", {},
      el("summary", {}, el("span", { class: "tag", text: request.method }), request.url, " → ",
        el("span", { class: status !== null && status < 400 ? "status-ok" : "status-bad", text: statusText })),
      request.body !== null ? el("div", {}, "body", jsonView(request.body)) : null,
      request.response ? el("div", {}, "answer", jsonView(request.response)) : null));
  }, "No requests yet. The api action's requests show here, with the answers they got."),
  trace: () => entryList([...log.trace].reverse(), (line) =>
    el("li", { class: line.kind }, el("span", { class: "tag", text: line.kind }), el("span", { class: "page", text: `[${line.page}] ` }), line.text),
    "Nothing has run yet."),
  messages: () => entryList([...log.messages].reverse(), (message) =>
    el("li", {}, el("span", { class: "tag", text: message.kind }), message.title ? message.title + ": " : "", message.message),
    "No alerts, toasts, confirmations or pickers yet."),
};

let lastPanel = "";
function renderInspector() {
  const key = activeTab + ":" + (["data", "global", "param"].includes(activeTab)
    ? JSON.stringify(state && state[activeTab]) : `${log.trace.length}/${log.messages.length}/${JSON.stringify([...log.requests.values()])}`);
  document.getElementById("count-requests").textContent = log.requests.size ? ` ${log.requests.size}` : "";
  document.getElementById("count-trace").textContent = log.trace.length ? ` ${log.trace.length}` : "";
  document.getElementById("count-messages").textContent = log.messages.length ? ` ${log.messages.length}` : "";
  if (key === lastPanel) return;
  lastPanel = key;
  document.getElementById("panel").replaceChildren(panels[activeTab]());
}

for (const tab of document.querySelectorAll(".tabs button")) {
  tab.addEventListener("click", () => {
    activeTab = tab.dataset.tab;
    for (const other of document.querySelectorAll(".tabs button")) other.setAttribute("aria-selected", String(other === tab));
    renderInspector();
  });
}

const inspector = document.getElementById("inspector");
if (matchMedia("(max-width: 820px)").matches) inspector.classList.add("collapsed");
document.getElementById("inspector-toggle").addEventListener("click", () => inspector.classList.toggle("collapsed"));

function applyLog(delta) {
  const limit = 1000;
  if (delta.reset) {
    log.trace = [];
    log.messages = [];
    log.requests = new Map();
  }
  log.trace.push(...delta.trace);
  log.messages.push(...delta.messages);
  for (const request of delta.requests) log.requests.set(request.n, request);
  if (log.trace.length > limit) log.trace.splice(0, log.trace.length - limit);
  if (log.messages.length > limit) log.messages.splice(0, log.messages.length - limit);
  while (log.requests.size > limit) log.requests.delete(log.requests.keys().next().value);
  if (!delta.reset) {
    for (const message of delta.messages) {
      if (message.kind === "toast") toast(message.message);
      if (message.kind === "route") toast(`${message.title}: ${message.message}`, "note");
    }
    for (const line of delta.trace) if (line.kind === "problem") toast(line.text, "note");
  }
  renderInspector();
}

// ---------- Connection ----------

const live = document.getElementById("live");
function setLive(label, on) {
  document.getElementById("live-text").textContent = label;
  live.title = label;
  live.classList.toggle("off", !on);
}

function connect() {
  const events = new EventSource(api + "/events" + location.search);
  events.addEventListener("open", () => setLive("live", true));
  events.addEventListener("error", () => setLive(events.readyState === EventSource.CLOSED ? "not found" : "reconnecting…", false));
  events.addEventListener("state", (event) => applyState(JSON.parse(event.data)));
  events.addEventListener("log", (event) => applyLog(JSON.parse(event.data)));
  events.addEventListener("stopped", () => {
    setLive("stopped", false);
    events.close();
  });
}

document.getElementById("back").addEventListener("click", () => send({ do: "back" }));
document.getElementById("restart").addEventListener("click", () => send({ do: "restart" }));
form.addEventListener("submit", (event) => event.preventDefault());

/// For scripts driving the preview (the browser test): the last state, its revision, the record.
window.formworkPreview = { revision: 0, get state() { return state; }, get log() { return log; }, get busy() { return sending || queue.length > 0; } };

connect();
