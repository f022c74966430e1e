// @ts-check
// How the console reads the view it shows: each view registers how it reads and shows itself,
// so that the router, live refresh and the views' own buttons refresh whichever view is shown
// without knowing the views.
/** @import { View } from "../common/state.js" */
import { state } from "../common/state.js";

/**
 * Reads what a view shows, and shows it; resolves to a fingerprint of what was read.
 * @typedef {() => Promise<string>} ViewRefresh
 */

/** @type {Map<View, ViewRefresh>} */
const refreshes = new Map();

/** @param {View} view @param {ViewRefresh} refresh */
export function registerView(view, refresh) {
  refreshes.set(view, refresh);
}

/** Reads what the current view shows, and shows it; returns a fingerprint of what was read. @returns {Promise<string>} */
export async function refreshView() {
  if (!state.token) return "";
  const refresh = refreshes.get(state.view);
  return refresh ? refresh() : "";
}
