// formwork preview — live regions: what the engine asks assistive technology to say (a failed
// validate, a toast, a status turning to loading or error), and the preview's own notes.
// Two regions wait in page.html from the start (a region added with its text isn't read):
// #announce-polite (role=status) speaks after what is being read, #announce-assertive (role=alert)
// interrupts.

/// Everything announced since the page was loaded, oldest first: `{message, politeness}` (for
/// scripts driving the preview; the browser test reads it).
export const announced = [];

const regions = {
  polite: document.getElementById("announce-polite"),
  assertive: document.getElementById("announce-assertive"),
};
const pending = { polite: [], assertive: [] };
let scheduled = false;

/// Says `message` through the live region for `politeness` ("polite" or "assertive").
export function announce(message, politeness) {
  const level = politeness === "assertive" ? "assertive" : "polite";
  if (!message) return;
  announced.push({ message, politeness: level });
  if (announced.length > 200) announced.splice(0, announced.length - 200);
  pending[level].push(message);
  if (scheduled) return;
  scheduled = true;
  // NB: the region is emptied first and filled a moment later (screen readers miss a change made
  // in the same task), so a message said twice in a row ("Saved", "Saved") is read twice; what
  // arrives in that moment is read as one text.
  for (const name of Object.keys(regions)) if (pending[name].length) regions[name].textContent = "";
  setTimeout(() => {
    scheduled = false;
    for (const [name, region] of Object.entries(regions)) {
      if (!pending[name].length) continue;
      region.textContent = pending[name].join(" ");
      pending[name] = [];
    }
  }, 100);
}
