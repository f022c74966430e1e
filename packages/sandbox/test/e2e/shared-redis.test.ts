// Two sandbox processes on one real redis-server behave as one: state, idempotency keys, rate-limit counters, cursors and the webhook delivery
// queue are shared. Both run with `--quota 5/60`, so the quota is cheap to exhaust; each
// test uses its own organization and stays under it otherwise.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisServer, type RedisServer } from "../../../../test/support/redis.js";
import { expectConsistentWalk, walkWithConcurrentWrites } from "../support/certificate-walk.js";
import { completeEnrollment, createOrganization, eventually, newIdempotencyKey, sameOrganizationOn } from "../support/http.js";
import { startSandboxProcess, type SandboxProcess } from "../support/sandbox-process.js";
import { useWebhookReceivers } from "../support/webhook-receiver.js";

const QUOTA = 5;

let redis: RedisServer;
let a: SandboxProcess;
let b: SandboxProcess;
const startReceiver = useWebhookReceivers();

beforeAll(async () => {
  redis = await startRedisServer();
  [a, b] = await Promise.all([
    startSandboxProcess({ redis: redis.url, quota: `${QUOTA}/60` }),
    startSandboxProcess({ redis: redis.url, quota: `${QUOTA}/60` }),
  ]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await redis?.stop();
});

describe("two sandbox processes on one Redis", () => {
  it("are two processes on two ports", () => {
    expect(a.process.pid).not.toBe(b.process.pid);
    expect(a.url).not.toBe(b.url);
  });

  it("serve an organization made on A from B, with the same records", async () => {
    const onA = await createOrganization(a.url);
    const onB = sameOrganizationOn(b.url, onA);
    const request = await onA.newSigningRequest({ first_time_signer: true });
    const [certificate] = await onA.addCertificates(1);

    const fromA = await onA.getSigningRequest(request.id);
    const fromB = await onB.getSigningRequest(request.id);
    expect(fromB.status).toBe(200);
    expect(fromB.text).toBe(fromA.text);
    expect(fromB.headers.get("etag")).toBe(fromA.headers.get("etag"));
    expect((await onB.getCertificate(certificate!)).status).toBe(200);

    // The signer accepts through B and enters the code through A.
    const accepted = await onB.act(request.id, "accept");
    expect(accepted.json.status).toBe("accepted");
    const completed = await onA.act(request.id, "enter_code", accepted.json.sent_code);
    expect(completed.json.status).toBe("completed");
    expect((await onB.getSigningRequest(request.id)).json.status).toBe("completed");
    // A's documents are served by B.
    const document = new URL(completed.json.documents[0].content_url);
    expect((await onB.get(document.pathname)).status).toBe(200);
  });

  it("replay on B an Idempotency-Key first used on A", async () => {
    const onA = await createOrganization(a.url);
    const onB = sameOrganizationOn(b.url, onA);
    const key = newIdempotencyKey();
    const first = await onA.createEnrollment(completeEnrollment({ reference: "shared" }), key);
    expect(first.status).toBe(201);
    const replay = await onB.createEnrollment(completeEnrollment({ reference: "shared" }), key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.text).toBe(first.text);
    const reused = await onB.createEnrollment(completeEnrollment({ reference: "other" }), key);
    expect(reused.status).toBe(409);
    expect(reused.json.error.code).toBe("idempotency_key_reused");
  });

  it("make one enrollment for one key sent to both at once", async () => {
    const onA = await createOrganization(a.url);
    const onB = sameOrganizationOn(b.url, onA);
    const key = newIdempotencyKey();
    const responses = await Promise.all(
      [onA, onB, onA, onB].map((organization) => organization.createEnrollment(completeEnrollment(), key)),
    );
    const created = responses.filter((response) => response.status === 201);
    for (const response of responses) expect([201, 409]).toContain(response.status);
    expect(new Set(created.map((response) => response.json.id)).size).toBe(1);
    expect(created.filter((response) => response.headers.get("idempotent-replayed") === null)).toHaveLength(1);
  });

  it("share one rate-limit quota: the sixth request over both processes is 429", async () => {
    const onA = await createOrganization(a.url);
    const onB = sameOrganizationOn(b.url, onA);
    const remaining: string[] = [];
    for (const organization of [onA, onB, onA, onB, onA]) {
      const response = await organization.listCertificates();
      expect(response.status).toBe(200);
      expect(response.headers.get("ratelimit-limit")).toBe(String(QUOTA));
      remaining.push(response.headers.get("ratelimit-remaining")!);
    }
    expect(remaining).toEqual(["4", "3", "2", "1", "0"]);
    for (const organization of [onB, onA]) {
      const limited = await organization.listCertificates();
      expect(limited.status).toBe(429);
      expect(limited.json.error.code).toBe("rate_limited");
      expect(limited.json.error.request_id).toBe(limited.headers.get("request-id"));
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    }
  });

  it("page with a cursor from A on B, neither skipping nor repeating under writes through the other process", async () => {
    const organization = await createOrganization(a.url);
    const processes = [organization, sameOrganizationOn(b.url, organization)] as const;
    // At most QUOTA page reads: 12 certificates, pages of 5, one insert and one delete beside each of the first two.
    const result = await walkWithConcurrentWrites(organization, {
      seed: 12,
      limit: 5,
      steps: [
        { inserts: 1, deletes: [2] },
        { inserts: 1, deletes: [4] },
      ],
      readerOf: (page) => processes[page % 2]!,
      writerOf: (page) => processes[(page + 1) % 2]!,
    });
    expect(result.pages.length).toBeGreaterThanOrEqual(3);
    expect(result.pages.length).toBeLessThanOrEqual(QUOTA);
    expectConsistentWalk(result);
  });

  it("deliver each event once, whichever process published it and whichever holds the endpoint", async () => {
    const onA = await createOrganization(a.url);
    const onB = sameOrganizationOn(b.url, onA);
    const receiver = await startReceiver();
    const endpoint = await onA.addWebhookEndpoint(receiver.url);
    receiver.useSecret(endpoint.secret);
    expect((await onB.get("/_sandbox/webhook-endpoints")).json.items.map((item: { id: string }) => item.id)).toEqual([endpoint.id]);

    const request = await onB.newSigningRequest();
    const { json } = await onA.act(request.id, "accept");
    await onB.act(request.id, "enter_code", json.sent_code);
    const events = await receiver.waitFor((all) => all.length >= 3, "three events");
    expect(events.map((entry) => entry.event.type).sort()).toEqual([
      "signing_request.accepted",
      "signing_request.completed",
      "signing_request.created",
    ]);
    expect(receiver.rejected).toEqual([]);
    // Both engines poll the one queue; a claimed delivery is sent by one of them only.
    const deliveryIds = receiver.answers.map((answer) => answer.deliveryId);
    expect(new Set(deliveryIds).size).toBe(deliveryIds.length);
    // Either process lists the same attempts.
    // (An attempt is recorded once the receiver has answered it.)
    const attemptsOnA = await eventually(
      () => onA.attempts(endpoint.id),
      (attempts) => attempts.length >= 3,
      "three attempts",
    );
    const attemptsOnB = await onB.attempts(endpoint.id);
    expect(attemptsOnA.map((attempt) => attempt.id).sort()).toEqual(attemptsOnB.map((attempt) => attempt.id).sort());
    expect(attemptsOnA).toHaveLength(3);
  });
});
