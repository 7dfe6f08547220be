// formwork preview — the network switch in the bar. Off, the page's requests fail as they do with
// no network, and those of an api action with "offline": "queue" wait in the outbox (outbox.js);
// on again, what waits is sent, oldest first.
//   POST /api/preview/FILE/actions  {"do": "network", "online": false | true}
import { send, isBusy } from "./actions.js";

const toggle = document.getElementById("network");
toggle.addEventListener("change", () => send({ do: "network", online: toggle.checked }));

/// Follows the engine's state (another view may have switched it), unless a switch is on its way.
export function showNetwork(state) {
  const online = !state.connection || state.connection.online;
  if (!isBusy()) toggle.checked = online;
  toggle.closest("label").classList.toggle("off", !online);
}
