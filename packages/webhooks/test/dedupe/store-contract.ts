// The claim → complete | release contract every deduplication store keeps; run against the
// memory store and against a real redis-server.
import { expect, it } from "vitest";
import type { EventDeduplicationStore } from "../../src/dedupe/event-deduplication-store.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Claims and returns the token, failing the test when the claim is not granted. */
async function claimToken(store: EventDeduplicationStore, id: string, leaseMs: number): Promise<string> {
  const claim = await store.claim(id, leaseMs);
  expect(claim.status).toBe("claimed");
  return claim.status === "claimed" ? claim.token : "";
}

export function storeContract(makeStore: () => EventDeduplicationStore, unique: () => string) {
  it("claims an unknown id once; a second claim sees it in progress", async () => {
    const store = makeStore();
    const id = unique();
    const first = await store.claim(id, 60_000);
    expect(first.status).toBe("claimed");
    expect(await store.claim(id, 60_000)).toEqual({ status: "processing" });
  });

  it("remembers a completed id as processed", async () => {
    const store = makeStore();
    const id = unique();
    await store.complete(id, await claimToken(store, id, 60_000), 60_000);
    expect(await store.claim(id, 60_000)).toEqual({ status: "processed" });
  });

  it("forgets a released claim, so a redelivery runs the handler again", async () => {
    const store = makeStore();
    const id = unique();
    await store.release(id, await claimToken(store, id, 60_000));
    expect((await store.claim(id, 60_000)).status).toBe("claimed");
  });

  it("does not let a stale token release a newer claim or a processed mark", async () => {
    const store = makeStore();
    const id = unique();
    const first = await claimToken(store, id, 30);
    await sleep(60);
    const second = await claimToken(store, id, 60_000);
    await store.release(id, first);
    expect(await store.claim(id, 60_000)).toEqual({ status: "processing" });
    await store.complete(id, second, 60_000);
    await store.release(id, first);
    expect(await store.claim(id, 60_000)).toEqual({ status: "processed" });
  });

  it("lets a claim lapse after its lease (a crashed receiver does not hold an event forever)", async () => {
    const store = makeStore();
    const id = unique();
    await store.claim(id, 30);
    await sleep(60);
    expect((await store.claim(id, 60_000)).status).toBe("claimed");
  });

  it("forgets a processed id after the window", async () => {
    const store = makeStore();
    const id = unique();
    await store.complete(id, await claimToken(store, id, 60_000), 30);
    await sleep(60);
    expect((await store.claim(id, 60_000)).status).toBe("claimed");
  });

  it("gives exactly one of many concurrent claims", async () => {
    const store = makeStore();
    const id = unique();
    const results = await Promise.all(Array.from({ length: 25 }, () => store.claim(id, 60_000)));
    expect(results.filter((result) => result.status === "claimed")).toHaveLength(1);
  });
}
