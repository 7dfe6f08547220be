// formwork design — the keyboard: Ctrl/Cmd-S saves; Ctrl/Cmd-Z undoes, Ctrl/Cmd-Shift-Z and
// Ctrl-Y redo; Delete/Backspace deletes the selected component; Ctrl/Cmd-C, -X, -V, -D copy, cut,
// paste and duplicate it; arrow keys move in the tree; Escape cancels a drag or goes back to the tree.
// Keys that mean something in a text field (undo, delete, copy…) are left to the field there.
import { state, undo, redo } from "./state.js";
import { save, dialogOpen } from "./publish.js";
import { deleteComponent, cutComponent, copyComponent, pasteComponent, duplicateComponent } from "./subtrees.js";
import { focusTree, step } from "./tree.js";
import { cancelDrag } from "./dnd.js";
import { toast } from "/assets/dom.js";

function inTextField(target) {
  if (!target || !target.closest) return false;
  if (target.isContentEditable) return true;
  const field = target.closest("input, textarea, select");
  if (!field) return false;
  return field.tagName !== "INPUT" || !["button", "checkbox", "radio", "submit", "reset", "range", "color"].includes(field.type);
}

/// Runs undo or redo and says what it did.
export function runUndo(again) {
  const label = again ? redo() : undo();
  toast(label ? `${again ? "Redid" : "Undid"}: ${label}` : `Nothing to ${again ? "redo" : "undo"}`);
}

/// The editor's keys; also called for keys pressed in the live page's frame (canvas.js).
export function handleKey(event) {
  if (!state.doc) return;
  const command = event.ctrlKey || event.metaKey;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (command && key === "s") { event.preventDefault(); save(); return; }
  if (dialogOpen()) return;
  if (key === "Escape") {
    if (cancelDrag()) return;
    if (!event.target.closest || !event.target.closest("#tree")) { event.preventDefault(); focusTree(); }
    return;
  }
  // From inside the live page, the arrow keys stay there (they scroll it).
  if (event.target.ownerDocument !== document && key.startsWith("Arrow")) return;
  if (inTextField(event.target)) return;
  if (command && !event.altKey) {
    if (key === "z") { event.preventDefault(); runUndo(event.shiftKey); return; }
    if (key === "y" && !event.metaKey) { event.preventDefault(); runUndo(true); return; }
    // With text selected on the page, copying copies the text.
    if (key === "c" && String(window.getSelection()).length === 0) { if (copyComponent(state.selection)) event.preventDefault(); return; }
    if (key === "x" && String(window.getSelection()).length === 0) { if (cutComponent(state.selection)) event.preventDefault(); return; }
    if (key === "v") { event.preventDefault(); pasteComponent(); return; }
    if (key === "d") { event.preventDefault(); duplicateComponent(state.selection); return; }
    return;
  }
  if ((key === "Delete" || key === "Backspace") && state.selection) {
    if (deleteComponent(state.selection)) event.preventDefault();
    return;
  }
  // Arrow keys outside the tree (the tree handles its own) when nothing else takes them.
  if ((key === "ArrowDown" || key === "ArrowUp") && event.target === document.body) {
    event.preventDefault();
    step(key === "ArrowDown" ? 1 : -1);
  }
}

document.addEventListener("keydown", handleKey);
