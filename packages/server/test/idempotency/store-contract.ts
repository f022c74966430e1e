// What every IdempotencyStore must do; run against the memory store and a real Redis.
import { expect, it } from "vitest";
import type { IdempotencyStore } from "../../src/index.js";

const response = { status: 201, headers: { location: "/enrollments/enr_1" }, body: '{"id":"enr_1"}' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function idempotencyStoreContract(store: () => IdempotencyStore): void {
  it("claims a new key once, and shows the claim to the next caller as in flight", async () => {
    const key = `k${Math.random()}`;
    const first = await store().claim(key, "f1", 10_000);
    expect(first.claimed).toBe(true);
    expect(await store().claim(key, "f2", 10_000)).toEqual({ claimed: false, record: { state: "in_flight", fingerprint: "f1" } });
  });

  it("lets exactly one of many concurrent claims win", async () => {
    const key = `k${Math.random()}`;
    const results = await Promise.all(Array.from({ length: 50 }, () => store().claim(key, "f", 10_000)));
    expect(results.filter((result) => result.claimed)).toHaveLength(1);
  });

  it("keeps the completed outcome for the owner of the claim only", async () => {
    const key = `k${Math.random()}`;
    const claim = await store().claim(key, "f", 10_000);
    if (!claim.claimed) throw new Error("not claimed");
    await store().complete(key, "someone-else", { fingerprint: "f", response: { ...response, status: 500 } }, 10_000);
    await store().complete(key, claim.token, { fingerprint: "f", response }, 10_000);
    expect(await store().claim(key, "f", 10_000)).toEqual({ claimed: false, record: { state: "completed", fingerprint: "f", response } });
  });

  it("frees a released key, but not for a stranger's release", async () => {
    const key = `k${Math.random()}`;
    const claim = await store().claim(key, "f", 10_000);
    if (!claim.claimed) throw new Error("not claimed");
    await store().release(key, "someone-else");
    expect((await store().claim(key, "f", 10_000)).claimed).toBe(false);
    await store().release(key, claim.token);
    expect((await store().claim(key, "f", 10_000)).claimed).toBe(true);
  });

  it("forgets a claim when its lease ends, and an outcome when its window ends", async () => {
    const leased = `k${Math.random()}`;
    await store().claim(leased, "f", 40);
    const done = `k${Math.random()}`;
    const claim = await store().claim(done, "f", 10_000);
    if (!claim.claimed) throw new Error("not claimed");
    await store().complete(done, claim.token, { fingerprint: "f", response }, 40);
    await sleep(80);
    expect((await store().claim(leased, "f", 10_000)).claimed).toBe(true);
    expect((await store().claim(done, "f", 10_000)).claimed).toBe(true);
  });
}
