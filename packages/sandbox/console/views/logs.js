// @ts-check
// #/logs: the organization's calls to the public API, newest first, each opened to show its
// request and response bodies (read when opened).
/** @import { LoggedCall, LoggedCallWithBodies } from "../common/control-api-types.js" */
import { api, failure } from "../common/control-api.js";
import { $, bodyBlock, cell, element, tableOf, timeOf } from "../common/dom.js";
import { state } from "../common/state.js";
import { syncRows } from "../common/sync-rows.js";
import { pretty } from "../common/wording.js";
import { guarded } from "../shell/guarded.js";
import { refreshNow } from "../shell/live-refresh.js";
import { refused, whenSignedOut } from "../shell/session.js";
import { registerView } from "../shell/view-registry.js";

/** 2xx, 3xx, 4xx or 5xx: the colour of the status (its number says it too). */
const statusFamily = (/** @type {number} */ status) => `${Math.floor(status / 100)}xx`;

/** A body of a call, pretty-printed, or that it had none. @param {string} title @param {string | null} text */
const callBody = (title, text) => bodyBlock(title, text === null ? "(no body)" : pretty(text));

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
      bodies.replaceChildren(callBody("Request body", detail.request_body), callBody("Response body", detail.response_body));
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

async function refreshLogs() {
  const { items } = /** @type {{ items: LoggedCall[] }} */ (await api("GET", "/_sandbox/logs"));
  state.logs = items;
  renderLogs();
  return items.map((call) => call.request_id).join();
}

export function wireLogsView() {
  registerView("logs", refreshLogs);
  whenSignedOut(() => $("log-rows").replaceChildren());
  $("refresh-logs").addEventListener("click", guarded("logs-error", refreshNow));
}
