// What the client reads of an API: this API's conventions from its extensions, and HTTP's
// defaults for a document that states none.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { catalogue, headerNames, limits } from "@signing-platform/types";
import { conventionsFromOpenApi, describeApi, HTTP_CONVENTIONS } from "../../src/runtime/index.js";

const document = YAML.parse(readFileSync(new URL("../../../../generated/openapi.yaml", import.meta.url), "utf8"));

describe("conventionsFromOpenApi", () => {
  it("reads this API's header names, key pattern, error codes and retry classes from its document", () => {
    const conventions = conventionsFromOpenApi(document);
    expect(conventions).toMatchObject({
      source: "extensions",
      headers: {
        requestId: [headerNames.request_id],
        idempotencyKey: headerNames.idempotency_key,
        rateLimitReset: headerNames.rate_limit_reset,
      },
      idempotencyKeyOnEveryWrite: true,
      idempotencyKeyPattern: limits.idempotency_key_pattern,
    });
    expect(Object.keys(conventions.errorCodes ?? {}).sort()).toEqual(catalogue.errors.map((entry) => entry.code).sort());
    expect(conventions.errorCodes?.explanation_window_required?.fallbackCode).toBe("policy_rejected");
    for (const entry of catalogue.statuses) expect(conventions.retryByStatus[entry.status], String(entry.status)).toBe(entry.retry);
  });

  it("gives HTTP's defaults to a document without the extensions", () => {
    const plain = { openapi: "3.1.0", info: { title: "x", version: "1" }, paths: {} };
    expect(conventionsFromOpenApi(plain)).toBe(HTTP_CONVENTIONS);
    expect(HTTP_CONVENTIONS.idempotencyKeyOnEveryWrite).toBe(false);
    expect(HTTP_CONVENTIONS.errorCodes).toBeUndefined();
    expect(Object.keys(HTTP_CONVENTIONS.retryByStatus).map(Number)).toEqual([401, 408, 429, 502, 503, 504]);
    expect(describeApi(plain)).toEqual({ operations: {}, conventions: HTTP_CONVENTIONS });
  });
});
