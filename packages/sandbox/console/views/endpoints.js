// @ts-check
// #/endpoints: add an endpoint (its secret shown once), and the list with each one's state and
// recent success rate, Send test, turn on and off.
/** @import { Endpoint } from "../common/control-api-types.js" */
import { confirmInPage } from "../common/confirm-in-page.js";
import { api, failure } from "../common/control-api.js";
import { copyShown } from "../common/copy-shown.js";
import { $, button, cell, clearMessages, element, focusHeading, timeOf } from "../common/dom.js";
import { endpointsFingerprint, loadAttempts, loadEndpoints } from "../common/endpoint-data.js";
import { healthOf, healthText, meter, pendingRetries } from "../common/health.js";
import { state } from "../common/state.js";
import { syncRows } from "../common/sync-rows.js";
import { stateText } from "../common/wording.js";
import { guarded } from "../shell/guarded.js";
import { whenRouteChanges } from "../shell/router.js";
import { refused, whenSignedOut } from "../shell/session.js";
import { refreshView, registerView } from "../shell/view-registry.js";
import { testEndpoint, toggleEndpoint } from "./endpoint-actions.js";

const endpointUrl = (/** @type {Endpoint} */ endpoint) => `#/endpoints/${encodeURIComponent(endpoint.id)}`;

/**
 * A row of the endpoints list: its parts, updated in place, and the endpoint it shows now.
 * @typedef {HTMLTableRowElement & {
 *   parts: { link: HTMLAnchorElement, meta: HTMLSpanElement, toggle: HTMLButtonElement, test: HTMLButtonElement },
 *   endpoint: Endpoint,
 * }} EndpointRow
 */

/** @param {Endpoint} endpoint */
function endpointRow(endpoint) {
  const row = /** @type {EndpointRow} */ (element("tr"));
  row.dataset.endpointId = endpoint.id;
  const link = element("a", { className: "endpoint-url", text: endpoint.url });
  const meta = element("span", { className: "endpoint-meta" });
  const about = document.createDocumentFragment();
  about.append(link, meta);
  const toggle = button("Turn off", () => {});
  const test = button("Send test", () => {});
  const actions = element("div", { className: "actions" }, test, toggle);
  row.append(
    cell(about, "", "Endpoint"),
    cell("", "", "State"),
    cell("", "health-cell", "Recent deliveries"),
    cell(actions, "", "Actions"),
  );
  row.parts = { link, meta, toggle, test };
  toggle.addEventListener(
    "click",
    guarded("endpoints-error", () => toggleEndpoint(row.endpoint, "endpoints-status"), "endpoints-status"),
  );
  test.addEventListener(
    "click",
    guarded("endpoints-error", () => testEndpoint(row.endpoint, "endpoints-status"), "endpoints-status"),
  );
  return row;
}

/** Brings a row up to date in place: its buttons (and the focus on them) stay. @param {EndpointRow} row @param {Endpoint} endpoint */
function updateEndpointRow(row, endpoint) {
  row.endpoint = endpoint;
  const { link, meta, toggle, test } = row.parts;
  link.href = endpointUrl(endpoint);
  link.textContent = endpoint.url;
  meta.replaceChildren(`${endpoint.id} · every event · added `, timeOf(endpoint.created_at));
  // The row's cells, as endpointRow makes them.
  const stateCell = /** @type {HTMLTableCellElement} */ (row.cells[1]);
  stateCell.replaceChildren(
    element("span", { className: `badge ${endpoint.enabled ? "badge-on" : "badge-off"}`, text: stateText(endpoint) }),
  );
  const attempts = state.attempts.get(endpoint.id) ?? [];
  const health = healthOf(attempts);
  const retries = pendingRetries(attempts);
  const healthCell = /** @type {HTMLTableCellElement} */ (row.cells[2]);
  healthCell.replaceChildren(healthText(health));
  if (health.total) healthCell.append(meter(/** @type {number} */ (health.rate))); // attempts made: a rate
  if (retries.length) healthCell.append(element("span", { className: "retry", text: `${retries.length} failing, retried later` }));
  const toggleLabel = endpoint.enabled ? "Turn off" : "Turn on";
  toggle.textContent = toggleLabel;
  toggle.setAttribute("aria-label", `${toggleLabel} ${endpoint.url}`);
  test.setAttribute("aria-label", `Send test to ${endpoint.url}`);
}

function renderEndpoints() {
  syncRows($("endpoint-rows"), state.endpoints, (endpoint) => endpoint.id, endpointRow, updateEndpointRow);
  $("no-endpoints").hidden = state.endpoints.length > 0;
}

async function refreshEndpoints() {
  await loadEndpoints();
  await loadAttempts(state.endpoints);
  renderEndpoints();
  return endpointsFingerprint();
}

/** Shows the new endpoint's secret in the panel under Add, focus on Copy. @param {string} secret @param {string} note */
function showSecret(secret, note) {
  $("secret-value").textContent = secret;
  $("secret-note").textContent = note;
  $("copy-status").textContent = "";
  $("secret-panel").hidden = false;
  $("copy-secret").focus();
}

export function hideSecret() {
  // The secret is shown once: it leaves the page for good.
  $("secret-value").textContent = "";
  $("copy-status").textContent = "";
  $("secret-panel").hidden = true;
}

/** Adds the URL of the form as an endpoint, asking first when it is one already. @param {SubmitEvent} event */
async function addEndpoint(event) {
  event.preventDefault();
  clearMessages("add-status", "endpoints-status", "endpoints-error");
  hideSecret();
  /** @type {Endpoint & { secret: string }} */
  let endpoint;
  const url = $("endpoint-url").value;
  if (
    state.endpoints.some((existing) => existing.url === url) &&
    !(await confirmInPage({
      title: "Add this URL again?",
      text: `${url} is already an endpoint. A second endpoint with it gets every event a second time, with its own secret.`,
      action: "Add again",
    }))
  ) {
    $("add-status").textContent = "Not added: that URL is already an endpoint.";
    return;
  }
  try {
    endpoint = /** @type {Endpoint & { secret: string }} */ (await api("POST", "/_sandbox/webhook-endpoints", { url }));
  } catch (caught) {
    const error = failure(caught);
    if (error.status === 401) return refused(error);
    $("add-status").textContent = `The endpoint was not added: ${error.message}`;
    return;
  }
  $("add-form").reset();
  showSecret(
    endpoint.secret,
    "This secret is shown once. Copy it now: it verifies the Service-Signature of every delivery to this endpoint. It cannot be shown again here; Reveal secret on the endpoint's page shows it on request.",
  );
  await refreshView().catch((error) => ($("endpoints-error").textContent = failure(error).message));
}

export function wireEndpointsView() {
  registerView("endpoints", refreshEndpoints);
  whenRouteChanges(hideSecret);
  whenSignedOut(() => {
    hideSecret();
    $("endpoint-rows").replaceChildren();
  });
  $("add-form").addEventListener("submit", addEndpoint);
  $("copy-secret").addEventListener("click", () => copyShown("secret-value", "copy-status"));
  $("dismiss-secret").addEventListener("click", () => {
    hideSecret();
    focusHeading("endpoints-heading");
  });
}
