// @ts-check
// What both the endpoints list and an endpoint's page offer for one endpoint (Send test, and
// Turn off / Turn on), and how each button of an endpoint's page reports.
/** @import { Attempt, Endpoint } from "../common/control-api-types.js" */
import { api, failure } from "../common/control-api.js";
import { $ } from "../common/dom.js";
import { answerText } from "../common/wording.js";
import { guarded } from "../shell/guarded.js";
import { refreshView } from "../shell/view-registry.js";

/** @param {Endpoint} endpoint */
async function sendTest(endpoint) {
  try {
    const { attempt } = /** @type {{ attempt: Attempt | null }} */ (await api("POST", `/_sandbox/webhook-endpoints/${endpoint.id}/test`));
    return attempt;
  } catch (caught) {
    const error = failure(caught);
    if (error.status === 401) throw error;
    throw new Error(`Test not sent: ${error.message}`);
  }
}

/** Sends a `ping` to the endpoint and says in `statusId` what it answered. @param {Endpoint} endpoint @param {string} statusId */
export async function testEndpoint(endpoint, statusId) {
  const attempt = await sendTest(endpoint);
  $(statusId).textContent = attempt
    ? `Test sent to ${endpoint.url}: ${answerText(attempt)}.`
    : `Test to ${endpoint.url} was not attempted.`;
  await refreshView();
}

/** @param {Endpoint} endpoint @param {string} statusId */
export async function toggleEndpoint(endpoint, statusId) {
  await api("POST", `/_sandbox/webhook-endpoints/${endpoint.id}/${endpoint.enabled ? "disable" : "enable"}`);
  await refreshView();
  $(statusId).textContent = `${endpoint.url} is now ${endpoint.enabled ? "off" : "on"}.`;
}

/**
 * Wires a button of an endpoint's page: its failure in the page's error line, its progress in its status line.
 * @param {string} id
 * @param {(event: Event) => unknown} work
 */
export function onEndpointPageClick(id, work) {
  $(id).addEventListener("click", guarded("endpoint-error", work, "endpoint-status"));
}
