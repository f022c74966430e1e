// @ts-check
// Calls of the sandbox control API (/_sandbox) with the tab's access token, and the failure
// they throw: the message the API gave, with the HTTP status that decides what the console does
// next (a 401 signs out).
import { state } from "./state.js";

export class ApiFailure extends Error {
  /** @param {string} message @param {number} status */
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/**
 * What a failed action threw: an ApiFailure (with the HTTP status) or another Error.
 * @param {unknown} error
 */
export const failure = (error) => /** @type {Error & { status?: number }} */ (error);

/**
 * A call of the control API; its answer, parsed, is the shape the control API documents for the call.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<unknown>}
 */
export async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: {
      authorization: `Bearer ${state.token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's page, say): the status says enough.
  }
  if (!response.ok) throw new ApiFailure(data?.error?.message ?? `HTTP ${response.status}`, response.status);
  return data;
}
