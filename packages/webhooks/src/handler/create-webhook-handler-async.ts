// The edge twin of create-webhook-handler.ts: the same handler on WebCrypto.
import { constructEventAsync } from "../event/construct-event-async.js";
import { createWebhookHandlerWith, type WebhookHandler, type WebhookHandlerOptions } from "./webhook-handler.js";

/** Like `createWebhookHandler`, verifying with WebCrypto (edge runtimes, no node:crypto). */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  return createWebhookHandlerWith(constructEventAsync, options);
}
