import Fastify, { type FastifyInstance } from "fastify";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fastifyWebhookPlugin } from "../../src/adapters/fastify.js";
import { createWebhookHandler } from "../../src/handler/create-webhook-handler.js";
import { secret } from "../support/fixtures.js";
import { post, receiverCases } from "./receiver-cases.js";

const seen: string[] = [];
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = Fastify();
  const handler = createWebhookHandler({ secret, on: { "signing_request.completed": (event) => void seen.push(event.id) } });
  await app.register(fastifyWebhookPlugin, { prefix: "/webhooks", handler, maxBodyBytes: 4096 });
  app.post("/other", async (req) => ({ parsed: req.body }));
  base = await app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => app.close());

describe("fastifyWebhookPlugin", () => {
  receiverCases(() => ({ url: () => `${base}/webhooks`, seen }));

  it("keeps JSON parsing for the application's other routes", async () => {
    const response = await request(`${base}/other`, { method: "POST", body: '{"a":1}', headers: { "content-type": "application/json" } });
    expect(await response.body.json()).toEqual({ parsed: { a: 1 } });
  });

  it("answers 413 past maxBodyBytes", async () => {
    const response = await post(`${base}/webhooks`, JSON.stringify({ padding: "x".repeat(5000) }));
    expect(response.statusCode).toBe(413);
    await response.body.dump();
  });
});
