// Fastify parses JSON before the route runs. The plugin registers, inside its own
// encapsulated context, a parser that keeps every body as a Buffer, so only the webhook
// route sees raw bytes and the application's other routes keep their JSON parsing.
import type { FastifyInstance, FastifyPluginCallback } from "fastify";
import type { WebhookHandler } from "../handler/webhook-handler.js";

/** Options of {@link fastifyWebhookPlugin}: the handler, the route path and the largest body. */
export interface FastifyWebhookOptions {
  /** The webhook handler that answers each delivery. */
  handler: WebhookHandler;
  /** Route path inside the plugin's prefix (default `/`). */
  path?: string;
  /** Largest body, in bytes (default 1 MiB). Fastify answers 413 past it. */
  maxBodyBytes?: number;
}

/**
 * `app.register(fastifyWebhookPlugin, { prefix: "/webhooks", handler })`.
 * @example
 * ```ts
 * import Fastify from "fastify";
 * import { createWebhookHandler } from "@signing-platform/webhooks";
 * import { fastifyWebhookPlugin } from "@signing-platform/webhooks/fastify";
 *
 * const app = Fastify();
 * const handler = createWebhookHandler({ secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", on: {} });
 * await app.register(fastifyWebhookPlugin, { prefix: "/webhooks", handler });
 * ```
 */
export const fastifyWebhookPlugin: FastifyPluginCallback<FastifyWebhookOptions> = (
  instance: FastifyInstance,
  options: FastifyWebhookOptions,
  done: (error?: Error) => void,
) => {
  const { handler, path = "/", maxBodyBytes = 1024 * 1024 } = options;
  instance.removeAllContentTypeParsers();
  instance.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: maxBodyBytes }, (_request, body, parsed) => parsed(null, body));
  instance.post(path, async (request, reply) => {
    const result = await handler.handle({
      rawBody: request.body ?? "",
      header: (name) => request.headers[name.toLowerCase()],
    });
    return reply.code(result.status).headers(result.headers).send(result.body);
  });
  done();
};
