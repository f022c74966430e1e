// @signing-platform/webhooks/fastify: the Fastify plugin, on its own entry so that only
// Fastify users need Fastify's types.
export { fastifyWebhookPlugin, type FastifyWebhookOptions } from "./adapters/fastify.js";
