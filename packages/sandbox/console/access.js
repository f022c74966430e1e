// @ts-check
// The Access card: sign in with an organization's access token, or create a sandbox
// organization (its token shown once, as a secret is), and sign out.
/** @import { Organization } from "./common/control-api-types.js" */
import { failure } from "./common/control-api.js";
import { copyShown } from "./common/copy-shown.js";
import { $, element, focusHeading } from "./common/dom.js";
import { loadEndpoints } from "./common/endpoint-data.js";
import { state, TOKEN_KEY } from "./common/state.js";
import { route } from "./shell/router.js";
import { refused, signOut, whenSignedOut } from "./shell/session.js";
import { showView } from "./shell/show-view.js";
import { hideSecret } from "./views/endpoints.js";

/** Signs the tab in with `token` once the sandbox accepts it; resolves whether it did. @param {string} token */
export async function signIn(token) {
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

function hideToken() {
  // Shown once: it leaves the page for good (the tab keeps it signed in).
  $("token-value").textContent = "";
  $("copy-token-status").textContent = "";
  $("token-panel").hidden = true;
}

async function createOrganization() {
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
}

export function wireAccess() {
  whenSignedOut(hideToken);
  $("token-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const token = $("token").value.trim();
    $("token").value = "";
    $("access-status").textContent = "";
    if (await signIn(token)) $("access-status").textContent = "Signed in with the token.";
  });
  $("new-organization").addEventListener("click", createOrganization);
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
  $("copy-token").addEventListener("click", () => copyShown("token-value", "copy-token-status"));
  $("dismiss-token").addEventListener("click", () => {
    hideToken();
    focusHeading("access-heading");
  });
}
