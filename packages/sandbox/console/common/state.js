// @ts-check
// What the console holds: the access token of this tab, the view shown, and what it last read of
// the control API for it. The token lives in sessionStorage only and is never written into the
// page; no secret is kept here.
/** @import { Attempt, Endpoint, EventDeliveries, LoggedCall } from "./control-api-types.js" */

/** @typedef {"endpoints" | "endpoint" | "events" | "logs"} View */

/** Where the tab keeps its access token, so that a reload stays signed in. */
export const TOKEN_KEY = "sandbox-token";

/**
 * @type {{
 *   token: string, view: View, endpointId: string | null, endpoints: Endpoint[], attempts: Map<string, Attempt[]>,
 *   events: EventDeliveries[], logs: LoggedCall[],
 * }}
 */
export const state = {
  token: sessionStorage.getItem(TOKEN_KEY) ?? "",
  view: "endpoints",
  /** The endpoint the detail view shows, by id. */
  endpointId: null,
  endpoints: [],
  /** The recent attempts of each endpoint, by endpoint id. */
  attempts: new Map(),
  events: [],
  /** The organization's calls to the public API, newest first, without their bodies. */
  logs: [],
};

/** The endpoint the detail view shows, while the organization still lists it. */
export const selectedEndpoint = () => state.endpoints.find((endpoint) => endpoint.id === state.endpointId) ?? null;

/** The endpoint of the detail view, for its buttons, which the view shows only with one. */
export function shownEndpoint() {
  const endpoint = selectedEndpoint();
  if (!endpoint) throw new Error("This endpoint is no longer listed.");
  return endpoint;
}
