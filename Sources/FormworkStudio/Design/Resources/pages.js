// formwork design — the page list at `/`: every page of the folder (with its check results),
// each opening the editor at /design/FILE, and "New page", which asks for an id.
import { api } from "./api.js";
import { el } from "/assets/dom.js";

const root = document.getElementById("pages");
const href = (file) => "/design/" + file.split("/").map(encodeURIComponent).join("/");

/// Draws the page list into #pages.
export async function showPages() {
  root.hidden = false;
  document.title = "Pages — formwork design";
  let answer;
  try {
    const response = await api.pages();
    answer = response.answer;
  } catch {
    root.replaceChildren(el("p", { class: "notice error", text: "formwork design isn't answering." }));
    return;
  }
  const pages = answer.pages || [];
  const list = el("ul", { class: "page-list", id: "page-list" }, ...pages.map((page) => {
    const counts = [page.errors ? `${page.errors} error${page.errors === 1 ? "" : "s"}` : null, page.warnings ? `${page.warnings} warning${page.warnings === 1 ? "" : "s"}` : null].filter(Boolean).join(", ");
    return el("li", {},
      el("a", { href: href(page.file), "data-file": page.file },
        el("span", { class: "page-id", text: page.id || page.file }),
        el("span", { class: "page-file", text: page.file }),
        counts ? el("span", { class: "page-counts" + (page.errors ? " error" : " warning"), text: counts }) : null),
      page.title || page.description ? el("p", { class: "page-description", text: page.title || page.description }) : null);
  }));
  root.replaceChildren(
    el("h1", { text: "Pages" }),
    el("p", { class: "muted", text: answer.folder ? `In ${answer.folder}` : "" }),
    pages.length ? list : el("p", { class: "empty", text: "No pages yet: make the first one." }),
    newPageForm());
}

function newPageForm() {
  const input = el("input", { id: "new-page-id", name: "page", required: true, autocomplete: "off", pattern: "[A-Za-z0-9_\\-][A-Za-z0-9_.\\-]{0,99}", placeholder: "order-form", "aria-describedby": "new-page-help new-page-error" });
  const error = el("p", { class: "form-error", id: "new-page-error", role: "alert" });
  const form = el("form", { class: "new-page", id: "new-page" },
    el("h2", { text: "New page" }),
    el("label", { for: "new-page-id", text: "Page id" }),
    el("div", { class: "row-buttons" }, input, el("button", { type: "submit", class: "primary", id: "new-page-create", text: "Create" })),
    el("p", { class: "muted", id: "new-page-help", text: "Letters, digits, - _ or . (not first); it names the file: ID.json." }),
    error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const id = input.value.trim();
    if (!id) { error.textContent = "Give the page an id."; input.focus(); return; }
    error.textContent = "";
    const { status, answer } = await api.newPage(id);
    if (status === 201 && answer.file) { location.href = href(answer.file); return; }
    error.textContent = status === 409 ? `There is already a page ${id}.` : answer.error || `Not created (${status}).`;
    input.focus();
  });
  return form;
}
