// The entity-tag cache on the wire (etag-cache.ts; docs/decisions.md#entity-tags): a GET sends
// the tag kept for its URL in If-None-Match, a 304 that answers that tag stands for the kept
// body, a 200 with an ETag is kept, and a 404 or 410 forgets what was kept.
import type { NotModifiedResult, SuccessResult } from "../call-types.js";
import type { EtagCacheEntry, EtagStore } from "../etag-cache.js";
import type { ResponseMeta } from "../metadata.js";
import type { PreparedRequest } from "../prepare-request.js";

/** One GET's use of the cache: where its entry is kept, and the entry a 304 stands for. */
export interface Revalidation {
  store: EtagStore;
  key: string;
  /** The kept entry whose tag this GET sent; undefined when none was kept, or the caller sent a tag of their own. */
  kept: EtagCacheEntry | undefined;
}

/** Sends the tag kept for the GET's URL, unless the caller sent one of their own (`ifNoneMatch`: the header's lower-case name). */
export async function revalidate(store: EtagStore, request: PreparedRequest, ifNoneMatch: string): Promise<Revalidation> {
  const key = request.url;
  const kept = await store.get(key);
  // The prepared headers belong to this call, so they are completed in place.
  const headers = request.headers;
  if (kept && !(ifNoneMatch in headers)) headers[ifNoneMatch] = kept.etag;
  // A 304 stands for the kept body only when it answers the kept tag (not a caller's own).
  return { store, key, kept: kept && headers[ifNoneMatch] === kept.etag ? kept : undefined };
}

/** The result of a 304: a 304 has no body; the body is the one kept with the matching tag, else none. */
export function notModified(
  revalidation: Revalidation | undefined,
  response: Response,
  meta: ResponseMeta,
): SuccessResult<unknown> | NotModifiedResult {
  const kept = revalidation?.kept;
  if (kept) return { data: structuredClone(kept.data), response, meta: { ...meta, etag: meta.etag ?? kept.etag, fromCache: true } };
  return { notModified: true, response, meta };
}

/** Keeps the body of a 200 with its entity tag; resolves to `result` once it is kept. */
export function keep<Result>(revalidation: Revalidation, etag: string, data: unknown, result: Result): Promise<Result> {
  return Promise.resolve(revalidation.store.set(revalidation.key, { etag, data })).then(() => result);
}

/** Forgets the entry of a resource that is gone (404, 410); resolves to `result` once it is forgotten. */
export function forget<Result>(revalidation: Revalidation, result: Result): Promise<Result> {
  return Promise.resolve(revalidation.store.delete(revalidation.key)).then(() => result);
}
