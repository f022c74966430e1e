// The readers keep a value of the right kind and drop anything else, whatever a document holds.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EXTENSIONS, readOperationExtensions, readRootExtensions } from "../src/index.js";

const idempotency = {
  header: "Idempotency-Key",
  required: true,
  pattern: "^[A-Za-z0-9]{16,128}$",
  min_length: 16,
  max_length: 128,
  scope: ["organization", "method", "path"],
};

describe("readRootExtensions", () => {
  it("reads each root extension the document carries as an object, and nothing else", () => {
    const read = readRootExtensions({
      openapi: "3.1.0",
      [EXTENSIONS.headers]: { request_id: "Request-Id" },
      [EXTENSIONS.limits]: { page_size_maximum: 100 },
      [EXTENSIONS.webhookHeaders]: ["not", "an", "object"],
      [EXTENSIONS.catalogue]: null,
    });
    expect(read).toEqual({ headers: { request_id: "Request-Id" }, limits: { page_size_maximum: 100 } });
  });

  it("reads nothing from a document that is not an object", () => {
    for (const document of [undefined, null, "openapi: 3.1.0", 42, []]) expect(readRootExtensions(document)).toEqual({});
  });

  it("never throws, and returns only objects, whatever JSON it is given", () => {
    const names = fc.constantFrom(...Object.values(EXTENSIONS), "openapi", "x-other");
    fc.assert(
      fc.property(fc.dictionary(names, fc.jsonValue()), (document) => {
        const read = readRootExtensions(document);
        for (const value of Object.values(read)) expect(typeof value === "object" && value !== null && !Array.isArray(value)).toBe(true);
      }),
    );
  });
});

describe("readOperationExtensions", () => {
  it("reads the errors, idempotency, pagination, conditional request and webhook of an operation", () => {
    const read = readOperationExtensions({
      operationId: "createEnrollment",
      [EXTENSIONS.errors]: ["conflict", 7, "bad_request"],
      [EXTENSIONS.idempotency]: idempotency,
      [EXTENSIONS.webhook]: "certificate.issued",
    });
    expect(read).toEqual({ errors: ["conflict", "bad_request"], idempotency, webhook: "certificate.issued" });
  });

  it("drops an extension of the wrong kind", () => {
    const read = readOperationExtensions({
      [EXTENSIONS.errors]: "conflict",
      [EXTENSIONS.pagination]: ["cursor"],
      [EXTENSIONS.conditionalRequest]: "If-None-Match",
      [EXTENSIONS.webhook]: { type: "certificate.issued" },
    });
    expect(read).toEqual({});
  });

  it("never throws, and keeps only strings in errors, whatever JSON it is given", () => {
    const names = fc.constantFrom(...Object.values(EXTENSIONS), "operationId");
    fc.assert(
      fc.property(fc.dictionary(names, fc.jsonValue()), (operation) => {
        const read = readOperationExtensions(operation);
        expect((read.errors ?? []).every((code) => typeof code === "string")).toBe(true);
        if (read.webhook !== undefined) expect(typeof read.webhook).toBe("string");
      }),
    );
  });
});
