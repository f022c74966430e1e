// A route added by hand with `config: { operation: defineOperation(...) }` gets every
// convention the README promises, through inject and on loopback; a descriptor that cannot
// serve its route fails at start-up naming what it lacks.
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { type AppOptions, ApiErrorResponse, createApp, defineOperation, staticCredentialResolver } from "../../src/index.js";
import { CURSOR_SECRET, idempotencyKey, principals, tokens } from "../support/fixture-app.js";
import { expectError, expectStandardHeaders, injectCall, transportsOf } from "../support/http.js";

const endpoints = new Map<string, { id: string; url: string }>();
const reported: string[] = [];
const options = {
  cursorSecret: CURSOR_SECRET,
  checkResponses: true,
  onInternalError: (cause) => reported.push((cause as Error).message),
  authentication: { resolver: staticCredentialResolver({ tokens: { [tokens.a]: { principal: principals.a } } }) },
  rateLimit: { operations: { getWebhookEndpoint: { points: 500, durationSeconds: 60 } } },
  handlers: {},
} satisfies AppOptions;

const idParameter = { name: "id", in: "path", required: true, schema: { type: "string", pattern: "^we_[0-9]+$" } } as const;

function service(): FastifyInstance {
  const app = createApp(options);
  app.route({
    method: "POST",
    url: "/webhook-endpoints",
    config: {
      operation: defineOperation({ operationId: "createWebhookEndpoint", method: "POST", path: "/webhook-endpoints", idempotency: true }),
    },
    handler: async (request, reply) => {
      const endpoint = { id: `we_${endpoints.size + 1}`, url: String((request.body as { url?: unknown }).url) };
      endpoints.set(endpoint.id, endpoint);
      return reply.code(201).header("location", `/webhook-endpoints/${endpoint.id}`).send(endpoint);
    },
  });
  app.route({
    method: "GET",
    url: "/webhook-endpoints/:id",
    config: {
      operation: defineOperation({
        operationId: "getWebhookEndpoint",
        method: "GET",
        path: "/webhook-endpoints/{id}",
        parameters: [idParameter],
        conditionalRequest: true,
        errorCodes: ["not_found"],
      }),
    },
    handler: async (request) => {
      const { id } = request.params as { id: string };
      if (id === "we_999") throw new ApiErrorResponse("enrollment_identity_incomplete");
      const endpoint = endpoints.get(id);
      if (!endpoint) throw new ApiErrorResponse("not_found");
      return endpoint;
    },
  });
  return app;
}

const app = service();
const transports = transportsOf(app);

describe.each(transports)("a route added by hand, through %s", (_name, send) => {
  const create = (key: string) =>
    send("/webhook-endpoints", {
      method: "POST",
      token: tokens.a,
      body: { url: "https://hooks.example.test/a" },
      headers: { "idempotency-key": key },
    });

  it("takes an Idempotency-Key: the same key twice makes one resource, replayed", async () => {
    const before = endpoints.size;
    const key = idempotencyKey();
    const created = await create(key);
    const replayed = await create(key);
    expect([created.status, replayed.status]).toEqual([201, 201]);
    expectStandardHeaders(created);
    expect(replayed.headers["idempotent-replayed"]).toBe("true");
    expect(replayed.json).toEqual(created.json);
    expect(endpoints.size).toBe(before + 1);
    expectError(await send("/webhook-endpoints", { method: "POST", token: tokens.a, body: { url: "x" } }), 400, "bad_request");
  });

  it("keeps its path parameter, tags its responses and answers 304", async () => {
    const created = await create(idempotencyKey());
    const read = await send(`/webhook-endpoints/${created.json.id}`, { token: tokens.a });
    expect(read.status).toBe(200);
    expect(read.json.id).toBe(created.json.id);
    expect(read.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const again = await send(`/webhook-endpoints/${created.json.id}`, {
      token: tokens.a,
      headers: { "if-none-match": read.headers.etag! },
    });
    expect(again.status).toBe(304);
    expect(read.headers["ratelimit-limit"]).toBe("500");
  });

  it("validates its path parameter by its schema, and answers its declared error", async () => {
    const malformed = await send("/webhook-endpoints/nope", { token: tokens.a });
    expectError(malformed, 400, "bad_request");
    expect(malformed.json.error.details[0]).toMatchObject({ field: "id", code: "pattern" });
    expectError(await send("/webhook-endpoints/we_404", { token: tokens.a }), 404, "not_found");
  });

  it("turns an error code it does not declare into a 500 whose cause names the code", async () => {
    reported.length = 0;
    const answer = await send("/webhook-endpoints/we_999", { token: tokens.a });
    expectError(answer, 500, "internal_error");
    expect(answer.json.error.details).toContainEqual(expect.objectContaining({ field: "$.error.code", code: "undeclared_code" }));
    expect(reported).toEqual([expect.stringContaining("enrollment_identity_incomplete is not an error code of getWebhookEndpoint")]);
  });
});

describe("a descriptor that cannot serve its route", () => {
  const start = async (route: Parameters<FastifyInstance["route"]>[0]) => {
    const broken = createApp(options);
    broken.route(route);
    await broken.ready();
  };
  const handler = async () => ({});

  it.each([
    [
      "omits a path parameter of the route",
      {
        method: "GET",
        url: "/webhook-endpoints/:id",
        config: { operation: defineOperation({ operationId: "getWebhookEndpoint", method: "GET", path: "/webhook-endpoints/{id}" }) },
        handler,
      },
      "route GET /webhook-endpoints/:id: config.operation getWebhookEndpoint does not declare the path parameter id; add it to parameters.",
    ],
    [
      "is of another method",
      {
        method: "DELETE",
        url: "/webhook-endpoints",
        config: { operation: defineOperation({ operationId: "createWebhookEndpoint", method: "POST", path: "/webhook-endpoints" }) },
        handler,
      },
      "route DELETE /webhook-endpoints: config.operation createWebhookEndpoint is a POST operation, not DELETE.",
    ],
    [
      "has an idempotency rule without its header",
      {
        method: "POST",
        url: "/webhook-endpoints",
        config: {
          operation: {
            ...defineOperation({ operationId: "createWebhookEndpoint", method: "POST", path: "/webhook-endpoints", idempotency: true }),
            idempotency: { required: true } as never,
          },
        },
        handler,
      },
      "route POST /webhook-endpoints: config.operation createWebhookEndpoint x-signing-platform-idempotency.header: must be a string; got nothing.",
    ],
    [
      "is not a descriptor",
      { method: "GET", url: "/x", config: { operation: { operationId: "x" } as never }, handler },
      "route GET /x: config.operation is not an operation descriptor (make one with defineOperation).",
    ],
  ] as const)("%s: start-up fails naming it", async (_case, route, want) => {
    await expect(start(route as never)).rejects.toThrow(want);
  });

  it("defineOperation refuses an error code the catalogue does not have", () => {
    expect(() => defineOperation({ operationId: "x", method: "GET", path: "/x", errorCodes: ["endpoint_frozen"] })).toThrow(
      new TypeError("defineOperation(x): errorCodes: endpoint_frozen is not an error code of the catalogue."),
    );
  });
});

describe("routes added without a descriptor", () => {
  it("count each in a rate-limit bucket of its own, still per organization", async () => {
    const plain = createApp({ ...options, rateLimit: { quota: { points: 2, durationSeconds: 60 } } });
    plain.get("/notes", async () => ({ ok: true }));
    plain.get("/drafts", async () => ({ ok: true }));
    const get = (path: string) => injectCall(plain, path, { token: tokens.a });
    expect([(await get("/notes")).status, (await get("/notes")).status]).toEqual([200, 200]);
    expectError(await get("/notes"), 429, "rate_limited");
    const other = await get("/drafts");
    expect(other.status).toBe(200);
    expect(other.headers["ratelimit-remaining"]).toBe("1");
  });
});
