// @ts-check
// The Attempts of an endpoint's page: what was sent and what the endpoint answered, newest
// first, filtered by event type and result, each resent on request. Rows are kept across
// refreshes and filter changes, so an opened attempt stays open.
/** @import { Attempt } from "../common/control-api-types.js" */
import { api } from "../common/control-api.js";
import { $, bodyBlock, button, cell, clearMessages, element, tableOf, timeOf } from "../common/dom.js";
import { pendingRetries } from "../common/health.js";
import { selectedEndpoint, state } from "../common/state.js";
import { syncRows } from "../common/sync-rows.js";
import { answerText, pretty } from "../common/wording.js";
import { guarded } from "../shell/guarded.js";
import { liveRefresh, refreshNow } from "../shell/live-refresh.js";
import { whenRouteChanges } from "../shell/router.js";
import { whenSignedOut } from "../shell/session.js";

/**
 * Rows kept across refreshes and filter changes, by attempt id, so what is opened stays open.
 * @type {Map<string | undefined, HTMLTableRowElement>}
 */
const attemptRowCache = new Map();

/** @param {Attempt} attempt */
function attemptRow(attempt) {
  const row = element("tr");
  const headers = Object.entries(attempt.request_headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\n");
  const next = attempt.next_attempt_at ? `\n\nNext attempt: ${new Date(attempt.next_attempt_at).toLocaleString()}` : "";
  const disclosure = element(
    "details",
    {},
    element("summary", { text: "Sent and answered" }),
    bodyBlock("Sent", `${headers}\n\n${pretty(attempt.request_body)}`),
    bodyBlock(
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

export function renderAttempts() {
  const endpoint = selectedEndpoint();
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

/** The rows of the endpoint shown before leave with it. */
function forgetAttempts() {
  attemptRowCache.clear();
  $("attempt-rows").replaceChildren();
}

export function wireEndpointAttempts() {
  whenRouteChanges(({ endpointChanged }) => {
    clearMessages("attempts-status", "attempts-error");
    if (!endpointChanged) return;
    // Nothing of the endpoint shown before stays while the next one loads.
    forgetAttempts();
    $("filter-type").value = "";
    $("filter-result").value = "";
  });
  whenSignedOut(forgetAttempts);
  $("filter-type").addEventListener("change", renderAttempts);
  $("filter-result").addEventListener("change", renderAttempts);
  $("clear-filters").addEventListener("click", () => {
    $("filter-type").value = "";
    $("filter-result").value = "";
    renderAttempts();
    $("filter-type").focus();
  });
  $("refresh-attempts").addEventListener("click", guarded("attempts-error", refreshNow));
}
