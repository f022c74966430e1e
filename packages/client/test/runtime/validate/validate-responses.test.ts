// `validateResponses` end to end: a client over a scripted server on loopback, whose success
// bodies match their schema or not. Off by default; on, a body that does not match is an
// InvalidResponseError with the response's status and request id, a 304 from the entity-tag
// cache gives only a body that matched, and a client without schemas refuses the option.
import type { paths } from "@signing-platform/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../../src/generated/api.js";
import { createApiClient, type ResponseSchemas } from "../../../src/index.js";
import type { ClientOptions } from "../../../src/runtime/index.js";
import { startScriptedServer, type ScriptedServer } from "../../support/scripted-server.js";

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.stop());

const responseSchemas: ResponseSchemas = {
  components: { schemas: { Certificate: { type: "object", required: ["id"], properties: { id: { type: "string" } } } } },
  responses: { "/certificates/{id}": { get: { "200": { $ref: "#/components/schemas/Certificate" } } } },
};

const clientWith = (options: Partial<ClientOptions> = {}) =>
  createApiClient<paths>(
    { ...api, responseSchemas: async () => responseSchemas },
    { baseUrl: server.url, accessToken: "token", ...options },
  );

const retrieve = (client: ReturnType<typeof clientWith>) => client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });

describe("validateResponses", () => {
  it("is off by default: a body that does not match is the data as received", async () => {
    server.play({ status: 200, body: { id: 7 } });
    expect((await retrieve(clientWith())).data).toEqual({ id: 7 });
  });

  it("gives a body that matches as the data", async () => {
    server.play({ status: 200, body: { id: "cert_1", state: "active" } });
    const { data, error } = await retrieve(clientWith({ validateResponses: true }));
    expect(error).toBeUndefined();
    expect(data).toEqual({ id: "cert_1", state: "active" });
  });

  it("makes a body that does not match an InvalidResponseError naming the operation, the status and each mismatch", async () => {
    server.play({ status: 200, headers: { "Request-Id": "req_bad" }, body: { id: 7, name: "Ada Lovelace" } });
    const { data, error, response } = await retrieve(clientWith({ validateResponses: true }));
    expect(data).toBeUndefined();
    expect(response?.status).toBe(200);
    expect(error).toMatchObject({
      name: "InvalidResponseError",
      code: "invalid_response",
      status: 200,
      requestId: "req_bad",
      message: "GET /certificates/{id} answered 200 with a body that does not match its schema: $.id (type).",
      details: [{ field: "$.id", code: "type", message: "must be string" }],
    });
    expect(JSON.stringify([error?.message, error?.details])).not.toMatch(/Ada|7\b/);
  });

  it("keeps in the entity-tag cache only a body that matched", async () => {
    const client = clientWith({ validateResponses: true, etagCache: true });
    server.play({ status: 200, headers: { ETag: '"v1"' }, body: { id: 7 } }, { status: 304, headers: { ETag: '"v1"' } });
    expect((await retrieve(client)).error?.code).toBe("invalid_response");
    const second = await retrieve(client);
    expect(server.requests.at(-1)?.headers["if-none-match"]).toBeUndefined();
    expect(second.data).toBeUndefined();
  });

  it("is refused by a client whose API description has no response schemas", () => {
    expect(() => createApiClient(api, { baseUrl: server.url, validateResponses: true })).toThrow(
      /validateResponses needs .*responseSchemas/,
    );
  });
});
