// @ts-check
// How the console words what the control API answers, the same in every view.
/** @import { Delivery, Endpoint } from "./control-api-types.js" */

/** A body as people read it: JSON indented, anything else as it came. @param {string} text */
export function pretty(text) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** @param {Endpoint} endpoint */
export function stateText(endpoint) {
  if (endpoint.enabled) return "On";
  // Delivery and retry rules 3: an endpoint that fails for 24 hours is turned off.
  return endpoint.disabled_reason === "failing" ? "Off: failing for 24 hours" : "Off";
}

/** @param {Pick<Delivery, "response_status" | "error">} attempt an attempt, or the latest of a delivery */
export function answerText(attempt) {
  if (attempt.response_status !== null) return `HTTP ${attempt.response_status}`;
  return `No answer: ${attempt.error ?? "unknown"}`;
}
