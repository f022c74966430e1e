// @ts-check
// The sandbox console, Signing › Webhooks (interface document › Resources › Webhook endpoint).
// Three views, by hash route:
//   #/endpoints       add an endpoint (its secret shown once), the list with each one's state
//                     and recent success rate, Send test, turn on and off;
//   #/endpoints/we_…  one endpoint: reveal or roll its secret, delete, its health (success rate
//                     over the recent attempts, next retry of failing deliveries) and its
//                     Attempts (what was sent, what the endpoint answered), filtered, resent;
//   #/events          the organization's recent events, each with its deliveries;
//   #/logs            the organization's calls to the public API, newest first, each opened
//                     to show its request and response bodies (read when opened).
// Plain DOM over the sandbox control API (/_sandbox); no build step. What is shown refreshes by
// itself, updating rows in place (keyed by id), so an opened attempt stays open. The access
// token lives in sessionStorage only and is never written into the page; no secret is stored.

// The control API's answers, as packages/sandbox/openapi/control-api.yaml describes them and the
// sandbox sends them.
/**
 * @typedef {object} Endpoint
 * @property {string} id
 * @property {string} url
 * @property {boolean} enabled
 * @property {"manual" | "failing" | null} disabled_reason
 * @property {string} created_at
 */
/**
 * @typedef {object} Attempt
 * @property {string} id
 * @property {string} delivery_id
 * @property {string} event_id
 * @property {string} event_type
 * @property {number} attempt 1 for the first attempt of a delivery
 * @property {string} attempted_at
 * @property {number} duration_ms
 * @property {Record<string, string>} request_headers
 * @property {string} request_body
 * @property {number | null} response_status
 * @property {string | null} response_body_excerpt
 * @property {string | null} error
 * @property {boolean} succeeded
 * @property {string | null} next_attempt_at
 */
/**
 * @typedef {object} Delivery the latest attempt of a delivery of an event
 * @property {string} delivery_id
 * @property {string} endpoint_id
 * @property {string} endpoint_url
 * @property {number} attempts
 * @property {boolean} succeeded
 * @property {string} last_attempted_at
 * @property {number | null} [response_status]
 * @property {string | null} [error]
 * @property {string | null} next_attempt_at
 */
/** @typedef {{ id: string, type: string, first_attempted_at: string, deliveries: Delivery[] }} EventDeliveries */
/** @typedef {{ request_id: string, method: string, path: string, status: number, duration_ms: number, at: string }} LoggedCall */
/** @typedef {LoggedCall & { request_body: string | null, response_body: string | null }} LoggedCallWithBodies */
/** @typedef {{ organization_id: string, access_token: string }} Organization */
/** @typedef {"endpoints" | "endpoint" | "events" | "logs"} View */

const TOKEN_KEY = "sandbox-token";
const THEME_KEY = "sandbox-theme";
/**
 * @type {{
 *   token: string, view: View, endpointId: string | null, endpoints: Endpoint[], attempts: Map<string, Attempt[]>,
 *   events: EventDeliveries[], logs: LoggedCall[],
 * }}
 */
const state = {
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
/**
 * Rows kept across refreshes and filter changes, by attempt id, so what is opened stays open.
 * @type {Map<string | undefined, HTMLTableRowElement>}
 */
const attemptRowCache = new Map();
/** Live refresh: every 2 s while something changes, backing off to 30 s while nothing does (Logs: every 2 s). */
const LIVE = { fastest: 2000, slowest: 30000, delay: 2000, timer: 0, seen: "" };

/**
 * The elements of index.html that the console uses as more than an HTMLElement, by id.
 * @typedef {{
 *   confirm: HTMLDialogElement,
 *   "filter-type": HTMLSelectElement, "filter-result": HTMLSelectElement,
 *   token: HTMLInputElement, "endpoint-url": HTMLInputElement, "add-form": HTMLFormElement,
 *   "endpoint-rows": HTMLTableSectionElement, "attempt-rows": HTMLTableSectionElement,
 *   "event-rows": HTMLTableSectionElement, "log-rows": HTMLTableSectionElement,
 * }} PageElements
 */
/**
 * An element of index.html, by id: the page has every id the console asks for.
 * @template {string} Id
 * @param {Id} id
 * @returns {Id extends keyof PageElements ? PageElements[Id] : HTMLElement}
 */
const $ = (id) => /** @type {Id extends keyof PageElements ? PageElements[Id] : HTMLElement} */ (document.getElementById(id));
/**
 * The table of one of the page's table bodies.
 * @param {"attempt-rows" | "event-rows" | "log-rows"} id
 */
const tableOf = (id) => /** @type {HTMLTableElement} */ ($(id).closest("table"));

class ApiFailure extends Error {
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
const failure = (error) => /** @type {Error & { status?: number }} */ (error);

/**
 * A call of the control API; its answer, parsed, is the shape the control API documents for the call.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<unknown>}
 */
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
  if (!response.ok) throw new ApiFailure(data?.error?.message ?? `HTTP ${response.status}`, response.status);
  return data;
}

/** Clears a view's status and alert lines, so no earlier outcome is left standing. @param {...string} ids */
function clearMessages(...ids) {
  for (const id of ids) $(id).textContent = "";
}

/**
 * Runs a click's work; a failure is announced in `alertId` instead of becoming an unhandled rejection.
 * @param {string} alertId
 * @param {(event: Event) => unknown} work
 * @param {string} [statusId]
 */
function guarded(alertId, work, statusId) {
  return async (/** @type {Event} */ event) => {
    clearMessages(alertId, ...(statusId ? [statusId] : []));
    try {
      await work(event);
    } catch (caught) {
      const error = failure(caught);
      if (error.status === 401) return refused(error);
      $(alertId).textContent = error.message;
    }
  };
}

/**
 * @template {keyof HTMLElementTagNameMap} Tag
 * @param {Tag} tag
 * @param {{ className?: string, text?: string, attributes?: Record<string, string> }} [options]
 * @param {...(Node | string)} children
 * @returns {HTMLElementTagNameMap[Tag]}
 */
function element(tag, { className, text, attributes } = {}, ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attributes ?? {})) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/**
 * A table cell; `label` names its column on narrow screens, where rows become cards.
 * @param {Node | string} content
 * @param {string} [className]
 * @param {string} [label]
 */
function cell(content, className, label) {
  const td = element("td", { className });
  td.append(content);
  if (label) td.dataset.label = label;
  return td;
}

/** @param {string} iso */
function timeOf(iso) {
  const node = element("time", { text: new Date(iso).toLocaleString() });
  node.dateTime = iso;
  return node;
}

/** A body as people read it: JSON indented, anything else as it came. @param {string} text */
function pretty(text) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * @param {string} label
 * @param {(event: MouseEvent) => unknown} onClick
 * @param {{ accessibleName?: string, kind?: string }} [options]
 */
function button(label, onClick, { accessibleName, kind = "secondary" } = {}) {
  const node = element("button", { className: `btn btn-${kind}`, text: label });
  node.type = "button";
  // The visible label is the start of the accessible name (WCAG 2.5.3); the URL tells the rows apart.
  if (accessibleName) node.setAttribute("aria-label", accessibleName);
  node.addEventListener("click", onClick);
  return node;
}

/** @param {Endpoint} endpoint */
function stateText(endpoint) {
  if (endpoint.enabled) return "On";
  // Delivery and retry rules 3: an endpoint that fails for 24 hours is turned off.
  return endpoint.disabled_reason === "failing" ? "Off: failing for 24 hours" : "Off";
}

/** @param {Pick<Delivery, "response_status" | "error">} attempt an attempt, or the latest of a delivery */
function answerText(attempt) {
  if (attempt.response_status !== null) return `HTTP ${attempt.response_status}`;
  return `No answer: ${attempt.error ?? "unknown"}`;
}

// ---- In-page confirmation -------------------------------------------------------------------

/**
 * Asks in a modal dialog of the page; resolves true when `action` is pressed, false on Cancel or Escape.
 * @param {{ title: string, text: string, action: string }} question
 * @returns {Promise<boolean>}
 */
function confirmInPage({ title, text, action }) {
  const dialog = $("confirm");
  $("confirm-title").textContent = title;
  $("confirm-text").textContent = text;
  $("confirm-ok").textContent = action;
  dialog.returnValue = "";
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "confirm"), { once: true });
    dialog.showModal();
    $("confirm-cancel").focus();
  });
}

// ---- Health ---------------------------------------------------------------------------------

/** Success rate of recent attempts: `{ total, succeeded, rate }`, rate null when there are none. @param {Attempt[]} attempts */
function healthOf(attempts) {
  const succeeded = attempts.filter((attempt) => attempt.succeeded).length;
  return { total: attempts.length, succeeded, rate: attempts.length ? Math.round((succeeded / attempts.length) * 100) : null };
}

/** @param {ReturnType<typeof healthOf>} health */
function healthText({ total, succeeded, rate }) {
  if (!total) return "No attempts yet";
  return `${rate}% succeeded (${succeeded} of ${total})`;
}

/** The latest attempt of each delivery still to be retried: what a failing endpoint is waiting for. @param {Attempt[]} attempts */
function pendingRetries(attempts) {
  /** @type {Map<string, Attempt>} */
  const latest = new Map();
  for (const attempt of attempts) if (!latest.has(attempt.delivery_id)) latest.set(attempt.delivery_id, attempt);
  return [...latest.values()].filter((attempt) => !attempt.succeeded && attempt.next_attempt_at);
}

const SVG = "http://www.w3.org/2000/svg";
const CHART_BARS = 40;

/**
 * The recent attempts as a strip of bars, newest right: a tall bar for each success, a short
 * one for each failure (shape as well as colour); its label says the success rate.
 * @param {Attempt[]} attempts
 */
function healthChart(attempts) {
  const shown = attempts.slice(0, CHART_BARS).reverse();
  const width = 240;
  const height = 48;
  const step = width / CHART_BARS;
  // Newest at the right edge, as on a time axis.
  const offset = CHART_BARS - shown.length;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("role", "img");
  const health = healthOf(shown);
  svg.setAttribute(
    "aria-label",
    shown.length
      ? `Success rate ${health.rate}% over the last ${shown.length} attempts: ${health.succeeded} succeeded, ${shown.length - health.succeeded} failed.`
      : "No attempts yet.",
  );
  svg.classList.add("health-chart");
  const baseline = document.createElementNS(SVG, "line");
  Object.entries({ x1: 0, x2: width, y1: height - 0.5, y2: height - 0.5, class: "chart-axis" }).forEach(([k, v]) =>
    baseline.setAttribute(k, String(v)),
  );
  svg.append(baseline);
  shown.forEach((attempt, index) => {
    const bar = document.createElementNS(SVG, "rect");
    const tall = attempt.succeeded ? height - 14 : 12;
    bar.setAttribute("x", String((offset + index) * step + 1));
    bar.setAttribute("width", String(Math.max(step - 2, 1)));
    bar.setAttribute("y", String(height - 1 - tall));
    bar.setAttribute("height", String(tall));
    bar.setAttribute("rx", "1");
    bar.setAttribute("class", attempt.succeeded ? "bar-ok" : "bar-failed");
    const title = document.createElementNS(SVG, "title");
    title.textContent = `${attempt.event_type}: ${answerText(attempt)}`;
    bar.append(title);
    svg.append(bar);
  });
  return svg;
}

// ---- Endpoints list -------------------------------------------------------------------------

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
    guarded(
      "endpoints-error",
      async () => {
        const attempt = await sendTest(row.endpoint);
        $("endpoints-status").textContent = attempt
          ? `Test sent to ${row.endpoint.url}: ${answerText(attempt)}.`
          : `Test to ${row.endpoint.url} was not attempted.`;
        await refreshView();
      },
      "endpoints-status",
    ),
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

/** A small bar of a percentage; decorative beside the text that says it. @param {number} rate */
function meter(rate) {
  const bar = element("span", { className: "meter", attributes: { "aria-hidden": "true" } });
  const fill = element("span", { className: rate >= 90 ? "meter-fill" : "meter-fill meter-poor" });
  fill.style.width = `${rate}%`;
  bar.append(fill);
  return bar;
}

/**
 * Makes `tbody` show `items` in order, reusing the row of each key (from `cache` when given)
 * and moving none that is already in place: a row's open details and focus survive.
 * @template Item
 * @template {HTMLTableRowElement} Row
 * @param {HTMLTableSectionElement} tbody
 * @param {Item[]} items
 * @param {(item: Item) => string} key
 * @param {(item: Item) => Row} create
 * @param {(row: Row, item: Item) => void} [update]
 * @param {Map<string | undefined, Row>} [cache] the rows of `tbody` by default, which `create` made
 */
function syncRows(
  tbody,
  items,
  key,
  create,
  update,
  cache = new Map([...tbody.rows].map((row) => [row.dataset.key, /** @type {Row} */ (row)])),
) {
  const keep = new Set();
  let cursor = tbody.firstElementChild;
  for (const item of items) {
    const id = key(item);
    keep.add(id);
    let row = cache.get(id);
    if (!row) {
      row = create(item);
      row.dataset.key = id;
      cache.set(id, row);
    }
    update?.(row, item);
    if (row === cursor) cursor = cursor.nextElementSibling;
    else tbody.insertBefore(row, cursor);
  }
  for (const row of [...tbody.rows]) if (!keep.has(row.dataset.key)) row.remove();
}

function renderEndpoints() {
  syncRows($("endpoint-rows"), state.endpoints, (endpoint) => endpoint.id, endpointRow, updateEndpointRow);
  $("no-endpoints").hidden = state.endpoints.length > 0;
}

// ---- Endpoint actions (list and detail) --------------------------------------------------

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

/** @param {Endpoint} endpoint @param {string} statusId */
async function toggleEndpoint(endpoint, statusId) {
  await api("POST", `/_sandbox/webhook-endpoints/${endpoint.id}/${endpoint.enabled ? "disable" : "enable"}`);
  await refreshView();
  $(statusId).textContent = `${endpoint.url} is now ${endpoint.enabled ? "off" : "on"}.`;
}

// ---- Endpoint detail ------------------------------------------------------------------------

const selected = () => state.endpoints.find((endpoint) => endpoint.id === state.endpointId) ?? null;

/** The endpoint of the detail view, for its buttons, which the view shows only with one. */
function shownEndpoint() {
  const endpoint = selected();
  if (!endpoint) throw new Error("This endpoint is no longer listed.");
  return endpoint;
}

/** @param {Attempt} attempt */
function attemptRow(attempt) {
  const row = element("tr");
  const headers = Object.entries(attempt.request_headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\n");
  const next = attempt.next_attempt_at ? `\n\nNext attempt: ${new Date(attempt.next_attempt_at).toLocaleString()}` : "";
  // A body that scrolls inside its box takes the keyboard focus, so it scrolls without a mouse too.
  const block = (/** @type {string} */ title, /** @type {string} */ text) =>
    element("div", {}, element("p", { className: "block-title", text: title }), element("pre", { text, attributes: { tabindex: "0" } }));
  const disclosure = element(
    "details",
    {},
    element("summary", { text: "Sent and answered" }),
    block("Sent", `${headers}\n\n${pretty(attempt.request_body)}`),
    block(
      "Answered",
      `${answerText(attempt)}${attempt.response_body_excerpt ? `\n\n${pretty(attempt.response_body_excerpt)}` : ""}${next}`,
    ),
  );
  const eventCell = document.createDocumentFragment();
  eventCell.append(
    `${attempt.event_type}, attempt ${attempt.attempt} `,
    element("span", { className: "event-id", text: `(${attempt.event_id})` }),
  );
  const answer = element("span", {
    className: `outcome ${attempt.succeeded ? "outcome-ok" : "outcome-failed"}`,
    text: answerText(attempt),
  });
  const resend = button(
    "Resend",
    guarded(
      "attempts-error",
      async () => {
        const { delivery_id } = /** @type {{ delivery_id: string }} */ (
          await api("POST", `/_sandbox/webhook-endpoints/${state.endpointId}/deliveries/${attempt.delivery_id}/resend`)
        );
        $("attempts-status").textContent = `Resent ${attempt.event_type} (${attempt.event_id}) as delivery ${delivery_id}.`;
        liveRefresh(true);
      },
      "attempts-status",
    ),
    { accessibleName: `Resend ${attempt.event_type} ${attempt.event_id}` },
  );
  row.append(
    cell(timeOf(attempt.attempted_at), "", "When"),
    cell(eventCell, "", "Event"),
    cell(answer, "answer", "Answer"),
    cell(`${attempt.duration_ms} ms`, "", "Duration"),
    cell(disclosure, "", "Details"),
    cell(resend, "", "Actions"),
  );
  return row;
}

/**
 * The next retry of a failing delivery, on its latest attempt's row; gone once it is retried.
 * @param {HTMLTableRowElement} row
 * @param {Attempt} attempt
 * @param {Set<string>} retries
 */
function updateAttemptRow(row, attempt, retries) {
  const answerCell = /** @type {HTMLTableCellElement} */ (row.cells[2]); // as attemptRow makes the row
  /** @type {HTMLElement | null} */
  const existing = answerCell.querySelector(".retry");
  const due = retries.has(attempt.id) ? attempt.next_attempt_at : null;
  if (existing && existing.dataset.due !== due) existing.remove();
  if (due && !answerCell.querySelector(".retry")) {
    const retry = element("span", { className: "retry" }, "Next retry ", timeOf(due));
    retry.dataset.due = due;
    answerCell.append(retry);
  }
}

function renderAttempts() {
  const endpoint = selected();
  if (!endpoint) return;
  const attempts = state.attempts.get(endpoint.id) ?? [];
  const type = $("filter-type").value;
  const result = $("filter-result").value;
  const types = [...new Set(attempts.map((attempt) => attempt.event_type))].sort();
  const current = [...$("filter-type").options].map((option) => option.value).join();
  if (current !== ["", ...types].join()) {
    $("filter-type").replaceChildren(new Option("All event types", ""), ...types.map((name) => new Option(name, name)));
    $("filter-type").value = types.includes(type) ? type : "";
  }
  const shown = attempts.filter(
    (attempt) =>
      (!$("filter-type").value || attempt.event_type === $("filter-type").value) &&
      (!result || (result === "succeeded") === attempt.succeeded),
  );
  const retries = new Set(pendingRetries(attempts).map((attempt) => attempt.id));
  syncRows(
    $("attempt-rows"),
    shown,
    (attempt) => attempt.id,
    attemptRow,
    (row, attempt) => updateAttemptRow(row, attempt, retries),
    attemptRowCache,
  );
  tableOf("attempt-rows").hidden = shown.length === 0;
  $("no-attempts").hidden = attempts.length > 0;
  $("no-matches").hidden = attempts.length === 0 || shown.length > 0;
  const filtered = shown.length === attempts.length ? "" : ` (${shown.length} shown)`;
  const count = attempts.length;
  $("attempts-status").textContent = `${count} ${count === 1 ? "attempt" : "attempts"} of ${endpoint.url}${filtered}.`;
}

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
  const endpoint = selected();
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

/** @param {string} secret @param {string} note */
function showEndpointSecret(secret, note) {
  $("endpoint-secret-value").textContent = secret;
  $("endpoint-secret-note").textContent = note;
  $("endpoint-secret-shown").hidden = false;
  $("endpoint-copy").hidden = false;
  $("endpoint-hide").hidden = false;
  $("endpoint-reveal").hidden = true;
}

function hideEndpointSecret() {
  $("endpoint-secret-value").textContent = "";
  $("endpoint-secret-note").textContent =
    "It signs every delivery to this endpoint. Reveal it to configure a receiver; roll it if it leaked.";
  $("endpoint-secret-shown").hidden = true;
  $("endpoint-copy").hidden = true;
  $("endpoint-hide").hidden = true;
  $("endpoint-reveal").hidden = false;
  $("endpoint-secret-status").textContent = "";
}

// ---- Events ---------------------------------------------------------------------------------

/** @param {Delivery} delivery */
function deliveryItem(delivery) {
  const item = element("li");
  const link = element("a", { className: "endpoint-url", text: delivery.endpoint_url });
  link.href = `#/endpoints/${encodeURIComponent(delivery.endpoint_id)}`;
  const answer = answerText(delivery);
  const tries = `${delivery.attempts} ${delivery.attempts === 1 ? "attempt" : "attempts"}`;
  const badge = element("span", {
    className: `badge ${delivery.succeeded ? "badge-on" : "badge-off"}`,
    text: delivery.succeeded ? "Delivered" : "Failing",
  });
  item.append(badge, " ", link, element("span", { className: "delivery-meta", text: `${answer} · ${tries}` }));
  if (!delivery.succeeded && delivery.next_attempt_at) {
    item.append(element("span", { className: "retry" }, "Next retry ", timeOf(delivery.next_attempt_at)));
  }
  return item;
}

function eventRow() {
  return element("tr");
}

/** @param {HTMLTableRowElement} row @param {EventDeliveries} event */
function updateEventRow(row, event) {
  // Rebuilt from what is known now: an event row holds nothing a person opens.
  const signature = JSON.stringify(event.deliveries);
  if (row.dataset.signature === signature) return;
  row.dataset.signature = signature;
  const about = document.createDocumentFragment();
  about.append(event.type, element("span", { className: "event-id", text: event.id }));
  row.replaceChildren(
    cell(timeOf(event.first_attempted_at), "", "When"),
    cell(about, "", "Event"),
    cell(element("ul", { className: "deliveries" }, ...event.deliveries.map(deliveryItem)), "", "Deliveries"),
  );
}

function renderEvents() {
  syncRows($("event-rows"), state.events, (event) => event.id, eventRow, updateEventRow);
  tableOf("event-rows").hidden = state.events.length === 0;
  $("no-events").hidden = state.events.length > 0;
  const count = state.events.length;
  $("events-status").textContent = `${count} recent ${count === 1 ? "event" : "events"}.`;
}

// ---- Logs -----------------------------------------------------------------------------------

/** 2xx, 3xx, 4xx or 5xx: the colour of the status (its number says it too). */
const statusFamily = (/** @type {number} */ status) => `${Math.floor(status / 100)}xx`;

/** A body block that scrolls inside its box, and so takes the keyboard focus. @param {string} title @param {string | null} text */
function bodyBlock(title, text) {
  return element(
    "div",
    {},
    element("p", { className: "block-title", text: title }),
    element("pre", { text: text === null ? "(no body)" : pretty(text), attributes: { tabindex: "0" } }),
  );
}

/** @param {LoggedCall} call */
function logRow(call) {
  const row = element("tr");
  const what = document.createDocumentFragment();
  what.append(
    element("span", { className: "call-method", text: call.method }),
    " ",
    element("code", { className: "call-path", text: call.path }),
  );
  const bodies = element("div", { className: "call-bodies" });
  const disclosure = element("details", {}, element("summary", { text: "Request and response" }), bodies);
  // The bodies are read once, when the row is first opened; a call never changes.
  disclosure.addEventListener("toggle", async () => {
    if (!disclosure.open || disclosure.dataset.loaded) return;
    disclosure.dataset.loaded = "loading";
    bodies.replaceChildren(element("p", { className: "muted", text: "Reading the bodies…", attributes: { role: "status" } }));
    try {
      const detail = /** @type {LoggedCallWithBodies} */ (await api("GET", `/_sandbox/logs/${encodeURIComponent(call.request_id)}`));
      bodies.replaceChildren(bodyBlock("Request body", detail.request_body), bodyBlock("Response body", detail.response_body));
      disclosure.dataset.loaded = "yes";
    } catch (caught) {
      const error = failure(caught);
      delete disclosure.dataset.loaded;
      if (error.status === 401) return refused(error);
      bodies.replaceChildren(
        element("p", {
          text: error.status === 404 ? "This call is no longer kept: the sandbox keeps the newest 200." : `Not read: ${error.message}`,
          attributes: { role: "alert" },
        }),
      );
    }
  });
  row.append(
    cell(timeOf(call.at), "", "When"),
    cell(what, "", "Call"),
    cell(element("span", { className: `status status-${statusFamily(call.status)}`, text: String(call.status) }), "", "Status"),
    cell(`${call.duration_ms} ms`, "", "Duration"),
    cell(element("code", { className: "request-id", text: call.request_id }), "", "Request-Id"),
    cell(disclosure, "", "Details"),
  );
  return row;
}

function renderLogs() {
  // A call never changes: each row is made once and kept (opened or not) while the call is listed.
  syncRows($("log-rows"), state.logs, (call) => call.request_id, logRow);
  tableOf("log-rows").hidden = state.logs.length === 0;
  $("no-logs").hidden = state.logs.length > 0;
  $("logs-example").textContent = `curl -s ${location.origin}/certificates -H "authorization: Bearer $TOKEN"`;
  const count = state.logs.length;
  $("logs-status").textContent = `${count} recent ${count === 1 ? "call" : "calls"}.`;
}

// ---- Loading, routing and live refresh ---------------------------------------------------------

async function loadEndpoints() {
  const { items } = /** @type {{ items: Endpoint[] }} */ (await api("GET", "/_sandbox/webhook-endpoints"));
  state.endpoints = items;
}

/** @param {Endpoint[]} endpoints */
async function loadAttempts(endpoints) {
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

/** Reads what the current view shows, and shows it; returns a fingerprint of what was read. @returns {Promise<string>} */
async function refreshView() {
  if (!state.token) return "";
  if (state.view === "logs") {
    const { items } = /** @type {{ items: LoggedCall[] }} */ (await api("GET", "/_sandbox/logs"));
    state.logs = items;
    renderLogs();
    return items.map((call) => call.request_id).join();
  }
  if (state.view === "events") {
    const { items } = /** @type {{ items: EventDeliveries[] }} */ (await api("GET", "/_sandbox/events"));
    state.events = items;
    renderEvents();
    return JSON.stringify(items);
  }
  await loadEndpoints();
  const endpoint = state.view === "endpoint" ? selected() : null;
  await loadAttempts(state.view === "endpoint" ? (endpoint ? [endpoint] : []) : state.endpoints);
  if (state.view === "endpoint") renderEndpoint();
  else renderEndpoints();
  return JSON.stringify([state.endpoints, [...state.attempts.values()].map((list) => list.map((attempt) => attempt.id))]);
}

/**
 * Reads the view again: at once when `now`, else on the live schedule, sooner while it
 * changes and later while it does not, and never while the tab is hidden.
 */
function liveRefresh(now = false) {
  clearTimeout(LIVE.timer);
  if (!state.token) return;
  if (now) LIVE.delay = LIVE.fastest;
  LIVE.timer = setTimeout(
    async () => {
      if (!state.token || document.hidden) return liveRefresh();
      let seen = LIVE.seen;
      try {
        seen = await refreshView();
      } catch (caught) {
        const error = failure(caught);
        // The sandbox forgot the token (it restarted): say so. Anything else is tried again later.
        if (error.status === 401) return refused(error);
      }
      // Logs keeps to 2 s: its calls come from outside the page, with nothing to announce them.
      LIVE.delay = seen !== LIVE.seen || state.view === "logs" ? LIVE.fastest : Math.min(LIVE.delay * 2, LIVE.slowest);
      LIVE.seen = seen;
      liveRefresh();
    },
    now ? 300 : LIVE.delay,
  );
}

/** @returns {{ view: View, endpointId: string | null }} */
function parseRoute() {
  const hash = location.hash;
  if (hash === "#/events") return { view: "events", endpointId: null };
  if (hash === "#/logs") return { view: "logs", endpointId: null };
  const match = /^#\/endpoints\/(.+)$/.exec(hash);
  if (match) return { view: "endpoint", endpointId: decodeURIComponent(/** @type {string} */ (match[1])) };
  return { view: "endpoints", endpointId: null };
}

function showView() {
  const signedIn = Boolean(state.token);
  $("view-endpoints").hidden = !signedIn || state.view !== "endpoints";
  $("view-endpoint").hidden = !signedIn || state.view !== "endpoint";
  $("view-events").hidden = !signedIn || state.view !== "events";
  $("view-logs").hidden = !signedIn || state.view !== "logs";
  // Access stays on the endpoints page (its messages, a new token); elsewhere it is in the way.
  $("access").hidden = signedIn && state.view !== "endpoints";
  $("token-form").hidden = signedIn;
  $("console-nav").hidden = !signedIn;
  $("sign-out").hidden = !signedIn;
  for (const link of $("console-nav").querySelectorAll("a")) {
    const current = link.dataset.view === (state.view === "endpoint" ? "endpoints" : state.view);
    if (current) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  // Logs is the organization's, beside Webhooks: Signing › Logs.
  const logs = signedIn && state.view === "logs";
  $("page-title").textContent = logs ? "Logs" : "Webhooks";
  if (logs) {
    $("breadcrumb").replaceChildren(
      element("li", { text: "Signing" }),
      element("li", { text: "Logs", attributes: { "aria-current": "page" } }),
    );
    document.title = "Logs · Signing · Sandbox console";
    return;
  }
  const crumbs = [element("li", { text: "Signing" })];
  const page = state.view === "events" ? "Events" : state.view === "endpoint" ? (selected()?.url ?? "Endpoint") : null;
  if (page) {
    const webhooks = element("a", { text: "Webhooks" });
    webhooks.href = "#/endpoints";
    crumbs.push(
      element("li", {}, webhooks),
      element("li", { className: "crumb-long", text: page, attributes: { "aria-current": "page" } }),
    );
  } else crumbs.push(element("li", { text: "Webhooks", attributes: { "aria-current": "page" } }));
  $("breadcrumb").replaceChildren(...crumbs);
  document.title = `${page ? `${page} · ` : ""}Webhooks · Signing · Sandbox console`;
}

/** @param {{ focus?: boolean }} [options] */
async function route({ focus = true } = {}) {
  const next = parseRoute();
  const changed = next.view !== state.view || next.endpointId !== state.endpointId;
  if (changed) {
    // What one view showed is not left standing in another.
    hideSecret();
    hideEndpointSecret();
    clearMessages("endpoint-status", "endpoint-error", "attempts-status", "attempts-error");
    if (next.endpointId !== state.endpointId) {
      // Nothing of the endpoint shown before stays while the next one loads.
      for (const id of [
        "endpoint-heading",
        "endpoint-meta",
        "health-rate",
        "health-summary",
        "health-chart",
        "health-retry",
        "attempts-for",
      ]) {
        $(id).replaceChildren();
      }
      attemptRowCache.clear();
      $("attempt-rows").replaceChildren();
      $("filter-type").value = "";
      $("filter-result").value = "";
    }
  }
  Object.assign(state, next);
  showView();
  if (!state.token) return;
  try {
    await refreshView();
  } catch (caught) {
    const error = failure(caught);
    if (error.status === 401) return refused(error);
    $(`${state.view}-error`).textContent = error.message;
  }
  showView();
  liveRefresh(true);
  if (changed && focus) {
    const heading = `${state.view}-heading`;
    focusHeading(heading);
  }
}

/** @param {string} id */
function focusHeading(id) {
  $(id).setAttribute("tabindex", "-1");
  $(id).focus();
}

// ---- Access -------------------------------------------------------------------------------

/** A token the sandbox refused: signed out, with a banner saying why and what to do. @param {Error} error */
function refused(error) {
  signOut();
  const banner = $("access-error");
  banner.replaceChildren(
    element("p", { className: "banner-title", text: "This token is not one of this sandbox's organizations." }),
    element("p", { text: error.message }),
    element(
      "p",
      {},
      "Get one with ",
      element("strong", { text: "Create a sandbox organization" }),
      " below, or from the control API: ",
      element("code", { text: "curl -X POST $SANDBOX/_sandbox/organizations" }),
      " prints an ",
      element("code", { text: "access_token" }),
      ".",
    ),
  );
}

function signOut() {
  clearTimeout(LIVE.timer);
  hideToken();
  hideSecret();
  hideEndpointSecret();
  state.token = "";
  state.endpoints = [];
  state.logs = [];
  state.attempts.clear();
  attemptRowCache.clear();
  $("endpoint-rows").replaceChildren();
  $("attempt-rows").replaceChildren();
  $("log-rows").replaceChildren();
  sessionStorage.removeItem(TOKEN_KEY);
  showView();
}

/** @param {string} token */
async function signIn(token) {
  state.token = token;
  $("access-error").replaceChildren();
  try {
    await loadEndpoints();
  } catch (caught) {
    const error = failure(caught);
    state.token = "";
    sessionStorage.removeItem(TOKEN_KEY);
    showView();
    if (error.status === 401) refused(error);
    else
      $("access-error").replaceChildren(element("p", { className: "banner-title", text: `The sandbox did not answer: ${error.message}` }));
    return false;
  }
  sessionStorage.setItem(TOKEN_KEY, token);
  await route({ focus: false });
  return true;
}

/**
 * Copies the text of `valueId` to the clipboard, or selects it for Ctrl+C where the clipboard is refused.
 * @param {string} valueId
 * @param {string} statusId
 */
async function copyShown(valueId, statusId) {
  try {
    await navigator.clipboard.writeText($(valueId).textContent ?? ""); // an element's text is never null
    $(statusId).textContent = "Copied to the clipboard.";
  } catch {
    // No clipboard access (permission refused, or not a secure context): select it for Ctrl+C.
    const range = document.createRange();
    range.selectNodeContents($(valueId));
    getSelection()?.removeAllRanges();
    getSelection()?.addRange(range);
    $(statusId).textContent = "Selected: press Ctrl+C (⌘C) to copy.";
  }
}

/** Shows the new endpoint's secret in the panel under Add, focus on Copy. @param {string} secret @param {string} note */
function showSecret(secret, note) {
  $("secret-value").textContent = secret;
  $("secret-note").textContent = note;
  $("copy-status").textContent = "";
  $("secret-panel").hidden = false;
  $("copy-secret").focus();
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

// ---- Theme ----------------------------------------------------------------------------------

const systemDark = matchMedia("(prefers-color-scheme: dark)");

function showTheme() {
  $("theme-toggle").setAttribute("aria-pressed", String(document.documentElement.dataset.theme === "dark"));
}

/** The system's theme, while no theme was chosen with the toggle. */
function followSystemTheme() {
  let chosen = null;
  try {
    chosen = localStorage.getItem(THEME_KEY);
  } catch {
    // Storage refused: nothing was kept.
  }
  if (chosen !== "dark" && chosen !== "light") document.documentElement.dataset.theme = systemDark.matches ? "dark" : "light";
  showTheme();
}

// ---- Wiring ---------------------------------------------------------------------------------

document.addEventListener("DOMContentLoaded", () => {
  showTheme();
  systemDark.addEventListener("change", followSystemTheme);
  $("theme-toggle").addEventListener("click", () => {
    const dark = $("theme-toggle").getAttribute("aria-pressed") !== "true";
    document.documentElement.dataset.theme = dark ? "dark" : "light";
    try {
      localStorage.setItem(THEME_KEY, dark ? "dark" : "light");
    } catch {
      // Storage refused: the choice lasts for this page.
    }
    showTheme();
  });

  $("token-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const token = $("token").value.trim();
    $("token").value = "";
    $("access-status").textContent = "";
    if (await signIn(token)) $("access-status").textContent = "Signed in with the token.";
  });

  $("new-organization").addEventListener("click", async () => {
    $("access-status").textContent = "";
    try {
      const response = await fetch("/_sandbox/organizations", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      /** @type {Organization} */
      const organization = await response.json();
      hideSecret();
      if (await signIn(organization.access_token)) {
        $("access-status").textContent = `Created organization ${organization.organization_id} and signed in.`;
        // Shown this once, as a secret is: for the curl steps, the SDK and the CLI.
        $("token-value").textContent = organization.access_token;
        $("copy-token-status").textContent = "";
        $("token-panel").hidden = false;
        $("copy-token").focus();
      }
    } catch (caught) {
      $("access-status").textContent = `No organization was created: ${failure(caught).message}`;
    }
  });

  $("sign-out").addEventListener("click", () => {
    signOut();
    $("access-error").replaceChildren();
    $("access-status").textContent = "Signed out.";
    if (location.hash && location.hash !== "#/endpoints") history.replaceState(null, "", "#/endpoints");
    state.view = "endpoints";
    state.endpointId = null;
    showView();
    $("token").focus();
  });

  $("add-form").addEventListener("submit", async (event) => {
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
  });

  $("copy-secret").addEventListener("click", () => copyShown("secret-value", "copy-status"));
  $("copy-token").addEventListener("click", () => copyShown("token-value", "copy-token-status"));
  $("dismiss-token").addEventListener("click", () => {
    hideToken();
    focusHeading("access-heading");
  });
  $("dismiss-secret").addEventListener("click", () => {
    hideSecret();
    focusHeading("endpoints-heading");
  });

  // The endpoint's page: each button's failure in its error line, its progress in its status line.
  /** @param {string} id @param {(event: Event) => unknown} work */
  const onEndpointClick = (id, work) => $(id).addEventListener("click", guarded("endpoint-error", work, "endpoint-status"));
  onEndpointClick("endpoint-test", async () => {
    const endpoint = shownEndpoint();
    const attempt = await sendTest(endpoint);
    $("endpoint-status").textContent = attempt
      ? `Test sent to ${endpoint.url}: ${answerText(attempt)}.`
      : `Test to ${endpoint.url} was not attempted.`;
    await refreshView();
    liveRefresh(true);
  });
  onEndpointClick("endpoint-toggle", () => toggleEndpoint(shownEndpoint(), "endpoint-status"));
  onEndpointClick("endpoint-delete", async () => {
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
  });
  onEndpointClick("endpoint-reveal", async () => {
    const endpoint = shownEndpoint();
    const { secret } = /** @type {{ secret: string }} */ (await api("GET", `/_sandbox/webhook-endpoints/${endpoint.id}/secret`));
    showEndpointSecret(secret, `The secret that signs deliveries to ${endpoint.url} now.`);
    $("endpoint-copy").focus();
  });
  onEndpointClick("endpoint-roll", async () => {
    const endpoint = shownEndpoint();
    const confirmed = await confirmInPage({
      title: "Roll the signing secret?",
      text: `${endpoint.url} gets a new secret now. The current one keeps signing for 24 hours, so switch your receiver to the new one within that time.`,
      action: "Roll secret",
    });
    if (!confirmed) return;
    const rolled = /** @type {{ secret: string, previous_secret_expires_at: string | null }} */ (
      await api("POST", `/_sandbox/webhook-endpoints/${endpoint.id}/roll-secret`)
    );
    const until = rolled.previous_secret_expires_at ? new Date(rolled.previous_secret_expires_at).toLocaleString() : "now";
    showEndpointSecret(rolled.secret, `The new secret of ${endpoint.url}. The previous one keeps signing too until ${until}.`);
    $("endpoint-secret-status").textContent = "Secret rolled.";
    $("endpoint-copy").focus();
  });
  $("endpoint-copy").addEventListener("click", () => copyShown("endpoint-secret-value", "endpoint-secret-status"));
  $("endpoint-hide").addEventListener("click", () => {
    hideEndpointSecret();
    $("endpoint-reveal").focus();
  });

  $("filter-type").addEventListener("change", renderAttempts);
  $("filter-result").addEventListener("change", renderAttempts);
  $("clear-filters").addEventListener("click", () => {
    $("filter-type").value = "";
    $("filter-result").value = "";
    renderAttempts();
    $("filter-type").focus();
  });
  $("refresh-attempts").addEventListener(
    "click",
    guarded("attempts-error", async () => {
      await refreshView();
      liveRefresh(true);
    }),
  );
  $("refresh-events").addEventListener(
    "click",
    guarded("events-error", async () => {
      await refreshView();
      liveRefresh(true);
    }),
  );
  $("refresh-logs").addEventListener(
    "click",
    guarded("logs-error", async () => {
      await refreshView();
      liveRefresh(true);
    }),
  );
  document.addEventListener("visibilitychange", () => !document.hidden && liveRefresh(true));
  addEventListener("hashchange", () => route());

  Object.assign(state, parseRoute());
  showView();
  if (state.token) {
    signIn(state.token).then((ok) => ok && ($("access-status").textContent = "Signed in with the token of this tab."));
  }
});
