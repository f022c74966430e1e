// The x-signing-platform-* extensions that downstream generators act on (docs/spec.md,
// OpenAPI extensions): present where they apply, absent where not, and consistent with
// the rest of the document.
import { describe, expect, it } from "vitest";
import { EXTENSION_FIELDS, EXTENSIONS, readOperationExtensions, readRootExtensions } from "@signing-platform/contract";
import { listOperations, loadCatalogue, loadOpenApi } from "../support/generated.js";

const document = loadOpenApi();
const catalogue = loadCatalogue();
const operations = listOperations(document);
const byId = Object.fromEntries(operations.map((entry) => [entry.operation.operationId, entry.operation]));

describe("x-signing-platform-errors", () => {
  it.each(operations.map((entry) => [entry.operation.operationId, entry]))(
    "%s lists catalogue codes, each under a response of its status",
    (_id, { operation }) => {
      const codes: string[] = operation["x-signing-platform-errors"];
      expect(codes.length).toBeGreaterThan(0);
      for (const code of codes) {
        const entry = catalogue.errors.find((candidate: any) => candidate.code === code);
        expect(entry, code).toBeDefined();
        const status = String(entry.status ?? entry.status_used_by_servers);
        expect(operation.responses[status], `${code} → ${status}`).toBeDefined();
      }
      for (const status of Object.keys(operation.responses).filter((s) => /^[45]/.test(s))) {
        const carried = codes.filter((code) => {
          const entry = catalogue.errors.find((candidate: any) => candidate.code === code);
          return String(entry.status) === status;
        });
        expect(carried.length, `${status} carries a code`).toBeGreaterThan(0);
      }
    },
  );

  // @trace gives-post-enrollments-its-enrollment-and-idempo
  it("gives POST /enrollments its enrollment and idempotency codes", () => {
    expect(byId.createEnrollment["x-signing-platform-errors"]).toEqual(
      expect.arrayContaining(["enrollment_identity_incomplete", "idempotency_key_reused", "conflict", "bad_request"]),
    );
  });
});

describe("x-signing-platform-idempotency", () => {
  it("is on POST /enrollments only, with the header, pattern and bounds", () => {
    const marked = operations.filter(({ operation }) => operation["x-signing-platform-idempotency"]);
    expect(marked.map(({ operation }) => operation.operationId)).toEqual(["createEnrollment"]);
    expect(byId.createEnrollment["x-signing-platform-idempotency"]).toEqual({
      header: "Idempotency-Key",
      required: true,
      pattern: "^[A-Za-z0-9]{16,128}$",
      min_length: 16,
      max_length: 128,
      scope: ["organization", "method", "path"],
    });
  });
});

describe("x-signing-platform-pagination", () => {
  // @trace is-on-get-certificates-only
  it("is on GET /certificates only, naming the cursor, limit bounds, items and next fields", () => {
    const marked = operations.filter(({ operation }) => operation["x-signing-platform-pagination"]);
    expect(marked.map(({ operation }) => operation.operationId)).toEqual(["listCertificates"]);
    expect(byId.listCertificates["x-signing-platform-pagination"]).toEqual({
      cursor_parameter: "cursor",
      limit_parameter: "limit",
      limit_default: 25,
      limit_minimum: 1,
      limit_maximum: 100,
      items_field: "items",
      next_cursor_field: "cursor",
      next_url_field: "next",
    });
  });
});

describe("x-signing-platform-conditional-request", () => {
  it("is on the single-resource reads, GET /certificates/{id} and GET /v1/signing-requests/{id}", () => {
    const marked = operations.filter(({ operation }) => operation["x-signing-platform-conditional-request"]);
    expect(marked.map(({ operation }) => operation.operationId).sort()).toEqual(["getCertificate", "getSigningRequest"]);
    for (const id of ["getCertificate", "getSigningRequest"]) {
      expect(byId[id]["x-signing-platform-conditional-request"]).toEqual({
        request_header: "If-None-Match",
        response_header: "ETag",
        not_modified_status: 304,
      });
    }
  });
});

describe("the extension contract (one typed module: EXTENSIONS and EXTENSION_FIELDS)", () => {
  it("names every extension the built document carries", () => {
    const names = new Set(Object.values(EXTENSIONS));
    const written = new Set(JSON.stringify(document).match(/x-signing-platform-[a-z-]+/g));
    for (const name of written) expect(names.has(name as never), name).toBe(true);
  });

  it("gives each object-valued extension of the document exactly its typed fields", () => {
    for (const { operation } of operations) {
      for (const key of ["idempotency", "pagination", "conditionalRequest"] as const) {
        const value = operation[EXTENSIONS[key]];
        if (value !== undefined)
          expect(Object.keys(value).sort(), `${operation.operationId} ${key}`).toEqual([...EXTENSION_FIELDS[key]].sort());
      }
    }
    expect(Object.keys(document[EXTENSIONS.headers]).sort()).toEqual([...EXTENSION_FIELDS.headers].sort());
    expect(Object.keys(document[EXTENSIONS.webhookHeaders]).sort()).toEqual([...EXTENSION_FIELDS.webhookHeaders].sort());
  });

  it("reads back, through the contract's readers, what the document carries", () => {
    const root = readRootExtensions(document);
    expect(root.headers).toEqual(document[EXTENSIONS.headers]);
    expect(root.webhookHeaders).toEqual(document[EXTENSIONS.webhookHeaders]);
    expect(root.limits?.idempotency_key_pattern).toBe(catalogue.limits.idempotency_key_pattern);
    expect(root.catalogue?.errors?.map((entry) => entry.code)).toEqual(catalogue.errors.map((entry: { code: string }) => entry.code));
    for (const { operation } of operations) {
      const read = readOperationExtensions(operation);
      expect(read.errors, operation.operationId).toEqual(operation[EXTENSIONS.errors]);
      expect(read.idempotency, operation.operationId).toEqual(operation[EXTENSIONS.idempotency]);
      expect(read.pagination, operation.operationId).toEqual(operation[EXTENSIONS.pagination]);
    }
  });
});
