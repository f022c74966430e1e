// Express, three ways: the route before express.json(), express.raw(), and the common bug
// (express.json() for every route), which must fail loudly with a message naming the fix.
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request } from "undici";
import { toNodeHandler } from "../../src/adapters/node-http.js";
import { createWebhookHandler } from "../../src/handler/create-webhook-handler.js";
import { generateTestEvent } from "../../src/testing/generate-test-event.js";
import { secret } from "../support/fixtures.js";
import { startHttpServer, type RunningServer } from "../support/servers.js";
import { post, receiverCases } from "./receiver-cases.js";

const seen: string[] = [];
let beforeJson: RunningServer;
let withRaw: RunningServer;
let jsonEverywhere: RunningServer;

beforeAll(async () => {
  const handler = createWebhookHandler({ secret, on: { "signing_request.completed": (event) => void seen.push(event.id) } });
  const webhook = toNodeHandler(handler);

  const first = express();
  first.post("/webhooks", webhook);
  first.use(express.json());
  first.post("/other", (req, res) => void res.json({ parsed: req.body }));

  const second = express();
  second.post("/webhooks", express.raw({ type: "application/json" }), webhook);

  const third = express();
  third.use(express.json());
  third.post("/webhooks", webhook);

  [beforeJson, withRaw, jsonEverywhere] = (await Promise.all([first, second, third].map((app) => startHttpServer(app)))) as [
    RunningServer,
    RunningServer,
    RunningServer,
  ];
});
afterAll(async () => {
  await Promise.all([beforeJson, withRaw, jsonEverywhere].map((server) => server.close()));
});

describe("toNodeHandler in Express, mounted before express.json()", () => {
  receiverCases(() => ({ url: () => `${beforeJson.url}/webhooks`, seen }));

  it("leaves JSON parsing of the other routes alone", async () => {
    const response = await request(`${beforeJson.url}/other`, {
      method: "POST",
      body: '{"a":1}',
      headers: { "content-type": "application/json" },
    });
    expect(await response.body.json()).toEqual({ parsed: { a: 1 } });
  });
});

describe("toNodeHandler in Express, after express.raw()", () => {
  receiverCases(() => ({ url: () => `${withRaw.url}/webhooks`, seen }));
});

describe("toNodeHandler in Express, after express.json() (the common bug)", () => {
  it("answers 500 body_not_raw naming express.json() and the fix, so the sender retries once fixed", async () => {
    const response = await post(`${jsonEverywhere.url}/webhooks`, JSON.stringify(generateTestEvent("ping")));
    expect(response.statusCode).toBe(500);
    const { error } = (await response.body.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe("body_not_raw");
    expect(error.message).toMatch(/express\.json\(\)/);
    expect(error.message).toMatch(/express\.raw/);
  });
});
