// generated/catalogue.json against the tables of the interface document itself, so that a
// code, status, event or limit missing or wrong in the spec fails here.
import { describe, expect, it } from "vitest";
import { interfaceTable, listOperations, loadCatalogue, loadOpenApi } from "../support/generated.js";

const catalogue = loadCatalogue();
const isStatus = (cell: string | undefined) => /^\d+$/.test(cell ?? "");

describe("error catalogue", () => {
  const sourceRows = interfaceTable("Error codes");

  // @trace has-every-code-of-the-interface-document
  it("has every code of the interface document, with the source's statuses and conditions", () => {
    // The count comes from the document's own table, so a code added there is a code missing here.
    expect(sourceRows.length).toBeGreaterThan(0);
    const fromSource = catalogue.errors.filter((entry: any) => entry.source === "interface");
    expect(fromSource.map((entry: any) => entry.code).sort()).toEqual(sourceRows.map(([code]) => code).sort());
    for (const [code, status, condition] of sourceRows) {
      const entry = catalogue.errors.find((candidate: any) => candidate.code === code);
      expect(entry, code).toBeDefined();
      expect(entry.status, code).toBe(/^\d+$/.test(status!) ? Number(status) : null);
      expect(entry.condition, code).toBe(condition);
    }
  });

  // @trace records-the-two-codes-the-source-gives-no-status
  it("records the codes the source gives no status as unspecified, with the status servers use", () => {
    const unspecified = catalogue.errors.filter((entry: any) => entry.status === null);
    const withoutStatus = sourceRows.filter(([, status]) => !isStatus(status)).map(([code]) => code);
    expect(withoutStatus.length).toBeGreaterThan(0);
    expect(unspecified.map((entry: any) => entry.code).sort()).toEqual(withoutStatus.sort());
    for (const entry of unspecified) {
      expect(entry.status_used_by_servers).toBe(422);
      expect(entry.status_note).toMatch(/answer it with 422/);
      expect(entry.retry).toBeNull();
    }
  });

  // 408 is named below the status table, and 431 is the one status beyond it
  // (docs/decisions.md#added-error-codes).
  it("marks every code it adds, and adds only codes for statuses the source lists without one, and 431", () => {
    const additions = catalogue.errors.filter((entry: any) => entry.source === "addition");
    expect(additions.length).toBeGreaterThan(0);
    const withCode = new Set(sourceRows.map(([, status]) => status));
    const errorStatuses = interfaceTable("HTTP statuses")
      .map(([status]) => status!)
      .filter((status) => /^[45]\d\d$/.test(status));
    const allowed = [...errorStatuses.filter((status) => !withCode.has(status)).map(Number), 408, 431];
    for (const entry of additions) {
      expect(allowed, `${entry.code} (${entry.status})`).toContain(entry.status);
      expect(entry.condition).toMatch(/^Addition:/);
    }
  });

  it("gives each code the retry class of its status", () => {
    const retryByStatus = new Map(catalogue.statuses.map((row: any) => [row.status, row.retry]));
    for (const entry of catalogue.errors.filter((candidate: any) => candidate.status !== null)) {
      expect(entry.retry, entry.code).toBe(retryByStatus.get(entry.status));
    }
  });

  // @trace records-the-explanation-window-fallback-to-polic
  it("records the explanation-window fallback to policy_rejected", () => {
    const fallbacks = catalogue.errors.filter((entry: any) => entry.fallback_code);
    expect(fallbacks.map((entry: any) => [entry.code, entry.fallback_code])).toEqual([
      ["explanation_window_required", "policy_rejected"],
      ["explanation_window_still_open", "policy_rejected"],
    ]);
  });

  // @trace names-for-each-code-the-operations-whose-respons
  it("names, for each code, the operations whose responses carry it", () => {
    const operations = listOperations(loadOpenApi()).map(({ operation }) => operation);
    for (const entry of catalogue.errors) {
      const carrying = operations.filter((operation) => operation["x-signing-platform-errors"].includes(entry.code));
      expect([...entry.operations].sort(), entry.code).toEqual(carrying.map((operation) => operation.operationId).sort());
    }
    expect(catalogue.errors.some((entry: any) => entry.operations.length > 0)).toBe(true);
  });
});

describe("status table", () => {
  // @trace has-every-status-of-the-interface-document-with
  it("has every status of the interface document with its retry class, and 408 and 431", () => {
    const rows = interfaceTable("HTTP statuses");
    const expectedRetry: Record<string, string> = {
      "n/a": "not_applicable",
      No: "no",
      "Once, after refreshing credentials": "once_after_refresh",
      "Yes, after Retry-After": "after_retry_after",
      "Yes, with the same idempotency key": "with_same_idempotency_key",
      "Yes, with backoff": "with_backoff",
    };
    for (const [status, meaning, retryable] of rows) {
      const row = catalogue.statuses.find((candidate: any) => candidate.status === Number(status));
      expect(row, status).toBeDefined();
      expect(row.retry, status).toBe(expectedRetry[retryable!]);
      expect(row.meaning.replace(/\.$/, "").startsWith(meaning!.replace(/\.$/, "")), status).toBe(true);
    }
    expect(catalogue.statuses.find((row: any) => row.status === 408)?.retry).toBe("with_backoff");
    expect(catalogue.statuses.find((row: any) => row.status === 431)?.retry).toBe("no");
    expect(catalogue.statuses).toHaveLength(rows.length + 2);
  });
});

describe("events", () => {
  // @trace has-every-event-type
  it("has every event type of the interface document with when it is emitted", () => {
    const rows = interfaceTable("Event types");
    expect(rows.length).toBeGreaterThan(0);
    expect(catalogue.events).toEqual(rows.map(([type, when]) => ({ type, emitted_when: when })));
  });
});

describe("limits", () => {
  // @trace has-the-limits-of-the-interface-document
  it("has the limits of the interface document", () => {
    expect(catalogue.limits).toMatchObject({
      webhook_acknowledgement_seconds: 10,
      webhook_timestamp_tolerance_seconds: 300,
      webhook_retry_window_seconds: 86_400,
      page_size_default: 25,
      page_size_minimum: 1,
      page_size_maximum: 100,
      idempotency_key_min_length: 16,
      idempotency_key_max_length: 128,
      idempotency_key_pattern: "^[A-Za-z0-9]{16,128}$",
    });
    expect(catalogue.limits.webhook_deduplication_window_seconds).toBeGreaterThanOrEqual(25 * 3600);
  });

  // @trace has-a-retry-schedule-that-starts-30-s
  it("has a retry schedule that starts 30 s, 1, 5, 15, 30 min, then waits 1 or 2 h, all within 24 h", () => {
    const schedule: number[] = catalogue.webhook_retry_schedule_seconds;
    expect(schedule.slice(0, 5)).toEqual([30, 60, 300, 900, 1800]);
    for (const delay of schedule.slice(5)) expect([3600, 7200]).toContain(delay);
    expect(schedule.slice(5)).toContain(3600);
    expect(schedule.slice(5)).toContain(7200);
    const lastAttemptAt = schedule.reduce((sum, delay) => sum + delay, 0);
    expect(lastAttemptAt).toBeLessThanOrEqual(catalogue.limits.webhook_retry_window_seconds);
    expect(lastAttemptAt + 7200).toBeGreaterThan(catalogue.limits.webhook_retry_window_seconds);
  });

  // @trace names-the-headers-once
  it("names the headers once, with the delivery headers under one prefix", () => {
    expect(catalogue.headers).toMatchObject({
      request_id: "Request-Id",
      rate_limit_limit: "RateLimit-Limit",
      rate_limit_remaining: "RateLimit-Remaining",
      rate_limit_reset: "RateLimit-Reset",
      retry_after: "Retry-After",
      entity_tag: "ETag",
      if_none_match: "If-None-Match",
      idempotency_key: "Idempotency-Key",
    });
    expect(catalogue.webhook_headers).toMatchObject({
      signature: "Service-Signature",
      event: "Service-Event",
      delivery: "Service-Delivery",
    });
  });

  it("is derived from the OpenAPI document, not typed twice", () => {
    const document = loadOpenApi();
    expect(catalogue.errors).toEqual(document["x-signing-platform-catalogue"].errors);
    expect(catalogue.events).toEqual(document["x-signing-platform-catalogue"].events);
    expect(catalogue.webhook_retry_schedule_seconds).toEqual(document["x-signing-platform-limits"].webhook_retry_schedule_seconds);
  });
});
