// @ts-check
// Signing out, by the button or because the sandbox refused the token (it restarted, or the
// token was never one of its organizations). Each part of the console that shows something of
// the organization forgets it when told, so this module needs to know none of them.
import { $, element } from "../common/dom.js";
import { state, TOKEN_KEY } from "../common/state.js";
import { showView } from "./show-view.js";

/** @type {Array<() => void>} */
const signOutListeners = [];

/** Calls `forget` at every sign-out: what it shows of the organization leaves the page. @param {() => void} forget */
export function whenSignedOut(forget) {
  signOutListeners.push(forget);
}

export function signOut() {
  for (const forget of signOutListeners) forget();
  state.token = "";
  state.endpoints = [];
  state.logs = [];
  state.attempts.clear();
  sessionStorage.removeItem(TOKEN_KEY);
  showView();
}

/** A token the sandbox refused: signed out, with a banner saying why and what to do. @param {Error} error */
export function refused(error) {
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
