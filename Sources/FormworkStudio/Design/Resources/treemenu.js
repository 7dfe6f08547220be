// formwork design — the context menu of a component's row in the tree (right click, Shift-F10,
// the menu key): Copy, Cut, Paste after, Duplicate, Move up, Move down, Delete. Arrow keys move
// in it; Escape or Tab closes it and gives the tree its focus back.
import { state, getAt } from "./state.js";
import { copyComponent, cutComponent, pasteComponent, duplicateComponent, deleteComponent, copied } from "./subtrees.js";
import { el } from "/assets/dom.js";

let menu = null;
/// What the tree lent the open menu (see openMenu).
let tree = null;

function closeMenu(refocus) {
  if (!menu) return;
  menu.remove();
  menu = null;
  if (refocus) tree.focus();
}

/// The commands on a component's row, as a menu at (x, y) (right click, Shift-F10, the menu key).
/// `lent` is what the tree lends it: nudge(row, by) moves the component in its list, willRun() is
/// called before a command runs (so the tree keeps the focus when it redraws), focus() gives the
/// tree its focus back.
export function openMenu(row, x, y, lent) {
  closeMenu(false);
  tree = lent;
  const path = row.path;
  const index = path[path.length - 1];
  const length = (getAt(state.doc, path.slice(0, -1)) || []).length;
  const entries = [
    ["copy", "Copy", "Ctrl-C", () => copyComponent(path), true],
    ["cut", "Cut", "Ctrl-X", () => cutComponent(path), true],
    ["paste", "Paste after", "Ctrl-V", () => pasteComponent(), Boolean(copied())],
    ["duplicate", "Duplicate", "Ctrl-D", () => duplicateComponent(path), true],
    ["up", "Move up", "Alt-↑", () => lent.nudge(row, -1), index > 0],
    ["down", "Move down", "Alt-↓", () => lent.nudge(row, 1), index < length - 1],
    ["delete", "Delete", "Delete", () => deleteComponent(path), true],
  ];
  menu = el("div", { class: "menu", role: "menu", id: "tree-menu", "aria-label": `${row.node.id} ${row.node.key || ""}` });
  for (const [id, label, keys, action, enabled] of entries) {
    const item = el("button", { type: "button", role: "menuitem", id: `menu-${id}`, tabindex: "-1", disabled: !enabled }, el("span", { text: label }), el("kbd", { text: keys }));
    item.addEventListener("click", () => { closeMenu(false); lent.willRun(); action(); });
    menu.append(item);
  }
  menu.addEventListener("keydown", (event) => {
    const items = [...menu.querySelectorAll("[role=menuitem]:not(:disabled)")];
    const at = items.indexOf(document.activeElement);
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      items[(at + (event.key === "ArrowDown" ? 1 : -1) + items.length) % items.length].focus();
    } else if (event.key === "Escape" || event.key === "Tab") {
      event.preventDefault();
      event.stopPropagation();
      closeMenu(true);
    }
  });
  menu.style.left = Math.min(x, window.innerWidth - 200) + "px";
  menu.style.top = Math.min(y, window.innerHeight - 260) + "px";
  document.body.append(menu);
  const first = menu.querySelector("[role=menuitem]:not(:disabled)");
  if (first) first.focus();
}

document.addEventListener("pointerdown", (event) => { if (menu && !menu.contains(event.target)) closeMenu(false); }, true);
