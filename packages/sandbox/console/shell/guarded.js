// @ts-check
// Every button's work runs guarded: its failure is said in the page, where the person who
// pressed it looks, and a refused token signs out; nothing becomes an unhandled rejection.
import { failure } from "../common/control-api.js";
import { $, clearMessages } from "../common/dom.js";
import { refused } from "./session.js";

/**
 * Runs a click's work; a failure is announced in `alertId` instead of becoming an unhandled rejection.
 * @param {string} alertId
 * @param {(event: Event) => unknown} work
 * @param {string} [statusId]
 */
export function guarded(alertId, work, statusId) {
  return async (/** @type {Event} */ event) => {
    clearMessages(alertId, ...(statusId ? [statusId] : []));
    try {
      await work(event);
    } catch (caught) {
      const error = failure(caught);
      if (error.status === 401) return refused(error);
      $(alertId).textContent = error.message;
    }
  };
}
