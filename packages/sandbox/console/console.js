// @ts-check
// The sandbox console, Signing › Webhooks (interface document › Resources › Webhook endpoint).
// Four views, by hash route, one module each under views/:
//   #/endpoints       add an endpoint (its secret shown once), the list with each one's state
//                     and recent success rate, Send test, turn on and off;
//   #/endpoints/we_…  one endpoint: reveal or roll its secret, delete, its health (success rate
//                     over the recent attempts, next retry of failing deliveries) and its
//                     Attempts (what was sent, what the endpoint answered), filtered, resent;
//   #/events          the organization's recent events, each with its deliveries;
//   #/logs            the organization's calls to the public API, newest first, each opened
//                     to show its request and response bodies (read when opened).
// Plain DOM over the sandbox control API (/_sandbox), as ES modules the browser loads as they
// are served: no build step. common/ holds what any view uses (the state, the control API's
// calls and answers, DOM helpers); shell/ the console around the views (signing out, routing,
// live refresh, the theme), which knows the views only by what they register with it. This
// module wires them together once the page is parsed.
import { signIn, wireAccess } from "./access.js";
import { $ } from "./common/dom.js";
import { state } from "./common/state.js";
import { liveRefresh, stopLiveRefresh } from "./shell/live-refresh.js";
import { parseRoute, route } from "./shell/router.js";
import { whenSignedOut } from "./shell/session.js";
import { showView } from "./shell/show-view.js";
import { wireTheme } from "./shell/theme.js";
import { wireEndpointView } from "./views/endpoint.js";
import { wireEndpointsView } from "./views/endpoints.js";
import { wireEventsView } from "./views/events.js";
import { wireLogsView } from "./views/logs.js";

document.addEventListener("DOMContentLoaded", () => {
  wireTheme();
  whenSignedOut(stopLiveRefresh);
  wireAccess();
  wireEndpointsView();
  wireEndpointView();
  wireEventsView();
  wireLogsView();
  document.addEventListener("visibilitychange", () => !document.hidden && liveRefresh(true));
  addEventListener("hashchange", () => route());

  Object.assign(state, parseRoute());
  showView();
  if (state.token) {
    signIn(state.token).then((ok) => ok && ($("access-status").textContent = "Signed in with the token of this tab."));
  }
});
