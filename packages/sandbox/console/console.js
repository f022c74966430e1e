// The sandbox console, Signing › Webhooks (interface document › Resources › Webhook endpoint):
// add an endpoint (its secret shown once), turn endpoints on and off, list each endpoint's
// Attempts (what was sent, what the endpoint answered, when, how long), and Send test.
// Plain DOM over the sandbox control API (/_sandbox); no build step. The access token lives
// in sessionStorage only, and is never written into the page.

const state = { token: sessionStorage.getItem("sandbox-token") ?? "", selected: null };
const $ = (id) => document.getElementById(id);

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: {
      authorization: `Bearer ${state.token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) throw new Error(data?.error?.message ?? `HTTP ${response.status}`);
  return data;
}

function cell(text, className) {
  const td = document.createElement("td");
  td.textContent = text;
  if (className) td.className = className;
  return td;
}

function button(label, onClick, attributes = {}) {
  const element = document.createElement("button");
  element.type = "button";
  element.textContent = label;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.addEventListener("click", onClick);
  return element;
}

async function showAttempts(endpoint) {
  state.selected = endpoint;
  $("attempts").hidden = false;
  $("attempts-for").textContent = `Endpoint ${endpoint.url}`;
  const { items } = await api("GET", `/_sandbox/webhook-endpoints/${endpoint.id}/attempts`);
  const rows = $("attempt-rows");
  rows.replaceChildren();
  $("no-attempts").hidden = items.length > 0;
  for (const attempt of items) {
    const row = document.createElement("tr");
    row.append(
      cell(new Date(attempt.attempted_at).toLocaleString()),
      cell(`${attempt.event_type} (${attempt.event_id})`),
      cell(attempt.response_status ? `HTTP ${attempt.response_status}` : `No answer: ${attempt.error ?? "unknown"}`, attempt.succeeded ? "state-on" : "state-off"),
      cell(`${attempt.duration_ms} ms`),
    );
    const details = document.createElement("td");
    const disclosure = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = "Sent and answered";
    const sent = document.createElement("pre");
    sent.textContent = `${Object.entries(attempt.request_headers).map(([k, v]) => `${k}: ${v}`).join("\n")}\n\n${attempt.request_body}`;
    const answered = document.createElement("pre");
    answered.textContent = attempt.response_body_excerpt ?? "";
    disclosure.append(summary, sent, answered);
    details.append(disclosure);
    row.append(details);
    rows.append(row);
  }
}

async function refreshEndpoints() {
  const { items } = await api("GET", "/_sandbox/webhook-endpoints");
  const rows = $("endpoint-rows");
  rows.replaceChildren();
  $("no-endpoints").hidden = items.length > 0;
  for (const endpoint of items) {
    const row = document.createElement("tr");
    row.dataset.endpointId = endpoint.id;
    const stateCell = cell(endpoint.enabled ? "On" : "Off", endpoint.enabled ? "state-on" : "state-off");
    const actions = document.createElement("td");
    actions.append(
      button(endpoint.enabled ? "Turn off" : "Turn on", async () => {
        await api("POST", `/_sandbox/webhook-endpoints/${endpoint.id}/${endpoint.enabled ? "disable" : "enable"}`);
        await refreshEndpoints();
      }, { "aria-label": `${endpoint.enabled ? "Turn off" : "Turn on"} ${endpoint.url}` }),
      " ",
      button("Send test", async () => {
        await api("POST", `/_sandbox/webhook-endpoints/${endpoint.id}/test`);
        await showAttempts(endpoint);
      }, { "aria-label": `Send test to ${endpoint.url}` }),
      " ",
      button("Attempts", () => showAttempts(endpoint), { "aria-label": `Attempts of ${endpoint.url}` }),
    );
    row.append(cell(endpoint.url), stateCell, actions);
    rows.append(row);
  }
  if (state.selected) {
    const selected = items.find((endpoint) => endpoint.id === state.selected.id);
    if (selected) await showAttempts(selected);
  }
}

async function signIn(token) {
  state.token = token;
  try {
    await refreshEndpoints();
    sessionStorage.setItem("sandbox-token", token);
    $("access-status").textContent = "Signed in.";
    for (const id of ["add", "endpoints"]) $(id).hidden = false;
  } catch (error) {
    $("access-status").textContent = `That token was not accepted: ${error.message}`;
  }
}

document.addEventListener("DOMContentLoaded", () => {
  $("token-form").addEventListener("submit", (event) => {
    event.preventDefault();
    signIn($("token").value.trim());
  });
  $("new-organization").addEventListener("click", async () => {
    const response = await fetch("/_sandbox/organizations", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    const organization = await response.json();
    $("access-status").textContent = `Created organization ${organization.organization_id}.`;
    await signIn(organization.access_token);
  });
  $("add-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("add-status").textContent = "";
    try {
      const endpoint = await api("POST", "/_sandbox/webhook-endpoints", { url: $("endpoint-url").value });
      $("secret-value").textContent = endpoint.secret;
      $("secret-panel").hidden = false;
      $("copy-secret").focus();
      $("add-form").reset();
      await refreshEndpoints();
    } catch (error) {
      $("add-status").textContent = `The endpoint was not added: ${error.message}`;
    }
  });
  $("copy-secret").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("secret-value").textContent);
      $("copy-status").textContent = "Copied.";
    } catch {
      const range = document.createRange();
      range.selectNodeContents($("secret-value"));
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      $("copy-status").textContent = "Selected: press Ctrl+C to copy.";
    }
  });
  $("dismiss-secret").addEventListener("click", () => {
    // The secret is shown once: it leaves the page for good.
    $("secret-value").textContent = "";
    $("secret-panel").hidden = true;
  });
  if (state.token) signIn(state.token);
});
