import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toNodeHandler } from "../../src/adapters/node-http.js";
import { createWebhookHandler } from "../../src/handler/create-webhook-handler.js";
import { startHttpServer, type RunningServer } from "../support/servers.js";
import { post, receiverCases } from "./receiver-cases.js";

const seen: string[] = [];
let server: RunningServer;

beforeAll(async () => {
  const handler = createWebhookHandler({
    secret: "whsec_test_5a2c1f0e9d8b7a6c5b4a3f2e1d0c9b8a",
    on: { "signing_request.completed": (event) => void seen.push(event.id) },
  });
  server = await startHttpServer(toNodeHandler(handler, { maxBodyBytes: 4096 }));
});
afterAll(() => server.close());

describe("toNodeHandler on node:http", () => {
  receiverCases(() => ({ url: () => server.url, seen }));

  it("answers 405 with Allow: POST to other methods", async () => {
    const response = await request(server.url, { method: "GET" });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe("POST");
    await response.body.dump();
  });

  it("answers 413 past maxBodyBytes", async () => {
    const response = await post(server.url, JSON.stringify({ padding: "x".repeat(5000) }));
    expect(response.statusCode).toBe(413);
    expect(((await response.body.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");
  });
});
