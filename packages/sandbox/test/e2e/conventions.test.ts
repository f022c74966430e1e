// The conventions every public operation keeps, on a running sandbox: idempotent replays
// (Errors › Idempotency; docs/decisions.md#idempotency-keys), conditional requests and 304 (Endpoints;
// docs/decisions.md#entity-tags), and organization isolation (Authentication 4), across the public and control APIs.
import { describe, expect, it } from "vitest";
import { completeEnrollment, createOrganization, newIdempotencyKey, Organization } from "../support/http.js";
import { useSandboxProcess } from "../support/sandbox-process.js";
import { useWebhookReceivers, type WebhookReceiver } from "../support/webhook-receiver.js";

const startReceiver = useWebhookReceivers();
const sandbox = useSandboxProcess();

describe("idempotent replays (Errors › Idempotency)", () => {
  it("replays the same key and payload with the original status and body, Idempotent-Replayed and a fresh Request-Id", async () => {
    const organization = await createOrganization(sandbox.url);
    const key = newIdempotencyKey();
    const first = await organization.createEnrollment(completeEnrollment({ reference: "r1" }), key);
    expect(first.status).toBe(201);
    expect(first.json.id).toMatch(/^enr_/);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    for (let retry = 0; retry < 3; retry++) {
      const replay = await organization.createEnrollment(completeEnrollment({ reference: "r1" }), key);
      expect(replay.status).toBe(201);
      expect(replay.text).toBe(first.text);
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      expect(replay.headers.get("etag")).toBe(first.headers.get("etag"));
      expect(replay.headers.get("request-id")).not.toBe(first.headers.get("request-id"));
      expect(replay.headers.get("ratelimit-remaining")).not.toBeNull();
    }
    // A new key is a new logical operation: a second enrollment.
    const other = await organization.createEnrollment(completeEnrollment({ reference: "r1" }), newIdempotencyKey());
    expect(other.status).toBe(201);
    expect(other.json.id).not.toBe(first.json.id);
  });

  it("treats the same payload with its keys in another order as the same payload", async () => {
    const organization = await createOrganization(sandbox.url);
    const key = newIdempotencyKey();
    const first = await organization.createEnrollment(
      { reference: "x", identity_evidence: { issuing_office: "O", document_type: "passport" } },
      key,
    );
    const replay = await organization.createEnrollment(
      { identity_evidence: { document_type: "passport", issuing_office: "O" }, reference: "x" },
      key,
    );
    expect(first.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.json.id).toBe(first.json.id);
  });

  it("makes one enrollment for concurrent requests with one key", async () => {
    const organization = await createOrganization(sandbox.url);
    const key = newIdempotencyKey();
    const responses = await Promise.all(Array.from({ length: 8 }, () => organization.createEnrollment(completeEnrollment(), key)));
    // Each is the outcome (201, maybe replayed) or 409 conflict while the first still runs (docs/decisions.md#idempotency-keys).
    for (const response of responses) expect([201, 409]).toContain(response.status);
    const created = responses.filter((response) => response.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((response) => response.json.id)).size).toBe(1);
    expect(created.filter((response) => response.headers.get("idempotent-replayed") === null)).toHaveLength(1);
    for (const response of responses.filter((candidate) => candidate.status === 409)) expect(response.json.error.code).toBe("conflict");
    const after = await organization.createEnrollment(completeEnrollment(), key);
    expect(after.json.id).toBe(created[0]!.json.id);
  });

  it("replays an outcome the operation produced, a 400 enrollment_identity_incomplete, with request_id equal to the new Request-Id", async () => {
    const organization = await createOrganization(sandbox.url);
    const key = newIdempotencyKey();
    const first = await organization.createEnrollment({ identity_evidence: { document_type: "passport" } }, key);
    expect(first.status).toBe(400);
    const replay = await organization.createEnrollment({ identity_evidence: { document_type: "passport" } }, key);
    expect(replay.status).toBe(400);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect({ ...replay.json.error, request_id: null }).toEqual({ ...first.json.error, request_id: null });
    expect(replay.json.error.request_id).toBe(replay.headers.get("request-id"));
    expect(replay.json.error.request_id).not.toBe(first.json.error.request_id);
  });

  it("does not keep rejections made before the operation ran (415, malformed JSON): the key is still free", async () => {
    const organization = await createOrganization(sandbox.url);
    const key = newIdempotencyKey();
    const unsupported = await organization.post("/enrollments", "ignored", { "idempotency-key": key, "content-type": "text/plain" });
    expect(unsupported.status).toBe(415);
    const created = await organization.createEnrollment(completeEnrollment(), key);
    expect(created.status).toBe(201);
    expect(created.headers.get("idempotent-replayed")).toBeNull();
  });

  it("answers 409 idempotency_key_reused for the same key with another payload, and keeps the original outcome", async () => {
    const organization = await createOrganization(sandbox.url);
    const key = newIdempotencyKey();
    const first = await organization.createEnrollment(completeEnrollment({ reference: "a" }), key);
    const reused = await organization.createEnrollment(completeEnrollment({ reference: "b" }), key);
    expect(reused.status).toBe(409);
    expect(reused.json.error.code).toBe("idempotency_key_reused");
    const replay = await organization.createEnrollment(completeEnrollment({ reference: "a" }), key);
    expect(replay.json.id).toBe(first.json.id);
  });

  it("scopes a key to its organization: another organization's same key makes its own enrollment", async () => {
    const a = await createOrganization(sandbox.url);
    const b = await createOrganization(sandbox.url);
    const key = newIdempotencyKey();
    const first = await a.createEnrollment(completeEnrollment(), key);
    const second = await b.createEnrollment(completeEnrollment(), key);
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBeNull();
    expect(second.json.id).not.toBe(first.json.id);
  });
});

describe("conditional requests (Endpoints: GET /certificates/{id})", () => {
  it("answers a matching If-None-Match on GET /certificates/{id} with 304, no body, ETag and the standard headers", async () => {
    const organization = await createOrganization(sandbox.url);
    const [id] = await organization.addCertificates(1);
    const first = await organization.getCertificate(id!);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[^"]+"$/);
    // [given If-None-Match] — a match in any RFC 9110 form
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const response = await organization.getCertificate(id!, { "if-none-match": header });
      expect(response.status, header).toBe(304);
      expect(response.text).toBe("");
      expect(response.headers.get("etag")).toBe(etag);
      expect(response.headers.get("request-id")).toMatch(/\S/);
      expect(response.headers.get("request-id")).not.toBe(first.headers.get("request-id"));
      for (const name of ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"])
        expect(response.headers.get(name), name).not.toBeNull();
    }
    const stale = await organization.getCertificate(id!, { "if-none-match": '"not-the-tag"' });
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(first.text);
  });

  it("answers GET /v1/signing-requests/{id} with 304 until the request changes, then 200 with a new ETag", async () => {
    const organization = await createOrganization(sandbox.url);
    const request = await organization.newSigningRequest();
    const first = await organization.getSigningRequest(request.id);
    const etag = first.headers.get("etag")!;
    const unchanged = await organization.getSigningRequest(request.id, { "if-none-match": etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe("");
    await organization.act(request.id, "accept");
    const changed = await organization.getSigningRequest(request.id, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.json.status).toBe("accepted");
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("never answers 304 for another organization's resource, whatever the tag", async () => {
    const owner = await createOrganization(sandbox.url);
    const other = await createOrganization(sandbox.url);
    const [id] = await owner.addCertificates(1);
    const etag = (await owner.getCertificate(id!)).headers.get("etag")!;
    for (const header of [etag, "*"]) {
      const response = await other.getCertificate(id!, { "if-none-match": header });
      expect(response.status).toBe(404);
      expect(response.json.error.code).toBe("not_found");
    }
  });
});

describe("organization isolation (Authentication 4)", () => {
  // @trace shows-an-organization-only-its-own-certificates
  it("shows an organization only its own certificates and signing requests", async () => {
    const a = await createOrganization(sandbox.url);
    const b = await createOrganization(sandbox.url);
    const idsOfA = await a.addCertificates(5);
    const idsOfB = await b.addCertificates(3);
    const requestOfA = await a.newSigningRequest();
    expect((await a.listCertificates()).json.items.map((item: { id: string }) => item.id)).toEqual(idsOfA);
    expect((await b.listCertificates()).json.items.map((item: { id: string }) => item.id)).toEqual(idsOfB);
    expect((await b.getSigningRequest(requestOfA.id)).status).toBe(404);
    expect((await b.getCertificate(idsOfA[0]!)).status).toBe(404);
  });

  it("refuses another organization's cursor with 400", async () => {
    const a = await createOrganization(sandbox.url);
    const b = await createOrganization(sandbox.url);
    await a.addCertificates(3);
    await b.addCertificates(3);
    const cursorOfA = (await a.listCertificates({ limit: 1 })).json.cursor;
    const response = await b.listCertificates({ limit: 1, cursor: cursorOfA });
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe("bad_request");
  });

  it("lets no organization drive, delete or read another's records through the control API", async () => {
    const a = await createOrganization(sandbox.url);
    const b = await createOrganization(sandbox.url);
    const request = await a.newSigningRequest();
    const [certificate] = await a.addCertificates(1);
    const endpoint = await a.addWebhookEndpoint("http://127.0.0.1:9/never");
    for (const action of ["accept", "decline", "cancel", "expire"] as const) {
      const response = await b.act(request.id, action);
      expect(response.status, action).toBe(404);
      expect(response.json.error.code).toBe("not_found");
    }
    expect((await b.removeCertificate(certificate!)).status).toBe(404);
    expect((await b.get("/_sandbox/webhook-endpoints")).json.items).toEqual([]);
    for (const path of [`${endpoint.id}/disable`, `${endpoint.id}/enable`, `${endpoint.id}/test`]) {
      expect((await b.post(`/_sandbox/webhook-endpoints/${path}`, {})).status, path).toBe(404);
    }
    expect((await b.get(`/_sandbox/webhook-endpoints/${endpoint.id}/attempts`)).status).toBe(404);
    expect((await b.delete(`/_sandbox/webhook-endpoints/${endpoint.id}`)).status).toBe(404);
    // Untouched for its owner.
    expect((await a.getSigningRequest(request.id)).json.status).toBe("pending");
    expect((await a.getCertificate(certificate!)).status).toBe(200);
    expect((await a.listCertificates()).json.items.map((item: { id: string }) => item.id)).toEqual([certificate]);
    expect((await a.get("/_sandbox/webhook-endpoints")).json.items.map((item: { id: string }) => item.id)).toEqual([endpoint.id]);
  });

  it("delivers an organization's events only to its own endpoints", async () => {
    const a = await createOrganization(sandbox.url);
    const b = await createOrganization(sandbox.url);
    const [receiverOfA, receiverOfB] = await Promise.all([startReceiver(), startReceiver()]);
    receiverOfA.useSecret((await a.addWebhookEndpoint(receiverOfA.url)).secret);
    receiverOfB.useSecret((await b.addWebhookEndpoint(receiverOfB.url)).secret);
    const requestOfA = await a.newSigningRequest();
    const requestOfB = await b.newSigningRequest();
    await receiverOfA.waitFor((events) => events.length >= 1, "A's event");
    await receiverOfB.waitFor((events) => events.length >= 1, "B's event");
    // Each endpoint verified its deliveries with its own secret, and only its organization's.
    const objectIds = (receiver: WebhookReceiver) =>
      receiver.received.map((entry) => (entry.event.data as { object: { id: string } }).object.id);
    expect(objectIds(receiverOfA)).toEqual([requestOfA.id]);
    expect(objectIds(receiverOfB)).toEqual([requestOfB.id]);
    expect(receiverOfA.rejected).toEqual([]);
    expect(receiverOfB.rejected).toEqual([]);
  });

  it("refuses the control API without a valid token", async () => {
    const a = await createOrganization(sandbox.url);
    const request = await a.newSigningRequest();
    const forged = new Organization(sandbox.url, a.id, "sbx_forgedforgedforgedforgedforgedforged00");
    for (const response of [
      await forged.post("/_sandbox/signing-requests", {}),
      await forged.act(request.id, "accept"),
      await forged.post("/_sandbox/certificates", { count: 1 }),
      await forged.get("/_sandbox/webhook-endpoints"),
    ]) {
      expect(response.status).toBe(401);
      expect(response.json.error.code).toBe("unauthenticated");
    }
    expect((await a.getSigningRequest(request.id)).json.status).toBe("pending");
  });
});
