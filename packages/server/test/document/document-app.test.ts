// createApp({ document }): the operations of the implementer's document, each with every
// convention its extensions and schemas declare, through inject and on loopback.
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import YAML from "yaml";
import { describe, expect, it } from "vitest";
import { ApiErrorResponse, createApp, keysetSlice, notFound, staticCredentialResolver, type DocumentHandler } from "../../src/index.js";
import { CURSOR_SECRET, idempotencyKey, principals, tokens } from "../support/fixture-app.js";
import { expectError, expectStandardHeaders, injectCall, transportsOf } from "../support/http.js";
import { implementerDocument } from "../support/implementer-document.js";

interface SigningRequest {
  id: string;
  organization: string;
  title: string;
  status: "pending" | "cancelled";
}
const store: SigningRequest[] = [];
const summary = ({ id, status, title }: SigningRequest) => ({ id, status, title });
const positionOf = (request: SigningRequest) => ({ key: request.id, id: request.id });

const handlers: Record<string, DocumentHandler> = {
  createSigningRequest: ({ body }, { principal }) => {
    const record: SigningRequest = {
      id: `sr_${String(store.length + 1).padStart(4, "0")}`,
      organization: principal.organizationId,
      title: (body as { title: string }).title,
      status: "pending",
    };
    store.push(record);
    return { status: 201, body: summary(record), headers: { location: `/signing-requests/${record.id}` } };
  },
  listSigningRequests: async (_request, context) => {
    const own = store.filter((record) => record.organization === context.principal.organizationId);
    const page = await context.paginate!({ positionOf, source: (query) => keysetSlice(own, positionOf, query) });
    return { status: 200, body: { ...page, items: page.items.map(summary) } };
  },
  cancelSigningRequest: ({ params }, { principal }) => {
    const record = store.find((candidate) => candidate.id === params.id && candidate.organization === principal.organizationId);
    if (!record) throw notFound();
    if (record.status === "cancelled")
      return { status: 409, error: { code: "conflict", message: "The signing request is already cancelled." } };
    record.status = "cancelled";
    return { status: 200, body: summary(record) };
  },
};

const app = createApp({
  document: implementerDocument(),
  cursorSecret: CURSOR_SECRET,
  baseUrl: "https://api.example.test",
  checkResponses: true,
  onInternalError: () => undefined,
  authentication: {
    resolver: staticCredentialResolver({ tokens: { [tokens.a]: { principal: principals.a }, [tokens.b]: { principal: principals.b } } }),
  },
  rateLimit: { operations: { cancelSigningRequest: { points: 20, durationSeconds: 60 } } },
  handlers,
});
const transports = transportsOf(app);

describe.each(transports)("a document's operations, through %s", (_name, send) => {
  const create = (title: unknown, key = idempotencyKey(), token = tokens.a) =>
    send("/signing-requests", { method: "POST", token, body: { title }, headers: { "idempotency-key": key } });

  it("creates once per Idempotency-Key, replays the outcome, and tags it", async () => {
    const before = store.length;
    const key = idempotencyKey();
    const created = await create("Lease", key);
    const replayed = await create("Lease", key);
    expect([created.status, replayed.status]).toEqual([201, 201]);
    expectStandardHeaders(created);
    expect(created.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(replayed.headers["idempotent-replayed"]).toBe("true");
    expect(replayed.headers.location).toBe(created.headers.location);
    expect(replayed.json).toEqual(created.json);
    expect(store.length).toBe(before + 1);
    expectError(await create("Other", key), 409, "idempotency_key_reused");
  });

  it("requires the key its extension declares", async () => {
    const answer = await send("/signing-requests", { method: "POST", token: tokens.a, body: { title: "No key" } });
    expectError(answer, 400, "bad_request");
    expect(answer.json.error.details[0].field).toBe("Idempotency-Key");
  });

  it.each([
    ["a missing field", {}, "$.title", "required"],
    ["a field of the wrong type", { title: 42 }, "$.title", "type"],
    ["an empty title", { title: "" }, "$.title", "min_length"],
    ["a field the schema does not have", { title: "x", colour: "red" }, "$.colour", "additional_property"],
  ])("refuses %s by the document's schema, naming the field", async (_case, body, field, code) => {
    const answer = await send("/signing-requests", {
      method: "POST",
      token: tokens.a,
      body,
      headers: { "idempotency-key": idempotencyKey() },
    });
    expectError(answer, 400, "bad_request");
    expect(answer.json.error.details).toContainEqual(expect.objectContaining({ field, code }));
  });

  it("pages its list with signed cursors bound to the organization", async () => {
    for (const title of ["A", "B", "C"]) await create(title);
    const first = await send("/signing-requests?limit=2", { token: tokens.a });
    expect(first.status).toBe(200);
    expect(first.json.items).toHaveLength(2);
    const next = new URL(first.json.next);
    expect(next.origin).toBe("https://api.example.test");
    const second = await send(`${next.pathname}${next.search}`, { token: tokens.a });
    expect(second.status).toBe(200);
    expect(second.json.items[0].id > first.json.items[1].id).toBe(true);
    expectError(await send(`${next.pathname}${next.search}`, { token: tokens.b }), 400, "bad_request");
    expectError(await send("/signing-requests?limit=101", { token: tokens.a }), 400, "bad_request");
  });

  it("keeps the path parameter, validates it by its schema, and answers the handler's error reply", async () => {
    const created = await create("To cancel");
    const id = created.json.id as string;
    const cancel = (path: string) => send(path, { method: "POST", token: tokens.a, headers: { "idempotency-key": idempotencyKey() } });
    const cancelled = await cancel(`/signing-requests/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ id, status: "cancelled" });
    expectError(await cancel(`/signing-requests/${id}/cancel`), 409, "conflict");
    const malformed = await cancel("/signing-requests/not-an-id/cancel");
    expectError(malformed, 400, "bad_request");
    expect(malformed.json.error.details[0]).toMatchObject({ field: "id", code: "pattern" });
  });

  it("answers 401 and 404 with the error body, and an operation without a handler is not mounted", async () => {
    expectError(await send("/signing-requests"), 401, "unauthenticated");
    expectError(await send("/certificates", { token: tokens.a }), 404, "not_found");
  });
});

describe("a document's rate limits", () => {
  it("count each operation in a bucket of its own, with its own quota", async () => {
    const limited = await injectCall(app, "/signing-requests/sr_9999/cancel", {
      method: "POST",
      token: tokens.b,
      headers: { "idempotency-key": idempotencyKey() },
    });
    expect(limited.headers["ratelimit-limit"]).toBe("20");
    const list = await injectCall(app, "/signing-requests", { token: tokens.b });
    expect(list.headers["ratelimit-limit"]).toBe("1000");
  });
});

describe("a document given by its path", () => {
  it("is read from YAML and served", async () => {
    const folder = mkdtempSync(join(tmpdir(), "signing-platform-document-"));
    const file = join(folder, "openapi.yaml");
    writeFileSync(file, YAML.stringify(implementerDocument()));
    const fromFile = createApp({
      document: file,
      cursorSecret: CURSOR_SECRET,
      authentication: { resolver: staticCredentialResolver({ tokens: { [tokens.a]: { principal: principals.a } } }) },
      handlers: { listSigningRequests: () => ({ status: 200, body: { items: [], cursor: null, next: null } }) },
    });
    const answer = await injectCall(fromFile, "/signing-requests", { token: tokens.a });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ items: [], cursor: null, next: null });
  });
});

describe("a code of the document's own catalogue", () => {
  const document = implementerDocument();
  const catalogue = document["x-signing-platform-catalogue"];
  catalogue.errors.push({ code: "signing_request_locked", status: 409, condition: "The signing request is being signed." });
  document.paths["/signing-requests/{id}/cancel"].post["x-signing-platform-errors"].push("signing_request_locked");
  const locked = createApp({
    document,
    cursorSecret: CURSOR_SECRET,
    checkResponses: true,
    authentication: { resolver: staticCredentialResolver({ tokens: { [tokens.a]: { principal: principals.a } } }) },
    handlers: {
      cancelSigningRequest: async ({ params }) => {
        // A JavaScript handler, or one that names the code as a string: no status of its own.
        if (params.id === "sr_sync") throw new (ApiErrorResponse as new (code: string) => Error)("signing_request_locked");
        throw new (ApiErrorResponse as new (code: string, options: object) => Error)("signing_request_locked", {
          message: "Being signed.",
        });
      },
    },
  });
  const cancel = (id: string) =>
    injectCall(locked, `/signing-requests/${id}/cancel`, {
      method: "POST",
      token: tokens.a,
      headers: { "idempotency-key": idempotencyKey() },
    });

  it("is answered with the status and condition that catalogue gives it, thrown without a status", async () => {
    const answer = await cancel("sr_sync");
    expectError(answer, 409, "signing_request_locked");
    expect(answer.json.error.message).toBe("The signing request is being signed.");
    const withMessage = await cancel("sr_async");
    expectError(withMessage, 409, "signing_request_locked");
    expect(withMessage.json.error.message).toBe("Being signed.");
  });
});
