// Which outcomes an idempotency key keeps (docs/decisions.md#idempotency-keys):
//   stored and replayed for 24 h: what the operation itself produced — 2xx, and 4xx such
//   as a 409 state conflict or a 422 policy rejection;
//   not stored: rejections before the operation runs (401, 403, 400 schema failures, 413,
//   415, 429; and 414 and 431, refused as early) and every 5xx, so a 500 retried with the same
//   key runs again.
// Schema failures never reach the operation (validation runs before the key is claimed);
// the others are listed here because a handler may also answer them.
const NEVER_STORED: ReadonlySet<number> = new Set([401, 403, 413, 414, 415, 429, 431]);

export function isStoredOutcome(status: number): boolean {
  if (status >= 200 && status < 300) return true;
  return status >= 400 && status < 500 && !NEVER_STORED.has(status);
}
