// formwork preview — drawing the component tree. Each component keeps its element for as long as it
// is on the page (the engine numbers components), so an update never loses the caret or the scroll.
import { el, text } from "./dom.js";
import { send, pageFile } from "./actions.js";
import { inputBuilders } from "./inputs.js";
import { choiceBuilders } from "./choices.js";
import { applyAccessibility } from "./a11y.js";
import { fileInputBuilders } from "./files.js";

/// Component id → its view: `{root, type, node, update(node), sync?()}`.
export const views = new Map();
let seen = new Set();

/// Draws a whole page's components into `container`, and forgets the views no longer shown.
export function renderPage(container, nodes) {
  seen = new Set();
  renderInto(container, nodes);
  for (const id of [...views.keys()]) if (!seen.has(id)) views.delete(id);
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
  applyAccessibility(view, node);
  return view;
}

/// Puts the views of a list's rows into `container`, each in an element of role listitem (a list's
/// children must be list items to ARIA); `wrappers` keeps each row's item element.
function renderItems(container, nodes, wrappers) {
  const items = nodes.map((node) => {
    const root = viewFor(node).root;
    let item = wrappers.get(node.id);
    if (!item) {
      item = el("div", { role: "listitem", class: "fw-list-item" });
      wrappers.set(node.id, item);
    }
    if (item.firstChild !== root) item.replaceChildren(root);
    item.hidden = node.hidden;
    return item;
  });
  items.forEach((item, index) => {
    if (container.children[index] !== item) container.insertBefore(item, container.children[index] || null);
  });
  while (container.children.length > items.length) container.lastElementChild.remove();
  const shown = new Set(nodes.map((node) => node.id));
  for (const id of [...wrappers.keys()]) if (!shown.has(id)) wrappers.delete(id);
}

const builders = {
  section(node) {
    const header = el("div", { class: "fw-section-header" });
    const body = el("div", { class: "fw-section-body" });
    const footer = el("div", { class: "fw-section-footer" });
    const root = el("section", { class: "fw-section" }, header, body, footer);
    return {
      root,
      a11y: { label: header, heading: header },
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
      a11y: { label: title },
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
    // NB: not a live region of its own (aria-live=off): the engine announces a status turning to
    // loading or error, and a whole list appearing in it shouldn't be read out.
    const root = el("div", { class: "fw-status", "aria-live": "off" }, note, body);
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
    const body = el("div", { class: "fw-list-body", role: "list" });
    const root = el("div", { class: "fw-list" }, body);
    const items = new Map();
    return { root, a11y: { target: body }, update(node) { renderItems(body, node.children, items); } };
  },

  label(node) {
    const paragraph = el("p", { class: "fw-label-body" });
    const root = el("div", { class: "fw-row fw-label" }, paragraph);
    return {
      root,
      a11y: { target: paragraph, nameFromContent: true },
      update(node) {
        paragraph.textContent = text(node.attributes.text);
        paragraph.className = "fw-label-" + (text(node.attributes.style) || "body");
      },
    };
  },

  ...inputBuilders,
  ...choiceBuilders,
  ...fileInputBuilders,

  button(node) {
    const button = el("button", { type: "button" });
    const root = el("div", { class: "fw-row fw-button" }, button);
    button.addEventListener("click", () => send({ do: "tap", component: view.node.id }));
    const view = {
      root,
      a11y: { target: button, nameFromContent: true },
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
      a11y: { target: image },
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
  /// value (editable as JSON or text when the type's value is two-way), and its children.
  unknown(node) {
    const type = el("span", { class: "fw-type" });
    const caption = el("span");
    const value = el("span", { class: "fw-unit" });
    const input = el("input", { type: "text", "aria-label": "value" });
    const body = el("div");
    const root = el("div", { class: "fw-row fw-unknown" }, el("div", { class: "fw-unknown-body" }, type, " ", caption, " ", value, input, body));
    input.addEventListener("change", () => {
      let typed;
      try { typed = JSON.parse(input.value); } catch { typed = input.value; }
      send({ do: "edit", component: view.node.id, value: typed });
    });
    const view = {
      root,
      update(node) {
        type.textContent = node.type;
        caption.textContent = text(node.attributes.title ?? node.attributes.text ?? "");
        const has = "value" in node.attributes;
        input.hidden = !(has && node.editable);
        value.hidden = !input.hidden;
        value.textContent = has ? text(node.attributes.value) : "";
        if (document.activeElement !== input) input.value = has ? text(node.attributes.value) : "";
        input.disabled = !node.enabled;
        renderInto(body, node.children);
      },
    };
    return view;
  },
};
