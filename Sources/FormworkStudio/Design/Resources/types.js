// formwork design — the app's types, as the server described them (/api/design/palette). Every
// panel asks here what a type is and which attributes it takes; no list of types is written in
// the editor's code, so a type the app registers shows up with no change here.
import { state } from "./state.js";

/// The kinds of registered types, as the registry description names its lists.
export const kinds = ["components", "actions", "validations", "errorHandlers"];

/// The description of type `id` of `kind` ("components", "actions", …), a block for a component
/// id that names one, or null for an id the app doesn't have.
export function typeOf(kind, id) {
  const palette = state.palette;
  if (!palette) return null;
  const found = (palette.registry[kind] || []).find((type) => type.id === id);
  if (found) return found;
  if (kind !== "components") return null;
  return blocks().find((block) => block.id === id || block.qualifiedId === id) || null;
}

/// The page's own blocks and its libraries' blocks, described like components.
export function blocks() {
  const palette = state.palette;
  const own = Object.entries((state.doc && state.doc.blocks) || {}).map(([id, block]) => ({
    id,
    summary: block.summary || "a block of this page",
    attributes: Object.entries(block.attributes || {}).map(([name, spec]) => ({ name, ...spec })),
    events: block.events || [],
    layout: "leaf",
    library: null,
  }));
  const used = Object.keys((state.doc && state.doc.libraries) || {});
  const fromLibraries = ((palette && palette.blocks) || []).filter((block) => used.includes(block.library));
  // A library's block is named by its own id (`money-row`) unless the page or another library has
  // one of that name too: then by `library/id` (`shop-kit/money-row`), as the page must (2.16).
  const named = (id) => own.filter((block) => block.id === id).length + fromLibraries.filter((block) => block.id === id).length;
  const library = fromLibraries.map((block) => ({
    ...block, id: named(block.id) > 1 ? `${block.library}/${block.id}` : block.id, qualifiedId: `${block.library}/${block.id}`, layout: "leaf",
  }));
  return [...own, ...library];
}

/// Every attribute a node of this type takes: its own, then the common ones of its kind it
/// doesn't declare itself (hidden, enabled, validateOn for components; message, when for
/// validations; when, retry for error handlers).
export function attributesOf(kind, id) {
  const type = typeOf(kind, id);
  const own = type ? type.attributes : [];
  const common = ((state.palette && state.palette.common && state.palette.common[kind]) || [])
    .filter((spec) => !own.some((mine) => mine.name === spec.name));
  return [...own, ...common];
}

/// The events a component type fires (onChange, onTap, …).
export function eventsOf(id) {
  const type = typeOf("components", id);
  return type ? type.events || [] : [];
}

/// True when components of this type hold child components (section, group, list, status).
export function holdsChildren(id) {
  const type = typeOf("components", id);
  return Boolean(type && type.layout && type.layout !== "leaf");
}

/// True when the type is the app's own (not built in).
export function isHostType(kind, id) {
  const palette = state.palette;
  return Boolean(palette && palette.hostTypes && (palette.hostTypes[kind] || []).includes(id));
}
