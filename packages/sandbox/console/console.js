// The sandbox console, Signing › Webhooks (interface document › Resources › Webhook endpoint):
// add an endpoint (its secret shown once), turn endpoints on and off, list each endpoint's
// Attempts (what was sent, what the endpoint answered, when, how long), and Send test.
// Plain DOM over the sandbox control API (/_sandbox); no build step. The access token lives
// in sessionStorage only and is never written into the page; the secret is never stored.

const TOKEN_KEY = "sandbox-token";
const state = { token: sessionStorage.getItem(TOKEN_KEY) ?? "", selected: null };
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
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's page, say): the status says enough.
  }
  if (!response.ok) throw new Error(data?.error?.message ?? `HTTP ${response.status}`);
  return data;
}

/** Runs a click's work; a failure is announced in `alertId` instead of becoming an unhandled rejection. */
function guarded(alertId, work) {
  return async (event) => {
    $(alertId).textContent = "";
    try {
      await work(event);
    } catch (error) {
      $(alertId).textContent = error.message;
    }
  };
}

function cell(content, className) {
  const td = document.createElement("td");
  td.append(content);
  if (className) td.className = className;
  return td;
}

function button(label, onClick, accessibleName) {
  const element = document.createElement("button");
  element.type = "button";
  element.textContent = label;
  // The visible label is the start of the accessible name (WCAG 2.5.3); the URL tells the rows apart.
  if (accessibleName) element.setAttribute("aria-label", accessibleName);
  element.addEventListener("click", onClick);
  return element;
}

function stateText(endpoint) {
  if (endpoint.enabled) return "On";
  // Delivery and retry rules 3: an endpoint that fails for 24 hours is turned off.
  return endpoint.disabled_reason === "failing" ? "Off: failing for 24 hours" : "Off";
}

function answerText(attempt) {
  if (attempt.response_status !== null) return `HTTP ${attempt.response_status}`;
  return `No answer: ${attempt.error ?? "unknown"}`;
}

function block(title, text) {
  const wrapper = document.createElement("div");
  const heading = document.createElement("p");
  heading.className = "block-title";
  heading.textContent = title;
  const pre = document.createElement("pre");
  pre.textContent = text;
  wrapper.append(heading, pre);
  return wrapper;
}

function eventCell(attempt) {
  const fragment = document.createDocumentFragment();
  const id = document.createElement("span");
  id.className = "event-id";
  id.textContent = `(${attempt.event_id})`;
  fragment.append(`${attempt.event_type}, attempt ${attempt.attempt} `, id);
  return fragment;
}

function attemptRow(attempt) {
  const row = document.createElement("tr");
  const when = document.createElement("time");
  when.dateTime = attempt.attempted_at;
  when.textContent = new Date(attempt.attempted_at).toLocaleString();
  const headers = Object.entries(attempt.request_headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\n");
  const next = attempt.next_attempt_at ? `\n\nNext attempt: ${new Date(attempt.next_attempt_at).toLocaleString()}` : "";
  const disclosure = document.createElement("details");
  const summary = document.createElement("summary");
  summary.textContent = "Sent and answered";
  disclosure.append(
    summary,
    block("Sent", `${headers}\n\n${attempt.request_body}`),
    block("Answered", `${answerText(attempt)}${attempt.response_body_excerpt ? `\n\n${attempt.response_body_excerpt}` : ""}${next}`),
  );
  row.append(
    cell(when),
    cell(eventCell(attempt)),
    cell(answerText(attempt), attempt.succeeded ? "state-on" : "state-off"),
    cell(`${attempt.duration_ms} ms`),
    cell(disclosure),
  );
  return row;
}

async function showAttempts(endpoint) {
  state.selected = endpoint;
  $("attempts").hidden = false;
  $("attempts-for").textContent = `Endpoint ${endpoint.url}`;
  const { items } = await api("GET", `/_sandbox/webhook-endpoints/${endpoint.id}/attempts`);
  $("attempt-rows").replaceChildren(...items.map(attemptRow));
  $("no-attempts").hidden = items.length > 0;
  $("attempts-status").textContent = `${items.length} ${items.length === 1 ? "attempt" : "attempts"} of ${endpoint.url}.`;
}

function endpointRow(endpoint) {
  const row = document.createElement("tr");
  row.dataset.endpointId = endpoint.id;
  const toggle = endpoint.enabled ? "Turn off" : "Turn on";
  const actions = document.createElement("div");
  actions.className = "actions";
  actions.append(
    button(
      toggle,
      guarded("endpoints-error", async () => {
        await api("POST", `/_sandbox/webhook-endpoints/${endpoint.id}/${endpoint.enabled ? "disable" : "enable"}`);
        await refreshEndpoints();
        $("endpoints-status").textContent = `${endpoint.url} is now ${endpoint.enabled ? "off" : "on"}.`;
        // The row was rebuilt: keep keyboard focus on its (now opposite) toggle.
        $("endpoint-rows")
          .querySelector(`tr[data-endpoint-id="${CSS.escape(endpoint.id)}"] button`)
          ?.focus();
      }),
      `${toggle} ${endpoint.url}`,
    ),
    button(
      "Send test",
      guarded("endpoints-error", async () => {
        $("endpoints-status").textContent = "";
        try {
          const { attempt } = await api("POST", `/_sandbox/webhook-endpoints/${endpoint.id}/test`);
          $("endpoints-status").textContent = attempt
            ? `Test sent to ${endpoint.url}: ${answerText(attempt)}.`
            : `Test to ${endpoint.url} was not attempted.`;
        } catch (error) {
          throw new Error(`Test not sent: ${error.message}`);
        }
        await showAttempts(endpoint);
      }),
      `Send test to ${endpoint.url}`,
    ),
    button(
      "Attempts",
      guarded("endpoints-error", () => showAttempts(endpoint)),
      `Attempts of ${endpoint.url}`,
    ),
  );
  row.append(cell(endpoint.url), cell(stateText(endpoint), endpoint.enabled ? "state-on" : "state-off"), cell(actions));
  return row;
}

async function refreshEndpoints() {
  const { items } = await api("GET", "/_sandbox/webhook-endpoints");
  $("endpoint-rows").replaceChildren(...items.map(endpointRow));
  $("no-endpoints").hidden = items.length > 0;
  const selected = state.selected && items.find((endpoint) => endpoint.id === state.selected.id);
  if (selected) await showAttempts(selected);
  else {
    state.selected = null;
    $("attempts").hidden = true;
  }
}

function showSignedIn(signedIn) {
  for (const id of ["add", "endpoints"]) $(id).hidden = !signedIn;
  $("sign-out").hidden = !signedIn;
  if (!signedIn) $("attempts").hidden = true;
}

async function signIn(token) {
  state.token = token;
  try {
    await refreshEndpoints();
  } catch (error) {
    state.token = "";
    sessionStorage.removeItem(TOKEN_KEY);
    showSignedIn(false);
    $("access-status").textContent = `That token was not accepted: ${error.message}`;
    return false;
  }
  sessionStorage.setItem(TOKEN_KEY, token);
  showSignedIn(true);
  return true;
}

/** Copies the text of `valueId` to the clipboard, or selects it for Ctrl+C where the clipboard is refused. */
async function copyShown(valueId, statusId) {
  try {
    await navigator.clipboard.writeText($(valueId).textContent);
    $(statusId).textContent = "Copied to the clipboard.";
  } catch {
    // No clipboard access (permission refused, or not a secure context): select it for Ctrl+C.
    const range = document.createRange();
    range.selectNodeContents($(valueId));
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    $(statusId).textContent = "Selected: press Ctrl+C (⌘C) to copy.";
  }
}

function hideToken() {
  // Shown once: it leaves the page for good (the tab keeps it signed in).
  $("token-value").textContent = "";
  $("copy-token-status").textContent = "";
  $("token-panel").hidden = true;
}

function hideSecret() {
  // The secret is shown once: it leaves the page for good.
  $("secret-value").textContent = "";
  $("copy-status").textContent = "";
  $("secret-panel").hidden = true;
}

document.addEventListener("DOMContentLoaded", () => {
  $("token-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const token = $("token").value.trim();
    $("token").value = "";
    if (await signIn(token)) $("access-status").textContent = "Signed in with the token.";
  });

  $("new-organization").addEventListener("click", async () => {
    try {
      const response = await fetch("/_sandbox/organizations", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const organization = await response.json();
      hideSecret();
      state.selected = null;
      if (await signIn(organization.access_token)) {
        $("access-status").textContent = `Created organization ${organization.organization_id} and signed in.`;
        // Shown this once, as a secret is: for the curl steps, the SDK and the CLI.
        $("token-value").textContent = organization.access_token;
        $("copy-token-status").textContent = "";
        $("token-panel").hidden = false;
        $("copy-token").focus();
      }
    } catch (error) {
      $("access-status").textContent = `No organization was created: ${error.message}`;
    }
  });

  $("sign-out").addEventListener("click", () => {
    hideToken();
    state.token = "";
    state.selected = null;
    sessionStorage.removeItem(TOKEN_KEY);
    hideSecret();
    showSignedIn(false);
    $("access-status").textContent = "Signed out.";
    $("token").focus();
  });

  $("add-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("add-status").textContent = "";
    let endpoint;
    try {
      endpoint = await api("POST", "/_sandbox/webhook-endpoints", { url: $("endpoint-url").value });
    } catch (error) {
      $("add-status").textContent = `The endpoint was not added: ${error.message}`;
      return;
    }
    $("secret-value").textContent = endpoint.secret;
    $("copy-status").textContent = "";
    $("secret-panel").hidden = false;
    $("add-form").reset();
    $("copy-secret").focus();
    await refreshEndpoints().catch((error) => ($("endpoints-error").textContent = error.message));
  });

  $("copy-secret").addEventListener("click", () => copyShown("secret-value", "copy-status"));
  $("copy-token").addEventListener("click", () => copyShown("token-value", "copy-token-status"));
  $("dismiss-token").addEventListener("click", () => {
    hideToken();
    $("access-heading").setAttribute("tabindex", "-1");
    $("access-heading").focus();
  });

  $("dismiss-secret").addEventListener("click", () => {
    hideSecret();
    $("endpoints-heading").setAttribute("tabindex", "-1");
    $("endpoints-heading").focus();
  });

  $("refresh-attempts").addEventListener(
    "click",
    guarded("endpoints-error", async () => {
      if (state.selected) await showAttempts(state.selected);
    }),
  );

  if (state.token) {
    signIn(state.token).then((ok) => ok && ($("access-status").textContent = "Signed in with the token of this tab."));
  }
});
