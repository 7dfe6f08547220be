// formwork design — the file changed on disk while the editor has unsaved changes. The banner
// offers: compare and merge (a three-way merge with the version the editor loaded as the base:
// changes to different places merge by themselves, the person picks a side for each change to
// the same place), keep my version (after showing what differs), or use the file on disk.
// Ctrl-S while the banner is up says so in the banner instead of failing quietly.
import { state, edit, baseDocument, diskIs, pathText } from "./state.js";
import { openDialog } from "./publish.js";
import { differences, describe, merge3, resolve, shown } from "./merge.js";
import { diffSteps } from "./rename.js";
import { el, toast } from "/assets/dom.js";

/// Draws the conflict banner for the file on disk `disk` ({document, revision, text}); `actions`
/// are publish.js's {save(base), useDisk()}.
export function drawConflict(banner, disk, actions) {
  const message = el("p", { id: "conflict-message", text: "This file changed on disk since you opened it." });
  const merge = el("button", { type: "button", id: "conflict-merge", class: "primary", text: "Compare and merge…" });
  const keep = el("button", { type: "button", id: "conflict-keep", text: "Keep my version…" });
  const use = el("button", { type: "button", id: "conflict-use-disk", text: "Use the file on disk" });
  merge.addEventListener("click", () => mergeWithDisk(disk));
  keep.addEventListener("click", () => keepMine(disk, actions));
  use.addEventListener("click", () => actions.useDisk());
  if (!disk.document) merge.disabled = true;
  banner.replaceChildren(message, merge, keep, use);
  banner.className = "banner conflict";
  banner.dataset.kind = "conflict";
  banner.hidden = false;
}

/// Ctrl-S (or Save) while the banner is up: nothing is sent; the banner says why and what to do.
export function explainConflict(banner) {
  const message = banner.querySelector("#conflict-message");
  if (message) message.textContent = "Not saved: this file changed on disk since you opened it, and saving would overwrite that change. Compare and merge to keep both, or choose whose version to keep.";
  banner.classList.remove("flash");
  void banner.offsetWidth; // NB: restarts the flash
  banner.classList.add("flash");
  toast("Not saved: the file changed on disk — see the banner", "note");
  const first = banner.querySelector("button");
  if (first) first.focus();
}

/// Shows what differs between the disk's version and mine, then overwrites the disk's if asked.
async function keepMine(disk, actions) {
  const changes = disk.document ? differences(disk.document, state.doc) : [];
  const choice = await openDialog({
    id: "conflict-diff", title: "Overwrite the file on disk with your version?",
    body: [
      el("p", { text: disk.document ? `${changes.length} difference${changes.length === 1 ? "" : "s"} between the file on disk and your version. Saving yours loses the disk's side of each:` : "The file on disk is not valid JSON; saving replaces it." }),
      el("ul", { class: "diff-list", id: "conflict-diff-list" }, ...changes.map((change) => el("li", { "data-path": pathText(change.path) },
        el("code", { class: "diff-where", text: pathText(change.path) || "the page" }), " ",
        el("span", { class: "diff-disk", text: `disk: ${shown(change.before)}` }), " → ",
        el("span", { class: "diff-mine", text: `mine: ${shown(change.after)}` })))),
    ],
    buttons: [{ label: "Overwrite with mine", value: "keep", id: "conflict-keep-confirm", primary: true }, { label: "Cancel", value: null, id: "conflict-keep-cancel" }],
  });
  if (choice === "keep") actions.save(disk.revision);
}

/// Merges my version and the disk's against the version the editor loaded; asks about each change
/// both made to one place; the result becomes one undoable edit, to be saved over the disk's.
async function mergeWithDisk(disk) {
  if (!disk.document) return;
  const merged = merge3(baseDocument(), state.doc, disk.document);
  const body = [el("p", { text: merged.conflicts.length
    ? `Changes to different places are merged. ${merged.conflicts.length} place${merged.conflicts.length === 1 ? " was" : "s were"} changed on both sides: choose which to keep.`
    : "Every change merges: yours and the disk's touch different places." })];
  const automatic = differences(state.doc, resolve(merged)).filter((change) => !merged.conflicts.some((conflict) => pathText(conflict.path) === pathText(change.path)));
  if (automatic.length) {
    body.push(el("h3", { text: "Taken from the disk" }),
      el("ul", { class: "diff-list", id: "merge-taken" }, ...automatic.map((change) => el("li", { text: describe(change, "yours", "disk") }))));
  }
  if (merged.conflicts.length) {
    body.push(el("h3", { text: "Changed on both sides" }), el("ol", { class: "merge-conflicts", id: "merge-conflicts" }, ...merged.conflicts.map((conflict, index) => {
      const name = `merge-choice-${index}`;
      const option = (take, label, value) => {
        const input = el("input", { type: "radio", name, value: take, id: `${name}-${take}` });
        input.checked = conflict.take === take;
        input.addEventListener("change", () => { if (input.checked) conflict.take = take; });
        return el("label", { for: `${name}-${take}`, class: "merge-option" }, input, ` ${label}: `, el("code", { text: shown(value) }));
      };
      return el("li", { "data-path": pathText(conflict.path) }, el("code", { class: "diff-where", text: pathText(conflict.path) || "the page" }),
        option("mine", "mine", conflict.mine), option("theirs", "disk", conflict.theirs));
    })));
  }
  const choice = await openDialog({
    id: "merge", title: "Merge your version with the file on disk", body,
    buttons: [{ label: "Merge", value: "merge", id: "merge-apply", primary: true }, { label: "Cancel", value: null, id: "merge-cancel" }],
  });
  if (choice !== "merge") return;
  const result = resolve(merged);
  const steps = diffSteps(state.doc, result);
  // The disk's version is now the one the editor's changes are made against (and saved over).
  diskIs(disk.revision, disk.document);
  if (steps.length) edit("Merge with the file on disk", steps);
  const banner = document.getElementById("banner");
  banner.hidden = true;
  banner.dataset.kind = "";
  banner.replaceChildren();
  toast("Merged with the file on disk: save to write it");
}
