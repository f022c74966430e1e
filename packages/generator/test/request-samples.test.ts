// The request samples of the API reference: a curl per operation that sends the credential
// the operation asks for, and none where it takes none (`security: []`, the operation's own or
// the document's).
import { describe, expect, it } from "vitest";
import { requestSamples } from "../src/index.js";

const ok = { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } };
const document = (security: unknown) => ({
  openapi: "3.1.0",
  info: { title: "Samples", version: "1" },
  ...(security === undefined ? {} : { security }),
  components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
  paths: {
    "/things": { get: { operationId: "things/list", tags: ["things"], responses: ok } },
    "/health": { get: { operationId: "health/check", tags: ["health"], security: [], responses: ok } },
  },
});
const curlOf = (doc: object, path: string) =>
  requestSamples(doc as never, { baseUrl: "http://127.0.0.1:4010", sdkName: "samples-sdk" })[path]?.get?.find(
    (sample) => sample.label === "curl",
  )?.source;

describe("requestSamples", () => {
  it.each([
    ["an operation of a document that asks for a bearer token", [{ bearer: [] }], "/things", true],
    ["an operation whose own security is empty", [{ bearer: [] }], "/health", false],
    ["an operation of a document whose security is empty", [], "/things", false],
  ])("%s (Authorization sent: %s)", (_name, security, path, sends) => {
    expect(curlOf(document(security), path)?.includes('-H "Authorization: Bearer $TOKEN"')).toBe(sends);
  });
});
