// The sandbox console, Signing › Webhooks (interface document › Resources › Webhook endpoint):
// add an endpoint (its secret shown once), turn endpoints on and off, reveal or roll a
// secret, delete; list each endpoint's Attempts (what was sent, what the endpoint answered,
// when, how long), filter them, resend one, and Send test. Attempts refresh by themselves.
// Plain DOM over the sandbox control API (/_sandbox); no build step. The access token lives
// in sessionStorage only and is never written into the page; the secret is never stored.

const TOKEN_KEY = "sandbox-token";
const state = { token: sessionStorage.getItem(TOKEN_KEY) ?? "", selected: null, endpoints: [], attempts: [] };
/** Live refresh of the attempts: every 2 s while something changes, backing off to 30 s while nothing does. */
const LIVE = { fastest: 2000, slowest: 30000, delay: 2000, timer: 0 };
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

/** A table cell; `label` names its column on narrow screens, where rows become cards. */
function cell(content, className, label) {
  const td = document.createElement("td");
  td.append(content);
  if (className) td.className = className;
  if (label) td.dataset.label = label;
  return td;
}

function timeOf(iso) {
  const element = document.createElement("time");
  element.dateTime = iso;
  element.textContent = new Date(iso).toLocaleString();
  return element;
}

/** A body as people read it: JSON indented, anything else as it came. */
function pretty(text) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
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
  const headers = Object.entries(attempt.request_headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\n");
  const next = attempt.next_attempt_at ? `\n\nNext attempt: ${new Date(attempt.next_attempt_at).toLocaleString()}` : "";
  const disclosure = document.createElement("details");
  const summary = document.createElement("summary");
  summary.textContent = "Sent and answered";
  disclosure.append(
    summary,
    block("Sent", `${headers}\n\n${pretty(attempt.request_body)}`),
    block(
      "Answered",
      `${answerText(attempt)}${attempt.response_body_excerpt ? `\n\n${pretty(attempt.response_body_excerpt)}` : ""}${next}`,
    ),
  );
  const resend = button(
    "Resend",
    guarded("attempts-error", async () => {
      const { delivery_id } = await api(
        "POST",
        `/_sandbox/webhook-endpoints/${state.selected.id}/deliveries/${attempt.delivery_id}/resend`,
      );
      $("attempts-status").textContent = `Resent ${attempt.event_type} (${attempt.event_id}) as delivery ${delivery_id}.`;
      liveRefresh(true);
    }),
    `Resend ${attempt.event_type} ${attempt.event_id}`,
  );
  row.append(
    cell(timeOf(attempt.attempted_at), "", "When"),
    cell(eventCell(attempt), "", "Event"),
    cell(answerText(attempt), `answer ${attempt.succeeded ? "state-on" : "state-off"}`, "Answer"),
    cell(`${attempt.duration_ms} ms`, "", "Duration"),
    cell(disclosure, "", "Details"),
    cell(resend, "", "Actions"),
  );
  return row;
}

/** The attempts the filters let through, and the event types there are to filter by. */
function renderAttempts() {
  const type = $("filter-type").value;
  const result = $("filter-result").value;
  const types = [...new Set(state.attempts.map((attempt) => attempt.event_type))].sort();
  const options = [new Option("All event types", ""), ...types.map((name) => new Option(name, name))];
  $("filter-type").replaceChildren(...options);
  $("filter-type").value = types.includes(type) ? type : "";
  const shown = state.attempts.filter(
    (attempt) =>
      (!$("filter-type").value || attempt.event_type === $("filter-type").value) &&
      (!result || (result === "succeeded") === attempt.succeeded),
  );
  $("attempt-rows").replaceChildren(...shown.map(attemptRow));
  $("no-attempts").hidden = shown.length > 0;
  const filtered = shown.length === state.attempts.length ? "" : ` (${shown.length} shown)`;
  const count = state.attempts.length;
  $("attempts-status").textContent = `${count} ${count === 1 ? "attempt" : "attempts"} of ${state.selected.url}${filtered}.`;
}

/**
 * Reads the selected endpoint's attempts again: at once when `now`, else on the live
 * schedule, sooner while they change and later while they do not, and never while the tab
 * is hidden.
 */
function liveRefresh(now = false) {
  clearTimeout(LIVE.timer);
  if (!state.selected) return;
  if (now) LIVE.delay = LIVE.fastest;
  LIVE.timer = setTimeout(
    async () => {
      if (!state.selected || document.hidden) return liveRefresh();
      const before = state.attempts.map((attempt) => attempt.id).join();
      try {
        await loadAttempts(state.selected);
      } catch {
        // A failed read is tried again later; the table keeps what it shows.
      }
      const changed = state.attempts.map((attempt) => attempt.id).join() !== before;
      LIVE.delay = changed ? LIVE.fastest : Math.min(LIVE.delay * 2, LIVE.slowest);
      liveRefresh();
    },
    now ? 300 : LIVE.delay,
  );
}

async function loadAttempts(endpoint) {
  const { items } = await api("GET", `/_sandbox/webhook-endpoints/${endpoint.id}/attempts`);
  if (state.selected?.id !== endpoint.id) return;
  state.attempts = items;
  renderAttempts();
}

async function showAttempts(endpoint) {
  if (state.selected?.id !== endpoint.id) state.attempts = [];
  state.selected = endpoint;
  $("attempts").hidden = false;
  $("attempts-for").textContent = `Endpoint ${endpoint.url}`;
  await loadAttempts(endpoint);
  liveRefresh(true);
}

/** Shows a secret in the secret panel, focus on Copy. */
function showSecret(secret, note) {
  $("secret-value").textContent = secret;
  $("secret-note").textContent = note;
  $("copy-status").textContent = "";
  $("secret-panel").hidden = false;
  $("copy-secret").focus();
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
    button(
      "Reveal secret",
      guarded("endpoints-error", async () => {
        const { secret } = await api("GET", `/_sandbox/webhook-endpoints/${endpoint.id}/secret`);
        showSecret(secret, `The secret that signs deliveries to ${endpoint.url} now.`);
      }),
      `Reveal secret of ${endpoint.url}`,
    ),
    button(
      "Roll secret",
      guarded("endpoints-error", async () => {
        if (
          !confirm(
            `Roll the secret of ${endpoint.url}? The current one keeps signing for 24 hours, so switch your receiver to the new one within that time.`,
          )
        )
          return;
        const rolled = await api("POST", `/_sandbox/webhook-endpoints/${endpoint.id}/roll-secret`);
        const until = rolled.previous_secret_expires_at ? new Date(rolled.previous_secret_expires_at).toLocaleString() : "now";
        showSecret(rolled.secret, `The new secret of ${endpoint.url}. The previous one keeps signing too until ${until}.`);
      }),
      `Roll secret of ${endpoint.url}`,
    ),
    button(
      "Delete",
      guarded("endpoints-error", async () => {
        if (!confirm(`Delete the endpoint ${endpoint.url}? Nothing more is sent to it.`)) return;
        await api("DELETE", `/_sandbox/webhook-endpoints/${endpoint.id}`);
        if (state.selected?.id === endpoint.id) state.selected = null;
        await refreshEndpoints();
        $("endpoints-status").textContent = `${endpoint.url} was deleted.`;
        $("endpoints-heading").setAttribute("tabindex", "-1");
        $("endpoints-heading").focus();
      }),
      `Delete ${endpoint.url}`,
    ),
  );
  const about = document.createDocumentFragment();
  const url = document.createElement("span");
  url.className = "endpoint-url";
  url.textContent = endpoint.url;
  const meta = document.createElement("span");
  meta.className = "endpoint-meta";
  meta.append(`${endpoint.id} · every event · added `, timeOf(endpoint.created_at));
  about.append(url, meta);
  row.append(
    cell(about, "", "Endpoint"),
    cell(stateText(endpoint), endpoint.enabled ? "state-on" : "state-off", "State"),
    cell(actions, "", "Actions"),
  );
  return row;
}

async function refreshEndpoints() {
  const { items } = await api("GET", "/_sandbox/webhook-endpoints");
  state.endpoints = items;
  $("endpoint-rows").replaceChildren(...items.map(endpointRow));
  $("no-endpoints").hidden = items.length > 0;
  const selected = state.selected && items.find((endpoint) => endpoint.id === state.selected.id);
  if (selected) await showAttempts(selected);
  else {
    state.selected = null;
    clearTimeout(LIVE.timer);
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
    const url = $("endpoint-url").value;
    if (state.endpoints.some((existing) => existing.url === url) && !confirm(`${url} is already an endpoint. Add it again?`)) {
      $("add-status").textContent = "Not added: that URL is already an endpoint.";
      return;
    }
    try {
      endpoint = await api("POST", "/_sandbox/webhook-endpoints", { url });
    } catch (error) {
      $("add-status").textContent = `The endpoint was not added: ${error.message}`;
      return;
    }
    $("add-form").reset();
    showSecret(
      endpoint.secret,
      "This secret is shown once. Copy it now: it verifies the Service-Signature of every delivery to this endpoint. It cannot be shown again here; Reveal secret shows it on request.",
    );
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

  $("filter-type").addEventListener("change", renderAttempts);
  $("filter-result").addEventListener("change", renderAttempts);
  document.addEventListener("visibilitychange", () => !document.hidden && liveRefresh(true));

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
