// formwork design — drag and drop, with pointer events (so a mouse, a pen and a test driving the
// mouse all work the same), shared by every panel:
//   draggable(element, payload)          element can be dragged, carrying `payload`
//                                        ({kind: "components", id: "text-field"} from the palette,
//                                        {move: path} from the tree, …)
//   dropTarget(element, {accepts, drop, place?, items?})
//                                        element takes payloads `accepts(payload)` says yes to;
//                                        `drop(payload, place)` is called on release.
// Where it drops: by default `place` is an index among `items()` (the element's children marked
// [data-drop-item], or all its children), from the pointer's height, shown as a line. A target may
// instead give `place(payload, x, y)` → {…anything, line: DOMRect-like, box?: bool} or null.

const targets = new WeakMap(); // element → options
const threshold = 5;         // pixels the pointer moves before a press becomes a drag
let drag = null;             // {payload, ghost, startX, startY, started, target, place}

const indicator = document.createElement("div");
indicator.className = "drop-indicator";
indicator.hidden = true;

/// Makes `element` draggable; `payload` may be a function, asked when the drag starts.
export function draggable(element, payload) {
  element.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || event.target.closest("input, textarea, select")) return;
    drag = { payload, element, startX: event.clientX, startY: event.clientY, started: false, target: null, place: null };
  });
  element.dataset.draggable = "";
}

/// Makes `element` a place to drop payloads on.
export function dropTarget(element, options) {
  targets.set(element, options);
  element.dataset.dropTarget = "";
}

/// True while something is being dragged.
export const isDragging = () => Boolean(drag && drag.started);

/// Stops the current drag without dropping (Escape).
export function cancelDrag() {
  if (!drag) return false;
  const was = drag.started;
  end();
  return was;
}

function start() {
  drag.started = true;
  if (typeof drag.payload === "function") drag.payload = drag.payload();
  if (!drag.payload) return end();
  const label = drag.element.dataset.dragLabel || drag.element.textContent.trim().slice(0, 40);
  drag.ghost = document.createElement("div");
  drag.ghost.className = "drag-ghost";
  drag.ghost.textContent = label;
  document.body.append(drag.ghost, indicator);
  document.body.classList.add("dragging");
}

function end() {
  if (drag && drag.ghost) drag.ghost.remove();
  indicator.hidden = true;
  for (const element of document.querySelectorAll(".drop-over")) element.classList.remove("drop-over");
  document.body.classList.remove("dragging");
  drag = null;
}

function targetAt(x, y) {
  for (let node = document.elementFromPoint(x, y); node; node = node.parentElement) {
    const options = targets.get(node);
    if (options && node.isConnected && options.accepts(drag.payload)) return { element: node, options };
  }
  return null;
}

function defaultPlace(element, options, y) {
  const items = options.items ? options.items() : [...element.querySelectorAll(":scope > [data-drop-item]")];
  let index = items.length;
  for (let i = 0; i < items.length; i++) {
    const box = items[i].getBoundingClientRect();
    if (y < box.top + box.height / 2) { index = i; break; }
  }
  const area = element.getBoundingClientRect();
  let top;
  if (items.length === 0) top = area.top + 4;
  else if (index < items.length) top = items[index].getBoundingClientRect().top - 1;
  else top = items[items.length - 1].getBoundingClientRect().bottom + 1;
  return { index, line: { left: area.left + 4, width: area.width - 8, top } };
}

function show(place) {
  if (!place || !place.line) { indicator.hidden = true; return; }
  const line = place.line;
  indicator.hidden = false;
  indicator.classList.toggle("box", Boolean(place.box));
  indicator.style.left = line.left + "px";
  indicator.style.width = line.width + "px";
  indicator.style.top = line.top + "px";
  indicator.style.height = place.box ? line.height + "px" : "";
}

// Near the top or bottom edge of a panel that scrolls, a drag scrolls it (to reach a list below).
const edge = 36;
let lastPoint = null;
setInterval(() => {
  if (!drag || !drag.started || !lastPoint) return;
  const under = document.elementFromPoint(lastPoint.x, lastPoint.y);
  for (let node = under; node && node !== document.body; node = node.parentElement) {
    if (node.scrollHeight <= node.clientHeight + 1 || !/(auto|scroll)/.test(getComputedStyle(node).overflowY)) continue;
    const box = node.getBoundingClientRect();
    if (lastPoint.y < box.top + edge) node.scrollTop -= 14;
    else if (lastPoint.y > box.bottom - edge) node.scrollTop += 14;
    else return;
    return update(lastPoint.x, lastPoint.y);
  }
}, 40);

document.addEventListener("pointermove", (event) => {
  if (!drag) return;
  lastPoint = { x: event.clientX, y: event.clientY };
  if (!drag.started) {
    if (Math.abs(event.clientX - drag.startX) + Math.abs(event.clientY - drag.startY) < threshold) return;
    start();
    if (!drag) return;
  }
  event.preventDefault();
  drag.ghost.style.left = event.clientX + 12 + "px";
  drag.ghost.style.top = event.clientY + 8 + "px";
  update(event.clientX, event.clientY);
});

/// Finds the target under (x, y) and shows where a drop there goes.
function update(x, y) {
  for (const element of document.querySelectorAll(".drop-over")) element.classList.remove("drop-over");
  const found = targetAt(x, y);
  drag.target = found;
  drag.place = null;
  if (found) {
    drag.place = found.options.place ? found.options.place(drag.payload, x, y) : defaultPlace(found.element, found.options, y);
    if (drag.place) found.element.classList.add("drop-over");
  }
  show(drag.place);
}

document.addEventListener("pointerup", (event) => {
  if (!drag) return;
  const { started, target, place, payload } = drag;
  end();
  if (!started) return;
  event.preventDefault();
  // A drag isn't a click on what it started from.
  window.addEventListener("click", swallow, { capture: true });
  setTimeout(() => window.removeEventListener("click", swallow, { capture: true }), 0);
  if (target && place) target.options.drop(payload, target.options.place ? place : place.index);
});

function swallow(click) {
  click.stopPropagation();
  click.preventDefault();
}

document.addEventListener("pointercancel", () => end());
window.addEventListener("blur", () => { if (drag) end(); });
