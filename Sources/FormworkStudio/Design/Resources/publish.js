// formwork design — getting the page to disk and out: Save (with the "changed on disk" banner
// when the file moved under the editor), watching the file for changes made elsewhere, Publish
// (checks every page and its flows, bumps versions, packs), and the dialog they ask in.
import { state, subscribe, load, markSaved, isDirty, notify } from "./state.js";
import { api } from "./api.js";
import { el, toast } from "/assets/dom.js";
import { adoptVersionBump } from "./adopt.js";
import { pendingRenames, renamesSaved, settleRenames } from "./rename.js";
import { drawConflict, explainConflict } from "./conflict.js";

// MARK: - Dialog

const layer = document.getElementById("dialog-layer");
let closeDialog = null;

/// Shows a modal dialog; resolves with the `value` of the button chosen (null for Escape).
/// buttons: [{label, value, id?, primary?}].
export function openDialog({ title, body = [], buttons = [{ label: "Close", value: null }], id = "dialog" }) {
  if (closeDialog) closeDialog(null);
  const before = document.activeElement;
  return new Promise((resolve) => {
    const heading = el("h2", { id: `${id}-title`, text: title });
    const actions = el("div", { class: "dialog-buttons" });
    const box = el("div", { class: "dialog", id, role: "dialog", "aria-modal": "true", "aria-labelledby": `${id}-title` }, heading, ...body, actions);
    const close = (value) => {
      closeDialog = null;
      layer.hidden = true;
      layer.replaceChildren();
      if (before && before.isConnected) before.focus();
      resolve(value);
    };
    for (const button of buttons) {
      const node = el("button", { type: "button", id: button.id, class: button.primary ? "primary" : "", text: button.label });
      node.addEventListener("click", () => close(button.value));
      actions.append(node);
    }
    box.addEventListener("keydown", (event) => {
      if (event.key === "Tab") {
        // Focus stays in the dialog.
        const stops = [...box.querySelectorAll("button, input, select, textarea, a[href]")];
        const first = stops[0], last = stops[stops.length - 1];
        if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last.focus(); }
        else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first.focus(); }
      }
    });
    closeDialog = close;
    layer.replaceChildren(box);
    layer.hidden = false;
    (box.querySelector("button.primary") || box.querySelector("button")).focus();
  });
}

/// True when a dialog is open.
export const dialogOpen = () => closeDialog !== null;

// Escape anywhere, or a click beside the dialog, closes it (as its Cancel / Close would).
document.addEventListener("keydown", (event) => {
  if (closeDialog && event.key === "Escape") { event.preventDefault(); closeDialog(null); }
}, true);
layer.addEventListener("click", (event) => { if (event.target === layer && closeDialog) closeDialog(null); });

// MARK: - Saving

const banner = document.getElementById("banner");
let saving = false;
let watchedAt = 0; // bumps on every save and load, so an older look at the disk is dropped

/// Saves the document over the file it was loaded from (as `base`). Resolves true when saved.
export async function save(base = state.revision) {
  if (!state.file || !state.doc || saving) return false;
  // A key typed and not left yet (Ctrl-S in the key field) is renamed before the page goes.
  await settleRenames();
  if (!state.file || !state.doc || saving) return false;
  // The file changed on disk: saving over it is a choice made in the banner.
  if (banner.dataset.kind === "conflict" && base === state.revision) { explainConflict(banner); return false; }
  saving = true;
  watchedAt++;
  notify("saving");
  const sent = state.doc;
  const sentDirty = JSON.stringify(sent);
  const renames = pendingRenames();
  try {
    const { status, answer } = await api.save(state.file, sent, base, renames);
    if (status === 200) {
      renamesSaved(renames.length);
      hideBanner();
      // An edit made while the save was on its way stays unsaved.
      if (JSON.stringify(state.doc) === sentDirty) markSaved(answer.revision);
      else state.revision = answer.revision;
      toast(answer.changed === false ? "Nothing to save: the file is the same" : `Saved ${state.file}`);
      return true;
    }
    if (status === 409 && answer.conflict) {
      showConflict(answer.conflict);
      return false;
    }
    toast(`Not saved: ${answer.error || `the server answered ${status}`}`, "note");
    return false;
  } catch {
    toast("Not saved: formwork design isn't answering", "note");
    return false;
  } finally {
    saving = false;
    notify("saved-state");
  }
}

export const isSaving = () => saving;

/// The file on disk is not what the editor loaded: the person chooses which to keep.
function showConflict(disk) {
  drawConflict(banner, disk, {
    save: (revision) => save(revision),
    useDisk: () => {
      hideBanner();
      if (disk.document) load(state.file, disk.document, disk.revision);
      else showBroken(disk);
    },
  });
}

function showBroken(disk) {
  banner.replaceChildren(el("p", { text: `The file on disk is not valid JSON (${disk.error || "syntax error"}): fix it, or save to replace it with the editor's version.` }));
  banner.className = "banner error";
  banner.dataset.kind = "broken";
  banner.hidden = false;
}

function hideBanner() {
  banner.hidden = true;
  banner.dataset.kind = "";
  banner.replaceChildren();
}

/// Looks at the file on disk: changed with nothing unsaved here → loaded quietly; changed with
/// unsaved edits → the conflict banner.
export async function checkDisk() {
  if (!state.file || !state.doc || saving || document.hidden) return;
  const at = ++watchedAt;
  let answer;
  try {
    const response = await api.page(state.file);
    if (!response.ok) return;
    answer = response.answer;
  } catch {
    return;
  }
  if (at !== watchedAt || saving || answer.revision === state.revision) return;
  if (banner.dataset.kind === "conflict" && banner.dataset.revision === answer.revision) return;
  if (!isDirty() && answer.document) {
    if (adoptVersionBump(answer.document, answer.revision)) return;
    const selection = state.selection;
    load(state.file, answer.document, answer.revision);
    toast(`${state.file} changed on disk: loaded it`);
    if (selection) { state.selection = selection; notify("select"); }
    return;
  }
  if (!answer.document) { showBroken(answer); banner.dataset.revision = answer.revision; return; }
  showConflict(answer);
  banner.dataset.revision = answer.revision;
}

setInterval(checkDisk, 1500);
window.addEventListener("focus", checkDisk);
window.addEventListener("beforeunload", (event) => {
  if (state.file && isDirty()) { event.preventDefault(); event.returnValue = ""; }
});

// MARK: - Publishing

function problemList(problems) {
  return el("ul", { class: "problem-list" }, ...problems.map((problem) => el("li", { class: problem.severity },
    el("span", { class: "where", text: [problem.file, problem.path].filter(Boolean).join(" ") }), " ",
    el("span", { class: "message", text: problem.message }))));
}

/// Publishes every page of the folder (saving this one first, when the person agrees).
export async function publish() {
  await settleRenames();
  if (state.file && isDirty()) {
    const choice = await openDialog({
      id: "publish-save", title: "Save before publishing?",
      body: [el("p", { text: `${state.file} has unsaved changes. Publishing packs the files on disk.` })],
      buttons: [{ label: "Save and publish", value: "save", id: "publish-save-yes", primary: true }, { label: "Cancel", value: null, id: "publish-save-cancel" }],
    });
    if (choice !== "save") return;
    if (!(await save())) return;
  }
  let response;
  try {
    response = await api.publish();
  } catch {
    return toast("formwork design isn't answering", "note");
  }
  const { status, answer } = response;
  if (status === 200) {
    const pages = answer.pages || [];
    return openDialog({
      id: "publish-result", title: `Published ${pages.length} page${pages.length === 1 ? "" : "s"}`,
      body: [
        el("p", { text: `Written to ${answer.out}${answer.manifest ? ` (${answer.manifest})` : ""}.` }),
        el("ul", { class: "published" }, ...pages.map((page) => el("li", { "data-page": page.id },
          el("strong", { text: page.id }), ` version ${page.version}`,
          page.first ? el("span", { class: "bumped", text: " (first publish)" })
            : page.bumped ? el("span", { class: "bumped", text: " (new version)" }) : el("span", { class: "muted", text: " (unchanged)" }),
          (page.changes || []).length ? el("ul", { class: "changes" }, ...page.changes.map((change) => el("li", { text: change }))) : null))),
      ],
    });
  }
  const failed = (answer.flows || []).filter((flow) => !flow.passed);
  return openDialog({
    id: "publish-refused", title: "Not published",
    body: [
      el("p", { text: answer.refused || answer.error || `The server answered ${status}.` }),
      (answer.problems || []).length ? problemList(answer.problems) : null,
      failed.length ? el("ul", { class: "flows" }, ...failed.map((flow) => el("li", {},
        el("strong", { text: `${flow.file} — ${flow.name}` }), ": ", flow.message || "failed"))) : null,
    ],
  });
}

subscribe((reason) => {
  if (reason === "load") hideBanner();
});
