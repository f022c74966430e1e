// The entity-tag cache on the wire (docs/decisions.md#entity-tags): the kept tag in
// If-None-Match, a 304 that answers it standing for the kept body, a caller's own tag left as
// it is.
import { describe, expect, it } from "vitest";
import { memoryEtagStore } from "../../../src/runtime/etag-cache.js";
import type { ResponseMeta } from "../../../src/runtime/metadata.js";
import { forget, keep, notModified, revalidate } from "../../../src/runtime/transport/etag-revalidation.js";
import { preparedRequest } from "./support.js";

const URL = "https://api.example.test/certificates/cert_1";
const meta: ResponseMeta = {
  requestId: "req_1",
  rateLimit: undefined,
  etag: undefined,
  idempotencyKey: undefined,
  attempts: 1,
  fromCache: false,
};

function storeWith(etag: string, data: unknown) {
  const store = memoryEtagStore();
  store.set(URL, { etag, data });
  return store;
}

describe("revalidate", () => {
  it.each<[string, { kept?: string; sent?: string; want: { header: string | undefined; standsForKept: boolean } }]>([
    ["nothing kept: no tag sent", { want: { header: undefined, standsForKept: false } }],
    ["a tag kept: sent, and a 304 stands for the kept body", { kept: '"e1"', want: { header: '"e1"', standsForKept: true } }],
    [
      "the caller's own tag: left as it is, and a 304 answers the caller",
      { kept: '"e1"', sent: '"mine"', want: { header: '"mine"', standsForKept: false } },
    ],
    [
      "the caller's own tag, the kept one: a 304 stands for the kept body",
      { kept: '"e1"', sent: '"e1"', want: { header: '"e1"', standsForKept: true } },
    ],
  ])("%s", async (_name, { kept, sent, want }) => {
    const store = kept === undefined ? memoryEtagStore() : storeWith(kept, { id: "cert_1" });
    const request = preparedRequest({ headers: sent === undefined ? {} : { "if-none-match": sent } });
    const revalidation = await revalidate(store, request, "if-none-match");
    expect({ header: request.headers["if-none-match"], standsForKept: revalidation.kept !== undefined }).toEqual(want);
    expect(revalidation.key).toBe(URL);
  });
});

describe("notModified", () => {
  it("answers a 304 with a copy of the kept body, from the cache", async () => {
    const data = { id: "cert_1", state: "active" };
    const revalidation = await revalidate(storeWith('"e1"', data), preparedRequest({ headers: {} }), "if-none-match");
    const result = notModified(revalidation, new Response(null, { status: 304 }), meta);
    expect(result).toMatchObject({ data, meta: { etag: '"e1"', fromCache: true } });
    expect(result.data).not.toBe(data);
  });

  it("answers a 304 for which nothing is kept as notModified", () => {
    expect(notModified(undefined, new Response(null, { status: 304 }), meta)).toMatchObject({ notModified: true, meta });
  });
});

describe("keep and forget", () => {
  it("keep the body of a 200 with its tag, and forget it once the resource is gone", async () => {
    const store = memoryEtagStore();
    const revalidation = await revalidate(store, preparedRequest({ headers: {} }), "if-none-match");
    expect(await keep(revalidation, '"e2"', { id: "cert_1" }, "kept")).toBe("kept");
    expect(store.get(URL)).toEqual({ etag: '"e2"', data: { id: "cert_1" } });
    expect(await forget(revalidation, "forgotten")).toBe("forgotten");
    expect(store.get(URL)).toBeUndefined();
  });
});
