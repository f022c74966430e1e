// The fetch adapter behind Hono on a real server (@hono/node-server), with the edge handler
// (WebCrypto), as a Next.js route handler or a Worker would run it.
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import type { AddressInfo } from "node:net";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toFetchHandler } from "../../src/adapters/fetch.js";
import { createWebhookHandler } from "../../src/handler/create-webhook-handler-async.js";
import { generateTestEvent } from "../../src/testing/generate-test-event.js";
import { secret } from "../support/fixtures.js";
import { post, receiverCases } from "./receiver-cases.js";

const seen: string[] = [];
const kept: Promise<unknown>[] = [];
let server: ServerType;
let base: string;

beforeAll(async () => {
  const handler = createWebhookHandler({
    secret,
    acknowledgeWithinMs: 50,
    on: {
      "signing_request.completed": (event) => void seen.push(event.id),
      ping: () => new Promise((resolve) => setTimeout(resolve, 150)),
    },
  });
  const webhook = toFetchHandler(handler, { maxBodyBytes: 4096 });
  const app = new Hono();
  app.post("/webhooks", (c) => webhook(c.req.raw, { waitUntil: (promise) => void kept.push(promise) }));
  app.get("/webhooks", (c) => webhook(c.req.raw));
  server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("toFetchHandler behind Hono", () => {
  receiverCases(() => ({ url: () => `${base}/webhooks`, seen }));

  it("hands a handler that outlives the acknowledgement to waitUntil", async () => {
    const before = kept.length;
    const response = await post(`${base}/webhooks`, JSON.stringify(generateTestEvent("ping")));
    expect(response.statusCode).toBe(202);
    await response.body.dump();
    expect(kept.length).toBe(before + 1);
    await expect(kept.at(-1)).resolves.toBeUndefined();
  });

  it("answers 405 to other methods and 413 past maxBodyBytes", async () => {
    const get = await request(`${base}/webhooks`);
    expect(get.statusCode).toBe(405);
    await get.body.dump();
    const large = await post(`${base}/webhooks`, JSON.stringify({ padding: "x".repeat(5000) }));
    expect(large.statusCode).toBe(413);
    await large.body.dump();
  });
});
