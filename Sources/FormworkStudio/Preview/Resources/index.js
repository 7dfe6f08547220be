// formwork preview — the list of pages.
// Reads GET /api/pages and draws one card per page, with a field for each declared param.
import { el } from "./dom.js";

function pageURL(file) {
  return "/preview/" + file.split("/").map(encodeURIComponent).join("/");
}

function card(page) {
  const title = page.title && page.title !== page.id ? page.title : null;
  const badges = [];
  if (page.errors > 0) badges.push(el("span", { class: "badge error", text: `${page.errors} error${page.errors === 1 ? "" : "s"}` }));
  if (page.warnings > 0) badges.push(el("span", { class: "badge warning", text: `${page.warnings} warning${page.warnings === 1 ? "" : "s"}` }));
  if (page.open) badges.push(el("span", { class: "badge open", text: "open" }));

  const form = el("form", { action: pageURL(page.file), method: "get" });
  for (const param of page.params || []) {
    form.append(el("label", {},
      `${param.name}${param.required ? " (required)" : ""}`,
      el("input", { name: param.name, placeholder: param.type, required: param.required })));
  }
  form.append(el("button", { class: "open", type: "submit", text: "Open" }));
  // Leave out params left empty: the page then sees them as absent.
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const query = new URLSearchParams();
    for (const input of form.querySelectorAll("input")) if (input.value !== "") query.append(input.name, input.value);
    const text = query.toString();
    location.href = pageURL(page.file) + (text ? "?" + text : "");
  });

  return el("article", { class: "page-card" },
    el("header", {}, el("h3", { text: page.id || page.file }), title ? el("span", { text: title }) : null,
      el("span", { class: "file", text: page.path }), ...badges),
    page.description ? el("p", { text: page.description }) : null,
    form);
}

async function load() {
  const list = document.getElementById("pages");
  try {
    const response = await fetch("/api/pages", { cache: "no-store" });
    const body = await response.json();
    document.getElementById("folder").textContent = body.folder;
    document.title = `formwork preview — ${body.folder}`;
    list.replaceChildren(...(body.pages.length ? body.pages.map(card)
      : [el("p", { text: `There are no pages in ${body.folder}: add a .json page file and refresh.` })]));
  } catch (error) {
    list.replaceChildren(el("p", { class: "notice error", text: `The preview isn't answering (${error.message}). Is formwork preview still running?` }));
  }
}

document.getElementById("refresh").addEventListener("click", load);
load();
