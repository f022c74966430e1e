import { describe, expect, it } from "vitest";
import { memoryEtagStore } from "../../src/index.js";

describe("memoryEtagStore", () => {
  it("keeps entries and drops the least recently used past maxEntries", () => {
    const store = memoryEtagStore({ maxEntries: 2 });
    store.set("a", { etag: '"a"', data: 1 });
    store.set("b", { etag: '"b"', data: 2 });
    expect(store.get("a")).toEqual({ etag: '"a"', data: 1 });
    store.set("c", { etag: '"c"', data: 3 });
    expect(store.get("b")).toBeUndefined();
    expect(store.get("a")).toBeDefined();
    expect(store.get("c")).toBeDefined();
    store.delete("a");
    expect(store.get("a")).toBeUndefined();
  });
});
