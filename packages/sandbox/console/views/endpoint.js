// @ts-check
// #/endpoints/we_…: one endpoint, with Send test, Turn off / Turn on and Delete; its health
// (success rate over the recent attempts, next retry of failing deliveries); its signing
// secret (endpoint-secret.js) and its Attempts (endpoint-attempts.js).
/** @import { Attempt } from "../common/control-api-types.js" */
import { confirmInPage } from "../common/confirm-in-page.js";
import { api } from "../common/control-api.js";
import { $, clearMessages, element, focusHeading, timeOf } from "../common/dom.js";
import { endpointsFingerprint, loadAttempts, loadEndpoints } from "../common/endpoint-data.js";
import { CHART_BARS, healthChart, healthOf, pendingRetries } from "../common/health.js";
import { selectedEndpoint, shownEndpoint, state } from "../common/state.js";
import { stateText } from "../common/wording.js";
import { liveRefresh } from "../shell/live-refresh.js";
import { route, whenRouteChanges } from "../shell/router.js";
import { registerView } from "../shell/view-registry.js";
import { onEndpointPageClick, testEndpoint, toggleEndpoint } from "./endpoint-actions.js";
import { renderAttempts, wireEndpointAttempts } from "./endpoint-attempts.js";
import { wireEndpointSecret } from "./endpoint-secret.js";

/** What renderEndpoint writes of one endpoint, emptied when another is chosen. */
const SHOWN_PER_ENDPOINT = [
  "endpoint-heading",
  "endpoint-meta",
  "health-rate",
  "health-summary",
  "health-chart",
  "health-retry",
  "attempts-for",
];

/** @param {Attempt[]} attempts */
function renderHealth(attempts) {
  const health = healthOf(attempts.slice(0, CHART_BARS));
  $("health-rate").textContent = health.rate === null ? "–" : `${health.rate}%`;
  $("health-summary").textContent = health.total
    ? `of the last ${health.total} ${health.total === 1 ? "attempt" : "attempts"} succeeded`
    : "No attempts yet: Send test sends one now.";
  $("health-chart").replaceChildren(healthChart(attempts));
  const retries = pendingRetries(attempts);
  if (!retries.length) {
    $("health-retry").textContent = health.total ? "No delivery is waiting for a retry." : "";
  } else {
    // A retry is pending: it has its time.
    const next = /** @type {string} */ (retries.map((attempt) => attempt.next_attempt_at).sort()[0]);
    $("health-retry").replaceChildren(
      `${retries.length} failing ${retries.length === 1 ? "delivery" : "deliveries"}; next retry `,
      timeOf(next),
      ".",
    );
  }
}

function renderEndpoint() {
  const endpoint = selectedEndpoint();
  $("endpoint-missing").hidden = Boolean(endpoint);
  for (const id of ["endpoint", "endpoint-cards", "attempts"]) $(id).hidden = !endpoint;
  if (!endpoint) return;
  $("endpoint-heading").textContent = endpoint.url;
  $("endpoint-meta").replaceChildren(
    element("span", { className: `badge ${endpoint.enabled ? "badge-on" : "badge-off"}`, text: stateText(endpoint) }),
    ` ${endpoint.id} · every event · added `,
    timeOf(endpoint.created_at),
  );
  const toggle = endpoint.enabled ? "Turn off" : "Turn on";
  $("endpoint-toggle").textContent = toggle;
  $("endpoint-toggle").setAttribute("aria-label", `${toggle} ${endpoint.url}`);
  $("endpoint-test").setAttribute("aria-label", `Send test to ${endpoint.url}`);
  $("endpoint-delete").setAttribute("aria-label", `Delete ${endpoint.url}`);
  $("endpoint-reveal").setAttribute("aria-label", `Reveal secret of ${endpoint.url}`);
  $("endpoint-roll").setAttribute("aria-label", `Roll secret of ${endpoint.url}`);
  $("attempts-for").textContent = `Endpoint ${endpoint.url}`;
  const attempts = state.attempts.get(endpoint.id) ?? [];
  renderHealth(attempts);
  renderAttempts();
}

async function refreshEndpoint() {
  await loadEndpoints();
  const endpoint = selectedEndpoint();
  await loadAttempts(endpoint ? [endpoint] : []);
  renderEndpoint();
  return endpointsFingerprint();
}

async function deleteEndpoint() {
  const endpoint = shownEndpoint();
  const confirmed = await confirmInPage({
    title: "Delete this endpoint?",
    text: `${endpoint.url} gets nothing more from this organization, and its attempts are no longer listed. This cannot be undone.`,
    action: "Delete endpoint",
  });
  if (!confirmed) return;
  await api("DELETE", `/_sandbox/webhook-endpoints/${endpoint.id}`);
  location.hash = "#/endpoints";
  await route({ focus: false });
  $("endpoints-status").textContent = `${endpoint.url} was deleted.`;
  focusHeading("endpoints-heading");
}

export function wireEndpointView() {
  registerView("endpoint", refreshEndpoint);
  whenRouteChanges(({ endpointChanged }) => {
    clearMessages("endpoint-status", "endpoint-error");
    if (!endpointChanged) return;
    // Nothing of the endpoint shown before stays while the next one loads.
    for (const id of SHOWN_PER_ENDPOINT) $(id).replaceChildren();
  });
  onEndpointPageClick("endpoint-test", async () => {
    await testEndpoint(shownEndpoint(), "endpoint-status");
    liveRefresh(true);
  });
  onEndpointPageClick("endpoint-toggle", () => toggleEndpoint(shownEndpoint(), "endpoint-status"));
  onEndpointPageClick("endpoint-delete", deleteEndpoint);
  wireEndpointSecret();
  wireEndpointAttempts();
}
