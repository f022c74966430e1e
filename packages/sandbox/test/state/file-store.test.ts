// The file store read back after a close: what each store wrote is what the next open
// sees, writes raced by concurrent callers end as the memory did, and the limits of memory
// (attempts per endpoint, the idempotency window) hold on disk too.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { AttemptRecord, DeliveryRecord } from "@signing-platform/webhooks/delivery";
import { openFileStore, StateStoreError } from "../../src/state/file-store.js";

const folders: string[] = [];
function folder(): string {
  const made = mkdtempSync(join(tmpdir(), "signing-platform-store-"));
  folders.push(made);
  return made;
}
afterAll(() => {
  for (const made of folders) rmSync(made, { recursive: true, force: true });
});

const certificate = (id: string) => ({ id, organizationId: "org_1", status: "active" as const, created_at: "2026-01-01T00:00:00Z" });
const attempt = (id: string, startedAt: number): AttemptRecord => ({
  id,
  deliveryId: "dl_1",
  endpointId: "we_1",
  eventId: "evt_1",
  eventType: "ping",
  attempt: 1,
  url: "http://127.0.0.1:9/webhooks",
  request: { headers: {}, body: "{}" },
  startedAt,
  durationMs: 1,
  status: 500,
  responseBodyExcerpt: null,
  error: null,
  outcome: "failed",
  nextAttemptAt: null,
});

describe("the file store", () => {
  it("gives a certificate made after a restart a sequence after every one before, removed ones too", async () => {
    const dir = folder();
    const first = await openFileStore(dir);
    await first.state.addCertificate(certificate("cert_1"));
    await first.state.addCertificate(certificate("cert_2"));
    expect(await first.state.removeCertificate("org_1", "cert_2")).toBe(true);
    await first.close();

    const second = await openFileStore(dir);
    expect((await second.state.certificatesAfter("org_1", null, 10)).map((record) => record.id)).toEqual(["cert_1"]);
    expect((await second.state.addCertificate(certificate("cert_3"))).sequence).toBe(3);
    await second.close();
  });

  it("ends with the last of many concurrent changes to one record", async () => {
    const dir = folder();
    const first = await openFileStore(dir);
    await first.state.put("organization", "org_1", { id: "org_1", applicationId: "app_1", capabilities: [], createdAt: "" });
    await Promise.all(
      Array.from({ length: 200 }, () =>
        first.state.update("organization", "org_1", (current) => ({ ...current, capabilities: [...current.capabilities, "x"] })),
      ),
    );
    await first.close();
    const second = await openFileStore(dir);
    expect((await second.state.get("organization", "org_1"))?.capabilities).toHaveLength(200);
    await second.close();
  });

  it("keeps an endpoint's newest attempts up to the limit", async () => {
    const dir = folder();
    const first = await openFileStore(dir, { maxAttemptsPerEndpoint: 3 });
    for (let index = 1; index <= 5; index++) await first.deliveries.recordAttempt(attempt(`att_${index}`, index));
    await first.close();
    const second = await openFileStore(dir, { maxAttemptsPerEndpoint: 3 });
    expect((await second.deliveries.listAttempts("we_1", 10)).map((record) => record.id)).toEqual(["att_5", "att_4", "att_3"]);
    await second.close();
  });

  it("keeps pending deliveries and those an attempt names, and drops the rest at start", async () => {
    const dir = folder();
    const first = await openFileStore(dir);
    const delivery = (id: string, status: DeliveryRecord["status"]): DeliveryRecord => ({
      id,
      eventId: `evt_${id}`,
      eventType: "ping",
      endpointId: "we_1",
      body: "{}",
      status,
      attempts: 0,
      createdAt: 1,
      firstAttemptAt: null,
      lastAttemptAt: null,
      nextAttemptAt: status === "pending" ? 1 : null,
    });
    await first.deliveries.enqueue([delivery("dl_1", "pending"), delivery("dl_2", "succeeded"), delivery("dl_3", "canceled")]);
    await first.deliveries.recordAttempt({ ...attempt("att_1", 1), deliveryId: "dl_2" });
    await first.close();
    const second = await openFileStore(dir);
    expect((await second.deliveries.getDelivery("dl_1"))?.status).toBe("pending");
    expect((await second.deliveries.getDelivery("dl_2"))?.status).toBe("succeeded");
    expect(await second.deliveries.getDelivery("dl_3")).toBeNull();
    expect(await second.deliveries.nextDueAt()).toBe(1);
    await second.close();
  });

  it("replays an idempotency outcome within its window, and forgets it after", async () => {
    const dir = folder();
    const first = await openFileStore(dir);
    const response = { status: 201, headers: { "content-type": "application/json" }, body: "{}" };
    for (const [key, ttl] of [
      ["kept", 60_000],
      ["lapsed", 1],
    ] as const) {
      const claim = await first.idempotency.claim(key, "fingerprint", 1000);
      if (!claim.claimed) throw new Error("not claimed");
      await first.idempotency.complete(key, claim.token, { fingerprint: "fingerprint", response }, ttl);
    }
    await first.close();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await openFileStore(dir);
    expect(await second.idempotency.claim("kept", "fingerprint", 1000)).toEqual({
      claimed: false,
      record: { state: "completed", fingerprint: "fingerprint", response },
    });
    expect((await second.idempotency.claim("lapsed", "fingerprint", 1000)).claimed).toBe(true);
    await second.close();
  });

  it("starts afresh with reset, and refuses a second opener of one folder", async () => {
    const dir = folder();
    const first = await openFileStore(dir);
    await first.state.saveToken("sbx_1", "org_1");
    await expect(openFileStore(dir)).rejects.toThrow(StateStoreError);
    await first.close();
    const reset = await openFileStore(dir, { reset: true });
    expect(await reset.state.organizationOfToken("sbx_1")).toBeNull();
    await reset.close();
  });
});
