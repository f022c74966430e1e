import { constructEvent } from "../event/construct-event.js";
import { createWebhookHandlerWith, type WebhookHandler, type WebhookHandlerOptions } from "./webhook-handler.js";

/**
 * A receiver: verifies each delivery, deduplicates by event id, dispatches by type and
 * answers within the sender's 10 s. Put it behind an adapter (node:http, Express, Fastify,
 * fetch).
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  return createWebhookHandlerWith(constructEvent, options);
}
