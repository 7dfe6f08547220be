// formwork preview — the `file` input: a real <input type=file>. The chosen files are sent to the
// preview server (base64 in an "attach" action), which keeps them as the page's attachments, as a
// host's picker would hand them over; the engine's value comes back and is listed.
import { el, text } from "./dom.js";
import { send } from "./actions.js";

/// Reads a file as base64, without the data: URL's prefix.
function base64(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function size(bytes) {
  if (typeof bytes !== "number") return "";
  if (bytes >= 1 << 20) return (bytes / (1 << 20)).toFixed(1) + " MiB";
  if (bytes >= 1 << 10) return Math.round(bytes / (1 << 10)) + " KiB";
  return bytes + " bytes";
}

export const fileInputBuilders = {
  file(node) {
    const id = "fw-input-" + node.id;
    const input = el("input", { type: "file", id, class: "fw-file-input" });
    const title = el("label", { for: id });
    const list = el("ul", { class: "fw-attachments" });
    const error = el("div", { class: "fw-error" });
    const root = el("div", { class: "fw-row fw-field fw-file" }, title, el("div", { class: "fw-control" }, input, list), error);
    input.addEventListener("change", async () => {
      const files = Array.from(input.files || []);
      for (const file of files) {
        const data = await base64(file);
        await send({ do: "attach", component: view.node.id, name: file.name, type: file.type || "", data });
      }
      input.value = "";
    });
    const view = {
      root,
      a11y: { target: input, label: title, error },
      update(node) {
        const attributes = node.attributes;
        title.textContent = text(attributes.title);
        const accept = Array.isArray(attributes.accept) ? attributes.accept.join(",") : "";
        if (accept) input.accept = accept; else input.removeAttribute("accept");
        input.multiple = (attributes.maxCount ?? 1) > 1;
        if (attributes.source === "camera") input.setAttribute("capture", "environment"); else input.removeAttribute("capture");
        input.disabled = !node.enabled;
        const files = Array.isArray(attributes.value) ? attributes.value : [];
        list.replaceChildren(...files.map((file) =>
          el("li", { class: "fw-attachment", text: `${text(file.name)} (${text(file.type)}, ${size(file.size)})` })));
        error.textContent = node.error || "";
        error.hidden = !node.error;
        root.classList.toggle("fw-invalid", !!node.error);
      },
    };
    return view;
  },
};
