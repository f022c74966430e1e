// The edge twin of create-webhook-handler.ts: the same handler on WebCrypto.
import { constructEventAsync } from "../event/construct-event-async.js";
import { createWebhookHandlerWith, type WebhookHandler, type WebhookHandlerOptions } from "./webhook-handler.js";

/**
 * Like `createWebhookHandler`, verifying with WebCrypto (edge runtimes, no node:crypto).
 * @example
 * ```ts
 * import { createWebhookHandler, toFetchHandler } from "@signing-platform/webhooks/edge";
 *
 * const handler = createWebhookHandler({
 *   secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
 *   on: { "signing_request.completed": async (event) => console.log(event.data.object.id) },
 * });
 * export default { fetch: toFetchHandler(handler) };
 * ```
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  return createWebhookHandlerWith(constructEventAsync, options);
}
