// The Python runtime's validator (_validate.py, the standard library only) held to the
// TypeScript runtime's, which is ajv: the same schemas and bodies, the same mismatches (path,
// rule and message) in the same order. The bodies are made by fast-check from the network's
// point of view: mostly shaped as the schema says, with wrong types, missing and unknown
// members, integers written as floats, booleans where numbers go, and any JSON at all. The
// schemas cover every keyword the generator keeps (response-schemas.ts) and the order ajv
// reports them in.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { encodeUriFragment } from "@signing-platform/contract/openapi";
import { describe, expect, it } from "vitest";
import { responseCheck } from "../../client/src/runtime/validate/response-check.js";
import type { ResponseSchemas } from "../../client/src/runtime/validate/response-schemas.js";

const PYTHON = "/usr/bin/python3";
const runtime = fileURLToPath(new URL("../python-sdk/src/__package__/", import.meta.url));
const script = fileURLToPath(new URL("./python/validate_cases.py", import.meta.url));

const schemas: ResponseSchemas = {
  components: {
    schemas: {
      Item: {
        type: "object",
        required: ["id", "kind"],
        properties: {
          id: { allOf: [{ $ref: "#/components/schemas/Id" }] },
          kind: { enum: ["a", "b", 1] },
          "content-type": { type: "string", const: "json" },
          tags: { type: "array", items: { type: "string" } },
          size: { type: "integer" },
        },
      },
      Id: { type: "string" },
    },
  },
  responses: {
    "/items": {
      get: {
        "200": {
          type: "object",
          required: ["items", "cursor"],
          properties: {
            items: { type: "array", items: { $ref: "#/components/schemas/Item" } },
            cursor: { anyOf: [{ type: "string" }, { type: "null" }] },
            total: { type: ["integer", "null"] },
            ratio: { type: "number" },
            done: { type: "boolean", enum: [true] },
            meta: { type: ["object", "null"], required: ["at"], properties: { at: { type: "string" } } },
          },
        },
        "2XX": { type: "string" },
      },
    },
  },
};

/** Beside the sampled bodies: the schema of a status's class, and calls the document gives no schema for. */
const FIXED = [
  { method: "GET", path: "/items", status: 206, body: 5 },
  { method: "GET", path: "/items", status: 404, body: 5 },
  { method: "POST", path: "/items", status: 200, body: 5 },
  { method: "GET", path: "/elsewhere", status: 200, body: 5 },
];

/** The components as the Python SDK holds them (python-view.ts): by the `$ref` that names them. */
const byRef = (from: ResponseSchemas) =>
  Object.fromEntries(
    Object.entries(from.components.schemas).map(([name, schema]) => [encodeUriFragment(["components", "schemas", name]), schema]),
  );

const scalar = fc.oneof(
  fc.string({ maxLength: 3 }),
  fc.constantFrom("a", "b", "json", "x"),
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom(1, 1.0, 2.5, 0, -0, 1e21),
  fc.boolean(),
  fc.constant(null),
);
const anything = fc.oneof(scalar, fc.jsonValue({ maxDepth: 2 }));
const item = fc.record(
  {
    id: anything,
    kind: anything,
    "content-type": anything,
    tags: fc.oneof(fc.array(anything, { maxLength: 3 }), anything),
    size: anything,
    extra: anything,
  },
  { requiredKeys: [] },
);
const page = fc.record(
  {
    items: fc.oneof(fc.array(fc.oneof(item, anything), { maxLength: 3 }), anything),
    cursor: anything,
    total: anything,
    ratio: anything,
    done: anything,
    meta: fc.oneof(fc.record({ at: anything }, { requiredKeys: [] }), anything),
  },
  { requiredKeys: [] },
);
const body = fc.oneof({ weight: 4, arbitrary: page }, { weight: 1, arbitrary: anything });

describe("the Python runtime's validator", () => {
  it("names the same mismatches as the TypeScript runtime's, in the same order", async () => {
    // As the network gives them: JSON text, read by each runtime's own parser.
    const bodies = fc.sample(body, { numRuns: 1500, seed: 7 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
    const check = responseCheck(schemas);
    const typescript = await Promise.all(
      bodies.map(async (sent) => (await check("GET", "/items", 200, sent)).map(({ path, rule, message }) => [path, rule, message])),
    );
    const cases = [...bodies.map((sent) => ({ method: "GET", path: "/items", status: 200, body: sent })), ...FIXED];
    typescript.push(
      ...(await Promise.all(FIXED.map(async ({ method, path, status, body: sent }) => check(method, path, status, sent)))).map((found) =>
        found.map(({ path, rule, message }) => [path, rule, message]),
      ),
    );
    const python = spawnSync(PYTHON, [script], {
      input: JSON.stringify({ components: byRef(schemas), responses: schemas.responses, cases }),
      encoding: "utf8",
      env: { ...process.env, PYTHONPATH: runtime },
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(python.stderr).toBe("");
    const found = JSON.parse(python.stdout) as unknown[];
    cases.forEach((sent, index) => expect(found[index], JSON.stringify(sent)).toEqual(typescript[index]));
    expect(typescript.slice(-FIXED.length)).toEqual([[["$", "type", "must be string"]], [], [], []]);
    // The table is worth its runs: bodies that match, and each rule broken somewhere.
    const rules = new Set(typescript.flat().map(([, rule]) => rule));
    expect([...rules].sort()).toEqual(["anyOf", "const", "enum", "required", "type"]);
    expect(typescript.some((mismatches) => mismatches.length === 0)).toBe(true);
  }, 60_000);
});
