// GET /_sandbox/logs and /_sandbox/logs/{request_id}: the public API's calls of the token's
// organization only, newest first, each with its Request-Id and status; the bodies one call at
// a time, client_secret replaced and long ones cut; no Authorization value kept anywhere.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/index.js";
import { BODY_BYTES_KEPT, keptBody, redactSecrets } from "../../src/request-log.js";
import { createOrganization, http, newIdempotencyKey, type Organization } from "../support/http.js";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => sandbox?.close());

const logs = (organization: Organization, query = "") => organization.get(`/_sandbox/logs${query}`);
const call = (organization: Organization, requestId: string) => organization.get(`/_sandbox/logs/${encodeURIComponent(requestId)}`);

describe("GET /_sandbox/logs", () => {
  it("lists the organization's own public API calls, newest first, with their Request-Id, status and time", async () => {
    const [mine, theirs] = await Promise.all([createOrganization(sandbox.url), createOrganization(sandbox.url)]);
    await mine.addCertificates(2);
    const listed = await mine.listCertificates({ limit: 1 });
    const missing = await mine.getCertificate("cert_missing");
    const simulated = await mine.get("/certificates", { "sandbox-simulate-error": "rate_limited" });
    const unknown = await mine.get("/nothing-here");
    const other = await theirs.listCertificates();
    // Refused: no principal, no organization.
    await http(`${sandbox.url}/certificates`);
    await http(`${sandbox.url}/certificates`, { headers: { authorization: "Bearer not-a-token-of-this-sandbox" } });

    const response = await logs(mine);
    expect(response.status).toBe(200);
    expect(response.headers.get("request-id")).toMatch(/^req_/);
    const items = response.json.items as Array<Record<string, unknown>>;
    // The control API's calls (addCertificates, this list) are not the public API's.
    expect(items.map((item) => [item.method, item.path, item.status, item.request_id])).toEqual([
      ["GET", "/nothing-here", 404, unknown.headers.get("request-id")],
      ["GET", "/certificates", simulated.status, simulated.headers.get("request-id")],
      ["GET", "/certificates/cert_missing", 404, missing.headers.get("request-id")],
      ["GET", "/certificates?limit=1", 200, listed.headers.get("request-id")],
    ]);
    expect(simulated.status).toBe(429);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(["at", "duration_ms", "method", "path", "request_id", "status"]);
      expect(item.duration_ms).toBeGreaterThanOrEqual(0);
      expect(Date.now() - Date.parse(item.at as string)).toBeLessThan(60_000);
    }
    expect(Date.parse(items[0]!.at as string)).toBeGreaterThanOrEqual(Date.parse(items[3]!.at as string));

    const theirItems = (await logs(theirs)).json.items;
    expect(theirItems.map((item: { request_id: string }) => item.request_id)).toEqual([other.headers.get("request-id")]);
    expect((await logs(mine, "?limit=2")).json.items.map((item: { request_id: string }) => item.request_id)).toEqual(
      items.slice(0, 2).map((item) => item.request_id),
    );
  });

  it.each(["0", "201", "1.5", "ten"])("answers ?limit=%s with 400 bad_request naming limit", async (limit) => {
    const organization = await createOrganization(sandbox.url);
    const response = await logs(organization, `?limit=${limit}`);
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe("bad_request");
    expect(response.json.error.details).toContainEqual(expect.objectContaining({ field: "limit" }));
  });

  it("answers 401 without a token", async () => {
    const response = await http(`${sandbox.url}/_sandbox/logs`);
    expect(response.status).toBe(401);
    expect(response.json.error.code).toBe("unauthenticated");
  });

  it("keeps the newest 200 calls", async () => {
    const organization = await createOrganization(sandbox.url);
    const first = await organization.listCertificates();
    for (let batch = 0; batch < 5; batch += 1) {
      await Promise.all(Array.from({ length: 41 }, () => organization.listCertificates({ limit: 1 })));
    }
    const items = (await logs(organization)).json.items as Array<{ request_id: string }>;
    expect(items).toHaveLength(200);
    expect(items.map((item) => item.request_id)).not.toContain(first.headers.get("request-id"));
    expect((await call(organization, first.headers.get("request-id")!)).status).toBe(404);
  });
});

describe("GET /_sandbox/logs/{request_id}", () => {
  it("gives a call's request and response bodies, client_secret replaced, no Authorization value anywhere", async () => {
    const organization = await createOrganization(sandbox.url);
    const enrollment = { identity_evidence: { document_type: "passport", issuing_office: "Passport Office, Pretoria" } };
    const created = await organization.createEnrollment(enrollment, newIdempotencyKey());
    expect(created.status).toBe(201);
    const request = await organization.newSigningRequest();
    const read = await organization.getSigningRequest(request.id);
    expect(read.json.client_secret).toEqual(expect.any(String));

    const enrolled = await call(organization, created.headers.get("request-id")!);
    expect(enrolled.status).toBe(200);
    expect(enrolled.json).toMatchObject({
      request_id: created.headers.get("request-id"),
      method: "POST",
      path: "/enrollments",
      status: 201,
    });
    expect(JSON.parse(enrolled.json.request_body)).toEqual(enrollment);
    expect(JSON.parse(enrolled.json.response_body)).toEqual(created.json);

    const detail = await call(organization, read.headers.get("request-id")!);
    expect(detail.json.request_body).toBeNull();
    const body = JSON.parse(detail.json.response_body);
    expect(body).toEqual({ ...read.json, client_secret: "•••" });
    expect(detail.text).not.toContain(read.json.client_secret);

    const everything = [(await logs(organization)).text, enrolled.text, detail.text].join("\n");
    expect(everything).not.toContain(organization.token);
    expect(everything.toLowerCase()).not.toContain("bearer");
    expect(everything.toLowerCase()).not.toContain("authorization");
  });

  it("answers 404 not_found for another organization's call and for an unknown id", async () => {
    const [mine, theirs] = await Promise.all([createOrganization(sandbox.url), createOrganization(sandbox.url)]);
    const made = await mine.listCertificates();
    expect((await call(mine, made.headers.get("request-id")!)).status).toBe(200);
    for (const [organization, id] of [
      [theirs, made.headers.get("request-id")!],
      [mine, "req_00000000000000000000000000000000"],
    ] as const) {
      const response = await call(organization, id);
      expect(response.status).toBe(404);
      expect(response.json.error.code).toBe("not_found");
      expect(response.json.error.request_id).toBe(response.headers.get("request-id"));
    }
  });

  it("keeps a body of up to 16 KiB, and says where a longer one was cut", async () => {
    const short = JSON.stringify({ text: "é".repeat(10) });
    expect(keptBody(short)).toBe(short);
    const long = JSON.stringify({ text: "é".repeat(BODY_BYTES_KEPT) });
    const kept = keptBody(long)!;
    const [head, mark] = [kept.slice(0, kept.lastIndexOf("\n")), kept.slice(kept.lastIndexOf("\n") + 1)];
    expect(Buffer.byteLength(head)).toBeLessThanOrEqual(BODY_BYTES_KEPT);
    expect(long.startsWith(head)).toBe(true);
    expect(mark).toBe(`… (cut: the first 16 KiB of ${Buffer.byteLength(long)} bytes)`);
    // Replaced before the cut, at any depth, and in text that is not JSON.
    expect(redactSecrets('{"items":[{"client_secret":"cs_1"},{"client_secret":null}]}')).toBe(
      '{"items":[{"client_secret":"•••"},{"client_secret":null}]}',
    );
    expect(redactSecrets('{"client_secret": "cs_1", "cut')).toBe('{"client_secret": "•••", "cut');
  });
});
