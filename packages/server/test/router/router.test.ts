// The router: one route per operation given a handler, as the spec describes it.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { operationTable } from "../../src/generated/operations.js";
import { createApp, specBaseUrl, staticCredentialResolver } from "../../src/index.js";
import { CURSOR_SECRET, principals, tokens } from "../support/fixture-app.js";
import { call, expectError, listen, type Running } from "../support/http.js";

const document = YAML.parse(readFileSync(fileURLToPath(new URL("../../../../generated/openapi.yaml", import.meta.url)), "utf8"));

describe("the generated operation table", () => {
  const fromSpec = Object.entries<Record<string, any>>(document.paths).flatMap(([path, item]) =>
    Object.entries<any>(item).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );

  it("has every operation of the spec, with its method, path, statuses and extensions", () => {
    expect(operationTable.map((operation) => operation.operationId).sort()).toEqual(
      fromSpec.map(({ operation }) => operation.operationId).sort(),
    );
    for (const { path, method, operation } of fromSpec) {
      const entry = operationTable.find((candidate) => candidate.operationId === operation.operationId)!;
      expect([entry.method, entry.path, entry.routePath]).toEqual([method, path, path.replace(/\{(\w+)\}/g, ":$1")]);
      expect(Object.keys(entry.responses).sort()).toEqual(Object.keys(operation.responses).sort());
      expect(entry.errorCodes).toEqual(operation["x-signing-platform-errors"]);
      expect(entry.idempotency).toEqual(operation["x-signing-platform-idempotency"] ?? null);
      expect(entry.pagination).toEqual(operation["x-signing-platform-pagination"] ?? null);
      expect(entry.conditionalRequest).toEqual(operation["x-signing-platform-conditional-request"] ?? null);
    }
    expect(specBaseUrl).toBe(document.servers[0].variables.base_url.default);
  });

  it("knows which responses carry an ETag and which have no body", () => {
    const getCertificate = operationTable.find((operation) => operation.operationId === "getCertificate")!;
    expect(getCertificate.responses["200"]).toEqual({ body: true, headers: expect.arrayContaining(["ETag", "Request-Id"]) });
    expect(getCertificate.responses["304"]!.body).toBe(false);
    expect(getCertificate.responses["404"]!.headers).not.toContain("ETag");
  });
});

/** An app of organization a's token that checks every response against the spec. */
const checkedAppOptions = {
  cursorSecret: CURSOR_SECRET,
  checkResponses: true,
  authentication: { resolver: staticCredentialResolver({ tokens: { [tokens.a]: { principal: principals.a } } }) },
};

describe("operationRoutes", () => {
  let server: Running;
  const seen: unknown[] = [];
  beforeAll(async () => {
    const app = createApp({
      ...checkedAppOptions,
      handlers: {
        listCertificates: async (request, context) => {
          seen.push({
            query: request.query,
            page: context.page,
            requestId: context.requestId,
            organization: context.principal.organizationId,
          });
          return { status: 200, body: await context.paginate({ positionOf: (item) => ({ key: item.id, id: item.id }), source: () => [] }) };
        },
      },
    });
    server = await listen(app);
  });
  afterAll(() => server.close());

  it("mounts only the operations it has handlers for", async () => {
    expectError(await call(`${server.url}/certificates/cert_1`, { token: tokens.a }), 404, "not_found");
    expectError(await call(`${server.url}/enrollments`, { method: "POST", token: tokens.a, body: {} }), 404, "not_found");
  });

  it("gives the handler coerced parameters, the page, the Request-Id and the caller", async () => {
    const answer = await call(`${server.url}/certificates?limit=7`, { token: tokens.a });
    expect(answer.status).toBe(200);
    expect(seen.at(-1)).toEqual({
      query: { limit: 7 },
      page: { limit: 7, after: null },
      requestId: answer.headers["request-id"],
      organization: "org_a",
    });
  });
});

describe("the fallback", () => {
  let server: Running;
  const asked: string[] = [];
  beforeAll(async () => {
    const app = createApp({
      ...checkedAppOptions,
      handlers: {
        getCertificate: ({ params }) => ({ status: 200, body: { id: params.id, served_by: "handlers" } }),
      },
      fallback(operation) {
        asked.push(operation.operationId);
        if (operation.operationId === "createEnrollment") return undefined;
        return ({ params }, context) => ({
          status: 200,
          body: { id: String(params.id ?? "sr_x"), object: "signing_request", status: "completed", documents: [], client_secret: "s" },
          headers: { "x-served-by": `fallback of ${context.operation.operationId}` },
        });
      },
    });
    server = await listen(app);
  });
  afterAll(() => server.close());

  it("is asked once for each operation without a handler, and never for one with a handler", () => {
    expect(asked.sort()).toEqual(
      operationTable
        .map((operation) => operation.operationId)
        .filter((id) => id !== "getCertificate")
        .sort(),
    );
  });

  it("serves what it gives a handler for behind every convention: Request-Id, rate limits, ETag and 304", async () => {
    const answer = await call(`${server.url}/v1/signing-requests/sr_42`, { token: tokens.a });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ id: "sr_42", object: "signing_request" });
    expect(answer.headers["x-served-by"]).toBe("fallback of getSigningRequest");
    for (const header of ["request-id", "ratelimit-limit", "ratelimit-remaining", "ratelimit-reset", "etag"]) {
      expect(answer.headers[header], header).toBeDefined();
    }
    const again = await call(`${server.url}/v1/signing-requests/sr_42`, {
      token: tokens.a,
      headers: { "if-none-match": answer.headers.etag! },
    });
    expect(again.status).toBe(304);
    expectError(await call(`${server.url}/v1/signing-requests/sr_42`), 401, "unauthenticated");
  });

  it("leaves the handler of an operation that has one as it is, and unmounted what it gives none for", async () => {
    const answer = await call(`${server.url}/certificates/cert_1`, { token: tokens.a });
    expect(answer.json).toEqual({ id: "cert_1", served_by: "handlers" });
    expect(answer.headers["x-served-by"]).toBeUndefined();
    expectError(await call(`${server.url}/enrollments`, { method: "POST", token: tokens.a, body: {} }), 404, "not_found");
  });
});
