import { describe, expect, it } from "vitest";
import { createMemoryEventStore } from "../../src/dedupe/memory-event-store.js";
import { storeContract } from "./store-contract.js";

let counter = 0;
describe("createMemoryEventStore", () => {
  storeContract(
    () => createMemoryEventStore(),
    () => `evt_memory_${counter++}`,
  );

  it("remembers a processed id for exactly the window it is given, by its clock (25 h)", async () => {
    let time = 0;
    const store = createMemoryEventStore({ now: () => time });
    const claim = await store.claim("evt_1", 1000);
    if (claim.status !== "claimed") throw new Error("not claimed");
    await store.complete("evt_1", claim.token, 25 * 3600 * 1000);
    time = 25 * 3600 * 1000 - 1;
    expect(await store.claim("evt_1", 1000)).toEqual({ status: "processed" });
    time = 25 * 3600 * 1000;
    expect((await store.claim("evt_1", 1000)).status).toBe("claimed");
  });

  it("is bounded: past maxEntries, expired entries go first, then the oldest", async () => {
    let time = 0;
    const store = createMemoryEventStore({ maxEntries: 3, now: () => time });
    await store.claim("evt_short", 10);
    await store.claim("evt_a", 1000);
    await store.claim("evt_b", 1000);
    time = 20;
    await store.claim("evt_c", 1000); // evt_short expired: removed, nothing live is dropped
    expect(await store.claim("evt_a", 1000)).toEqual({ status: "processing" });
    await store.claim("evt_d", 1000); // full of live entries: the oldest (evt_a) goes
    expect(await store.claim("evt_b", 1000)).toEqual({ status: "processing" });
    expect((await store.claim("evt_a", 1000)).status).toBe("claimed");
  });
});
