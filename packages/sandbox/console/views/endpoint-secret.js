// @ts-check
// The Signing secret card of an endpoint's page: reveal the secret that signs now, copy it,
// hide it, or roll it (the previous one keeps signing for 24 hours).
import { confirmInPage } from "../common/confirm-in-page.js";
import { api } from "../common/control-api.js";
import { copyShown } from "../common/copy-shown.js";
import { $ } from "../common/dom.js";
import { shownEndpoint } from "../common/state.js";
import { whenRouteChanges } from "../shell/router.js";
import { whenSignedOut } from "../shell/session.js";
import { onEndpointPageClick } from "./endpoint-actions.js";

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

export function wireEndpointSecret() {
  whenRouteChanges(hideEndpointSecret);
  whenSignedOut(hideEndpointSecret);
  onEndpointPageClick("endpoint-reveal", async () => {
    const endpoint = shownEndpoint();
    const { secret } = /** @type {{ secret: string }} */ (await api("GET", `/_sandbox/webhook-endpoints/${endpoint.id}/secret`));
    showEndpointSecret(secret, `The secret that signs deliveries to ${endpoint.url} now.`);
    $("endpoint-copy").focus();
  });
  onEndpointPageClick("endpoint-roll", async () => {
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
}
