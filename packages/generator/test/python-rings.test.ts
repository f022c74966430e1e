// Models that name each other in a large, dense ring, as Stripe's objects do ("an id, or the
// object when expanded"): mypy unrolls a TypedDict along every path of references to tell whether
// it is recursive, and over such a ring it would not finish. The generator cuts a ring whose
// paths pass a budget, its id-or-object references first (the id stays typed), and leaves small
// rings (a tree's node and its children) as the document says. Methods return the response's
// body as their model without cast(), which mypy would check by comparing the model with itself.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { generateSdk } from "../src/index.js";
import { cutCostlyRings } from "../src/python/python-rings.js";
import type { PythonModel } from "../src/python/python-shapes.js";
import { MYPY_STRICT } from "./python/mypy.mjs";

const PYTHON = "/usr/bin/python3";
const pyright = fileURLToPath(new URL("../../../node_modules/pyright/index.js", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "python-rings-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const NAMES = ["Account", "Charge", "Customer", "Invoice", "Payout", "Refund", "Dispute", "Transfer", "Order", "Quote", "Review", "Topup"];

/** Each object names every other by id or, expanded, as the object itself, and lists charges. */
const ringSchemas = Object.fromEntries(
  NAMES.map((name) => [
    name,
    {
      type: "object",
      required: ["id"],
      properties: {
        id: { type: "string" },
        // A list of models: mypy asks whether its item type is recursive.
        related: { type: "array", items: { $ref: "#/components/schemas/Charge" } },
        ...Object.fromEntries(
          NAMES.filter((other) => other !== name).map((other) => [
            other.toLowerCase(),
            { anyOf: [{ type: "string" }, { $ref: `#/components/schemas/${other}` }], nullable: true },
          ]),
        ),
      },
    },
  ]),
);

const document = {
  openapi: "3.0.3",
  info: { title: "Rings", version: "1.0.0" },
  paths: {
    "/charges/{id}": {
      get: {
        operationId: "charges/get",
        tags: ["charges"],
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: { "200": { description: "ok", content: { "application/json": { schema: { $ref: "#/components/schemas/Charge" } } } } },
      },
    },
    "/nodes": {
      get: {
        operationId: "nodes/list",
        tags: ["nodes"],
        responses: { "200": { description: "ok", content: { "application/json": { schema: { $ref: "#/components/schemas/Node" } } } } },
      },
    },
  },
  components: {
    schemas: {
      ...ringSchemas,
      Node: {
        type: "object",
        properties: {
          parent: { anyOf: [{ type: "string" }, { $ref: "#/components/schemas/Node" }] },
          children: { type: "array", items: { $ref: "#/components/schemas/Node" } },
        },
      },
    },
  },
};

const run = (command: string, args: string[], cwd: string) => {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", timeout: 180_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
};

describe("rings of models in the Python SDK", () => {
  it("cuts the id-or-object references of a dense ring and keeps small rings", () => {
    const models: PythonModel[] = [
      ...NAMES.map(
        (name): PythonModel => ({
          name,
          kind: "typed-dict",
          fields: NAMES.filter((other) => other !== name).map((other) => ({
            key: other.toLowerCase(),
            type: `str | ${other} | None`,
            required: false,
          })),
        }),
      ),
      {
        name: "Node",
        kind: "typed-dict",
        fields: [
          { key: "parent", type: "str | Node", required: false },
          { key: "children", type: "list[Node]", required: false },
        ],
      },
      { name: "Page", kind: "typed-dict", fields: [{ key: "data", type: "list[Charge | Node]", required: true }] },
    ];
    expect(cutCostlyRings(models)).toBe(true);
    const fields = (name: string) => (models.find((model) => model.name === name) as Extract<PythonModel, { kind: "typed-dict" }>).fields;
    expect(fields("Charge").map((field) => field.type)).toEqual(
      NAMES.filter((other) => other !== "Charge").map(() => "str | dict[str, Any] | None"),
    );
    expect(fields("Node").map((field) => field.type)).toEqual(["str | Node", "list[Node]"]);
    // A model outside the ring still names the ring's models.
    expect(fields("Page").map((field) => field.type)).toEqual(["list[Charge | Node]"]);
    // Once cut, nothing is left to cut.
    expect(cutCostlyRings(models)).toBe(false);
  });

  it("writes a package mypy --strict checks in seconds, and pyright strict accepts", async () => {
    const dir = join(scratch, "rings_sdk");
    await generateSdk({ input: "rings.yaml", document: document as never, outDir: dir, name: "rings_sdk", language: "python" });
    const models = readFileSync(join(dir, "src", "rings_sdk", "models.py"), "utf8");
    expect(models).toContain('"customer": NotRequired["str | dict[str, Any] | None"]');
    expect(models).toContain("in a ring too large for mypy to check");
    expect(models).toContain('"related": NotRequired["list[Charge]"]');
    expect(models).toContain('"children": NotRequired["list[Node]"]');
    const api = readFileSync(join(dir, "src", "rings_sdk", "_api.py"), "utf8");
    expect(api).not.toMatch(/return cast\(/);
    expect(api).toContain("def retrieve(");
    expect(api).toMatch(/\) -> models\.Charge:/);
    const mypy = run(PYTHON, [...MYPY_STRICT, "-p", "rings_sdk"], join(dir, "src"));
    expect(mypy.status, mypy.output).toBe(0);
    expect(mypy.output).toMatch(/^Success/);
    writeFileSync(
      join(dir, "pyrightconfig.json"),
      JSON.stringify({ typeCheckingMode: "strict", pythonVersion: "3.11", include: ["src/rings_sdk"] }),
    );
    // Debian's python3 and its packages: httpx, which the SDK's AsyncClient is typed against.
    const checked = run(process.execPath, [pyright, "--pythonpath", PYTHON, "-p", "pyrightconfig.json"], dir);
    expect(checked.output).toContain("0 errors");
  }, 400_000);
});
