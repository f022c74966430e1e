// The x-signing-platform-* extensions that downstream generators act on (docs/spec.md,
// OpenAPI extensions): present where they apply, absent where not, and consistent with
// the rest of the document. Where they apply is a rule read from the built document (every
// write takes a key, every list pages), never a list of the operations there are today.
import { describe, expect, it } from "vitest";
import { EXTENSION_FIELDS, EXTENSIONS, readOperationExtensions, readRootExtensions } from "@signing-platform/contract";
import { listOperations, loadCatalogue, loadOpenApi, resolveRef } from "../support/generated.js";

const document = loadOpenApi();
const catalogue = loadCatalogue();
const operations = listOperations(document);
const byId = Object.fromEntries(operations.map((entry) => [entry.operation.operationId, entry.operation]));
const idsOf = (entries: typeof operations) => entries.map(({ operation }) => operation.operationId).sort();
const marked = (extension: string) => operations.filter(({ operation }) => operation[extension] !== undefined);

/** The schema of an operation's 200 body, its `$ref` followed. */
const okSchema = (operation: Record<string, any>) =>
  resolveRef(document, resolveRef(document, operation.responses["200"] ?? {}).content?.["application/json"]?.schema ?? {});

/** A page of a list (Endpoints, GET /certificates: "items (array), cursor (string), next (URL string)"). */
const isPage = (schema: Record<string, any>) =>
  schema.properties?.items?.type === "array" && "cursor" in (schema.properties ?? {}) && "next" in (schema.properties ?? {});

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
  // Endpoints › General rules: every POST, PUT and PATCH requires an Idempotency-Key.
  it("is on every POST, PUT and PATCH and on nothing else, with the header, pattern and bounds", () => {
    const writes = operations.filter(({ method }) => ["post", "put", "patch"].includes(method));
    expect(idsOf(writes)).toContain("createEnrollment");
    expect(idsOf(marked("x-signing-platform-idempotency"))).toEqual(idsOf(writes));
    for (const { operation } of writes) {
      expect(operation["x-signing-platform-idempotency"], operation.operationId).toEqual({
        header: catalogue.headers.idempotency_key,
        required: true,
        pattern: catalogue.limits.idempotency_key_pattern,
        min_length: catalogue.limits.idempotency_key_min_length,
        max_length: catalogue.limits.idempotency_key_max_length,
        scope: ["organization", "method", "path"],
      });
    }
  });
});

describe("x-signing-platform-pagination", () => {
  // @trace is-on-get-certificates-only
  it("is on GET /certificates and every other read whose answer is a page, naming the cursor, limit bounds, items and next fields", () => {
    const pages = operations.filter(({ method, operation }) => method === "get" && isPage(okSchema(operation)));
    expect(idsOf(pages)).toContain("listCertificates");
    expect(idsOf(marked("x-signing-platform-pagination"))).toEqual(idsOf(pages));
    for (const { operation } of pages) {
      expect(operation["x-signing-platform-pagination"], operation.operationId).toEqual({
        cursor_parameter: "cursor",
        limit_parameter: "limit",
        limit_default: catalogue.limits.page_size_default,
        limit_minimum: catalogue.limits.page_size_minimum,
        limit_maximum: catalogue.limits.page_size_maximum,
        items_field: "items",
        next_cursor_field: "cursor",
        next_url_field: "next",
      });
    }
  });
});

describe("x-signing-platform-conditional-request", () => {
  // Endpoints, GET /certificates/{id}; and every other single-resource read
  // (docs/decisions.md#other-additions): a GET of a path ending in its resource's id.
  it("is on the single-resource reads, GET /certificates/{id} among them", () => {
    const reads = operations.filter(
      ({ method, path, operation }) => method === "get" && /\/\{[^}]+\}$/.test(path) && !isPage(okSchema(operation)),
    );
    expect(idsOf(reads)).toContain("getCertificate");
    expect(idsOf(marked("x-signing-platform-conditional-request"))).toEqual(idsOf(reads));
    for (const { operation } of reads) {
      expect(operation["x-signing-platform-conditional-request"], operation.operationId).toEqual({
        request_header: catalogue.headers.if_none_match,
        response_header: catalogue.headers.entity_tag,
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
