// The operations of a document, path by path and method by method, each with where it is
// written: a path item or an operation written as a $ref is followed to it.
import { describe, expect, it } from "vitest";
import { BrokenRefError } from "../../src/openapi/broken-ref-error.js";
import { operationsOf } from "../../src/openapi/document-operations.js";

const list = { operationId: "listCertificates" };
const read = { operationId: "getCertificate" };
const document = {
  openapi: "3.1.0",
  paths: {
    "/certificates": { summary: "All", get: list, post: { operationId: "createCertificate" }, parameters: [], "x-note": {} },
    "/certificates/{id}": { $ref: "#/components/pathItems/Certificate" },
    "/moved": { get: { $ref: "#/components/pathItems/Certificate/get" } },
    "/all-methods": { get: {}, put: {}, post: {}, delete: {}, options: {}, head: {}, patch: {}, trace: {}, query: {} },
    "/not-an-item": "text",
  },
  webhooks: { "certificate.issued": { post: { operationId: "certificateIssued" } } },
  components: { pathItems: { Certificate: { get: read } } },
};

describe("operationsOf", () => {
  it("lists each operation with its path item and where both are written", () => {
    const [get, post, byId, moved] = operationsOf(document);
    expect(get).toEqual({
      root: "paths",
      path: "/certificates",
      method: "get",
      operation: list,
      pointer: "#/paths/~1certificates/get",
      pathItem: document.paths["/certificates"],
      pathItemPointer: "#/paths/~1certificates",
    });
    expect(post?.pointer).toBe("#/paths/~1certificates/post");
    expect(byId).toMatchObject({
      path: "/certificates/{id}",
      operation: read,
      pointer: "#/components/pathItems/Certificate/get",
      pathItemPointer: "#/components/pathItems/Certificate",
    });
    expect(moved).toMatchObject({
      path: "/moved",
      operation: read,
      pointer: "#/components/pathItems/Certificate/get",
      pathItemPointer: "#/paths/~1moved",
    });
  });

  it.each<[string, { given: unknown; want: string[] }]>([
    [
      "every method of HTTP_METHODS, in its order, and no other field",
      {
        given: { paths: { "/a": document.paths["/all-methods"] } },
        want: ["get", "put", "post", "delete", "options", "head", "patch", "trace"],
      },
    ],
    ["nothing for a document without paths", { given: { openapi: "3.1.0" }, want: [] }],
    ["nothing for a path item that is not an object", { given: { paths: { "/a": "text", "/b": null } }, want: [] }],
    ["nothing for a method whose value is not an object", { given: { paths: { "/a": { get: "text", post: null } } }, want: [] }],
    ["nothing for what is not a document", { given: "openapi: 3.1.0", want: [] }],
  ])("gives %s", (_name, { given, want }) => {
    expect(operationsOf(given).map(({ method }) => method)).toEqual(want);
  });

  it("lists the webhooks' operations when asked for them", () => {
    expect(operationsOf(document, { root: "webhooks" })).toEqual([
      {
        root: "webhooks",
        path: "certificate.issued",
        method: "post",
        operation: { operationId: "certificateIssued" },
        pointer: "#/webhooks/certificate.issued/post",
        pathItem: document.webhooks["certificate.issued"],
        pathItemPointer: "#/webhooks/certificate.issued",
      },
    ]);
  });

  it("leaves out, when told to skip them, the path items and operations it cannot follow", () => {
    const asWritten = { paths: { "/a": { $ref: "./paths/a.yaml" }, "/b": { get: { $ref: "#/nope" }, post: {} } } };
    expect(() => operationsOf(asWritten)).toThrow(BrokenRefError);
    expect(operationsOf(asWritten, { brokenRefs: "skip" }).map(({ method, path }) => `${method} ${path}`)).toEqual(["post /b"]);
  });

  it("refuses a path item whose $ref points to nothing", () => {
    expect(() => operationsOf({ paths: { "/a": { $ref: "#/components/pathItems/Nope" } } })).toThrow(
      new BrokenRefError("#/components/pathItems/Nope", "missing", "#/paths/~1a"),
    );
  });
});
