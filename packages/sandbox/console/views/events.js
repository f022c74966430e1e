// @ts-check
// #/events: the organization's recent events sent to its endpoints, newest first, each with
// its deliveries.
/** @import { Delivery, EventDeliveries } from "../common/control-api-types.js" */
import { api } from "../common/control-api.js";
import { $, cell, element, tableOf, timeOf } from "../common/dom.js";
import { state } from "../common/state.js";
import { syncRows } from "../common/sync-rows.js";
import { answerText } from "../common/wording.js";
import { guarded } from "../shell/guarded.js";
import { refreshNow } from "../shell/live-refresh.js";
import { registerView } from "../shell/view-registry.js";

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

async function refreshEvents() {
  const { items } = /** @type {{ items: EventDeliveries[] }} */ (await api("GET", "/_sandbox/events"));
  state.events = items;
  renderEvents();
  return JSON.stringify(items);
}

export function wireEventsView() {
  registerView("events", refreshEvents);
  $("refresh-events").addEventListener("click", guarded("events-error", refreshNow));
}
