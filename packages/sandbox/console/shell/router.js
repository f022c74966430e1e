// @ts-check
// Views by hash route (#/endpoints, #/endpoints/we_…, #/events, #/logs). Going to another view
// leaves nothing of the one before standing: each view forgets what it showed when told, so
// the router needs to know none of them.
/** @import { View } from "../common/state.js" */
import { failure } from "../common/control-api.js";
import { $, focusHeading } from "../common/dom.js";
import { state } from "../common/state.js";
import { liveRefresh } from "./live-refresh.js";
import { refused } from "./session.js";
import { showView } from "./show-view.js";
import { refreshView } from "./view-registry.js";

/**
 * What a change of route leaves behind: whether the endpoint shown changed too.
 * @typedef {{ endpointChanged: boolean }} RouteChange
 */

/** @type {Array<(change: RouteChange) => void>} */
const routeListeners = [];

/** Calls `leave` whenever the view or the endpoint shown changes, before the next one is read. @param {(change: RouteChange) => void} leave */
export function whenRouteChanges(leave) {
  routeListeners.push(leave);
}

/** @returns {{ view: View, endpointId: string | null }} */
export function parseRoute() {
  const hash = location.hash;
  if (hash === "#/events") return { view: "events", endpointId: null };
  if (hash === "#/logs") return { view: "logs", endpointId: null };
  const match = /^#\/endpoints\/(.+)$/.exec(hash);
  if (match) return { view: "endpoint", endpointId: decodeURIComponent(/** @type {string} */ (match[1])) };
  return { view: "endpoints", endpointId: null };
}

/** Shows the view of the current route, read afresh. @param {{ focus?: boolean }} [options] */
export async function route({ focus = true } = {}) {
  const next = parseRoute();
  const changed = next.view !== state.view || next.endpointId !== state.endpointId;
  if (changed) {
    const change = { endpointChanged: next.endpointId !== state.endpointId };
    for (const leave of routeListeners) leave(change);
  }
  Object.assign(state, next);
  showView();
  if (!state.token) return;
  // Where the keyboard was when the view was asked for: a user who moves on while it loads
  // (presses a button of the view) keeps their place, and the heading takes focus only if not.
  const focusedBefore = document.activeElement;
  try {
    await refreshView();
  } catch (caught) {
    const error = failure(caught);
    if (error.status === 401) return refused(error);
    $(`${state.view}-error`).textContent = error.message;
  }
  showView();
  liveRefresh(true);
  const movedOn = document.activeElement !== focusedBefore && document.activeElement !== document.body;
  if (changed && focus && !movedOn) focusHeading(`${state.view}-heading`);
}
