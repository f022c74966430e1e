// The operations table the client acts on is read from the document's extensions, never
// typed by hand.
import { describe, expect, it } from "vitest";
import { limits } from "@signing-platform/types";
import { api } from "../../src/generated/api.js";
import { operationsFromOpenApi } from "../../src/runtime/index.js";

const { operations } = api;

describe("operationsFromOpenApi", () => {
  it("reads pagination, idempotency and conditional requests of this API", () => {
    expect(operations["/certificates"]?.get?.pagination).toMatchObject({
      cursor_parameter: "cursor",
      limit_maximum: limits.page_size_maximum,
      limit_minimum: limits.page_size_minimum,
      items_field: "items",
    });
    expect(operations["/enrollments"]?.post?.idempotency?.pattern).toBe(limits.idempotency_key_pattern);
    expect(operations["/certificates/{id}"]?.get?.conditionalRequest?.not_modified_status).toBe(304);
    expect(operations["/v1/signing-requests/{id}"]?.get?.pagination).toBeUndefined();
  });

  it("gives an empty table for a document without paths", () => {
    expect(operationsFromOpenApi({})).toEqual({});
  });
});
