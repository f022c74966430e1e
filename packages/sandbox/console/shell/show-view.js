// @ts-check
// Which parts of the page show, for the view of the route and whether the tab is signed in:
// the view's section, the Access card, the header's links, the breadcrumb and the title.
import { $, element } from "../common/dom.js";
import { selectedEndpoint, state } from "../common/state.js";

export function showView() {
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
  const page = state.view === "events" ? "Events" : state.view === "endpoint" ? (selectedEndpoint()?.url ?? "Endpoint") : null;
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
