import { constructEvent } from "../event/construct-event.js";
import { createWebhookHandlerWith, type WebhookHandler, type WebhookHandlerOptions } from "./webhook-handler.js";

/**
 * A receiver: verifies each delivery, deduplicates by event id, dispatches by type and
 * answers within the sender's 10 s. Put it behind an adapter (node:http, Express, Fastify,
 * fetch).
 * @example
 * ```ts
 * import { createServer } from "node:http";
 * import { createWebhookHandler, toNodeHandler } from "@signing-platform/webhooks";
 *
 * const handler = createWebhookHandler({
 *   secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
 *   on: { "signing_request.completed": async (event, { deliveryId }) => console.log(deliveryId, event.data.object.id) },
 *   onError: (error, report) => console.warn(report.phase, String(error)),
 * });
 * createServer(toNodeHandler(handler)).listen(3000);
 * ```
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  return createWebhookHandlerWith(constructEvent, options);
}
