// src/statuses.ts against the interface document's own status table (Errors › HTTP
// statuses, "Retryable" column, and "408 is also safe to retry with backoff").
import { describe, expect, it } from "vitest";
import { interfaceTable } from "../../../test/support/generated.js";
import { isRetryableStatus, retryClassOfStatus } from "../src/statuses.js";

const rows = interfaceTable("HTTP statuses").map(([status, , retryable]) => [Number(status), retryable!] as const);

describe("isRetryableStatus", () => {
  it.each(rows)("%s (Retryable: %s)", (status, retryable) => {
    expect(isRetryableStatus(status)).toBe(/^(Yes|Once)/.test(retryable));
  });

  it.each([
    ["408, retried with backoff", 408, true],
    ["418, a status the document does not list", 418, false],
    ["599, an unlisted 5xx", 599, false],
  ])("%s", (_name, status, want) => {
    expect(isRetryableStatus(status)).toBe(want);
  });
});

describe("retryClassOfStatus", () => {
  it.each([
    [200, "not_applicable"],
    [304, "no"],
    [401, "once_after_refresh"],
    [408, "with_backoff"],
    [429, "after_retry_after"],
    [500, "with_same_idempotency_key"],
    [503, "after_retry_after"],
    [418, undefined],
  ])("%s → %s", (status, want) => {
    expect(retryClassOfStatus(status)).toBe(want);
  });
});
