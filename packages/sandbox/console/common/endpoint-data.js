// @ts-check
// The organization's endpoints and their recent attempts, as the endpoints list and an
// endpoint's page read them, and the fingerprint by which live refresh tells that they changed.
/** @import { Attempt, Endpoint } from "./control-api-types.js" */
import { api } from "./control-api.js";
import { state } from "./state.js";

export async function loadEndpoints() {
  const { items } = /** @type {{ items: Endpoint[] }} */ (await api("GET", "/_sandbox/webhook-endpoints"));
  state.endpoints = items;
}

/** @param {Endpoint[]} endpoints */
export async function loadAttempts(endpoints) {
  const lists = await Promise.all(
    endpoints.map((endpoint) =>
      /** @type {Promise<{ items: Attempt[] }>} */ (api("GET", `/_sandbox/webhook-endpoints/${endpoint.id}/attempts`)).then(
        ({ items }) => items,
        (error) => {
          if (error.status === 401) throw error;
          // Deleted meanwhile: nothing to show for it.
          return [];
        },
      ),
    ),
  );
  // One list per endpoint, in order.
  endpoints.forEach((endpoint, index) => state.attempts.set(endpoint.id, /** @type {Attempt[]} */ (lists[index])));
}

/** What was read of the endpoints and their attempts, to compare with the next reading. */
export function endpointsFingerprint() {
  return JSON.stringify([state.endpoints, [...state.attempts.values()].map((list) => list.map((attempt) => attempt.id))]);
}
