// Names that never break or stutter: schemas of any name (reserved words, TypeScript's globals,
// accents, digits) become PascalCase types that compile, settled the same way whatever the
// order of the schemas; a method drops its resource's name (`sdk.repos.listForOrg`); a body
// property with a default may be left out; a path item or operation written as a `$ref` is
// followed; a Swagger 2.0 document is refused with the command that converts it.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { GeneratorInputError, generate, generateSdk } from "../src/index.js";
import { buildSdkModel } from "../src/sdk-model.js";
import { typePrefix } from "../src/typescript/typescript-names.js";
import { schemaTypeNames, typeName } from "../src/type-names.js";
import { compileProject } from "../../../test/support/typescript-project.js";
import { anyDocumentWithSchemas } from "./any-document.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "generator-names-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const ok = { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } };

describe("typeName", () => {
  it.each([
    ["blob", "BlobModel"],
    ["File", "FileModel"],
    ["Record", "RecordModel"],
    ["response", "ResponseModel"],
    ["import", "Import"],
    ["class", "Class"],
    ["pet-item", "PetItem"],
    ["HTTPError", "HTTPError"],
    ["été", "Ete"],
    ["1st", "_1st"],
    ["日本", "Schema"],
    ["ApiError", "ApiErrorModel"],
  ])("%s → %s", (schema, expected) => expect(typeName(schema)).toBe(expected));

  it("is a PascalCase identifier for any name", () => {
    fc.assert(
      fc.property(fc.string(), (schema) => {
        expect(typeName(schema)).toMatch(/^(_[0-9]|[A-Z])[A-Za-z0-9]*$/);
      }),
    );
  });

  it("gives distinct names, the same whatever the order of the schemas", () => {
    fc.assert(
      fc.property(
        fc
          .uniqueArray(fc.oneof(fc.constantFrom("pet", "Pet", "pet_", "Pet2", "blob", "BlobModel", "import"), fc.string()), {
            maxLength: 8,
          })
          .chain((names) => fc.tuple(fc.constant(names), fc.shuffledSubarray(names, { minLength: names.length }))),
        ([names, shuffled]) => {
          const one = schemaTypeNames(names, ["PetsListResponse"]);
          const other = schemaTypeNames(shuffled, ["PetsListResponse"]);
          expect(new Set(one.values()).size).toBe(names.length);
          expect([...one.values()]).not.toContain("PetsListResponse");
          for (const name of names) expect(other.get(name)).toBe(one.get(name));
        },
      ),
    );
    expect([...schemaTypeNames(["pet", "Pet", "Pet2"])]).toEqual([
      ["pet", "Pet3"],
      ["Pet", "Pet"],
      ["Pet2", "Pet2"],
    ]);
  });
});

describe("method names", () => {
  const model = buildSdkModel({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/orgs/{org}/repos": { get: { operationId: "repos/list-for-org", tags: ["repos"], responses: ok } },
      "/repositories/{owner}/{repo}": { get: { operationId: "repos/get", tags: ["repos"], responses: ok } },
      "/user/repos": { get: { operationId: "repos/list", tags: ["repos"], responses: ok } },
      "/repos": { get: { operationId: "list", tags: ["repos"], responses: ok } },
      "/animals": { get: { operationId: "petSearch", tags: ["pets"], responses: ok } },
      "/add-ons/apps": { get: { operationId: "addons_get_app", tags: ["Add-Ons"], responses: ok } },
    },
  });
  const byPath = (path: string) => model.operations.find((operation) => operation.path === path)!;

  it("drop the resource's name in front", () => {
    expect(byPath("/orgs/{org}/repos").methodName).toBe("listForOrg");
    expect(typePrefix(byPath("/orgs/{org}/repos"))).toBe("ReposListForOrg");
    expect(byPath("/repositories/{owner}/{repo}").methodName).toBe("get");
    // Its singular too.
    expect(byPath("/animals").methodName).toBe("search");
    // Whatever the case of its words.
    expect(byPath("/add-ons/apps").methodName).toBe("getApp");
  });

  it("keep it where the shorter name is another operation's", () => {
    expect(byPath("/user/repos").methodName).toBe("reposList");
    expect(byPath("/repos").methodName).toBe("list");
  });
});

/** An SDK of `document` with `usage` beside its modules, compiled by tsc --strict: its errors. */
async function compiled(document: object, usage: string): Promise<{ errors: string; dir: string }> {
  const dir = join(scratch, String(Math.random()).slice(2));
  await generateSdk({ input: "names.yaml", document: document as never, outDir: dir, name: "names-sdk" });
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
  writeFileSync(join(dir, "src", "usage.ts"), usage);
  const build = compileProject(dir, { noEmit: true });
  return { errors: build.stdout + build.stderr, dir };
}

const schemas = {
  import: { type: "object", properties: { import: { type: "string" }, class: { type: "integer" } } },
  blob: { type: "object", properties: { size: { type: "integer" } } },
  File: { type: "object", properties: { parent: { allOf: [{ $ref: "#/components/schemas/blob" }, { description: "its folder" }] } } },
  Record: { type: "string" },
  été: { type: "string" },
  "1st": { type: "integer" },
  "pet-item": { type: "object" },
  pet_item: { type: "object" },
  CreateAssistantRequest: {
    type: "object",
    required: ["model"],
    properties: {
      model: { type: "string" },
      tools: { type: "array", items: { type: "string" }, default: [] },
      temperature: { type: "number", default: 1 },
      // A default below the top of the body may be left out too.
      options: { $ref: "#/components/schemas/AssistantOptions" },
    },
  },
  AssistantOptions: { type: "object", properties: { mode: { type: "string", default: "auto" } } },
  Assistant: {
    type: "object",
    required: ["id"],
    properties: { id: { type: "string" }, tools: { type: "array", items: { type: "string" }, default: [] } },
  },
};

describe("a document whose names are reserved words and globals", () => {
  it("gives an SDK that compiles, with PascalCase types and request defaults left out", async () => {
    const { errors, dir } = await compiled(
      {
        openapi: "3.1.0",
        info: { title: "Names", version: "1.0.27-SNAPSHOT" },
        paths: {
          "/assistants": {
            post: {
              operationId: "createAssistant",
              tags: ["assistants"],
              requestBody: {
                required: true,
                content: { "application/json": { schema: { $ref: "#/components/schemas/CreateAssistantRequest" } } },
              },
              responses: {
                "200": { description: "ok", content: { "application/json": { schema: { $ref: "#/components/schemas/Assistant" } } } },
              },
            },
          },
          // Path parameters named like the runtime's functions every method calls.
          "/calls/{call}/lists/{list}": {
            get: {
              operationId: "calls/fetch",
              tags: ["calls"],
              parameters: [
                { name: "call", in: "path", required: true, schema: { type: "string" } },
                { name: "list", in: "path", required: true, schema: { type: "string" } },
              ],
              responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } },
            },
          },
          "/importers/{class}": {
            get: {
              operationId: "imports/import",
              tags: ["imports"],
              parameters: [{ name: "class", in: "path", required: true, schema: { type: "string" } }],
              responses: {
                "200": { description: "ok", content: { "application/json": { schema: { $ref: "#/components/schemas/import" } } } },
              },
            },
          },
        },
        components: { schemas },
      },
      [
        'import { createSdk, type Assistant, type BlobModel, type FileModel, type Import, type PetItem, type PetItem2, type RecordModel } from "./index.js";',
        "",
        'const sdk = createSdk({ baseUrl: "https://api.example.com" });',
        'export const created = sdk.assistants.create({ model: "gpt-4o" });',
        'export const nested = sdk.assistants.create({ model: "gpt-4o", options: {} });',
        'export const imported = sdk.imports.import("x");',
        'export const fetched = sdk.calls.fetch("c", "l");',
        "// A response's property with a default is there: the API filled it in.",
        "export const tools = (assistant: Assistant): string[] => assistant.tools;",
        'export const value: Import = { import: "a", class: 1 };',
        "export const blob: BlobModel = { size: 1 };",
        "export const file: FileModel = { parent: blob };",
        'export const record: RecordModel = "r";',
        "export const items: [PetItem, PetItem2] = [{}, {}];",
        "",
      ].join("\n"),
    );
    expect(errors).toBe("");
    const types = readFileSync(join(dir, "src", "types.ts"), "utf8");
    expect(types).toContain('export type Ete = components["schemas"]["été"];');
    expect(types).toContain('export type _1st = components["schemas"]["1st"];');
    expect(JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).version).toBe("1.0.27-SNAPSHOT");
    expect(readFileSync(join(dir, "README.md"), "utf8")).toContain("`openapi-typescript-helpers`");
  }, 60_000);
});

type Alias = { $ref?: string; type?: unknown; items?: { $ref?: string } };

/**
 * Whether a schema of `schemas` is a `$ref` alone, or a list of one, that leads back to itself:
 * openapi-typescript writes such a cycle as types that refer to themselves, which tsc refuses.
 */
function referenceCycle(schemas: Record<string, Alias>): boolean {
  const target = (schema: Alias | undefined) => {
    const ref = schema?.$ref ?? (schema?.type === "array" ? schema.items?.$ref : undefined);
    return ref === undefined
      ? undefined
      : decodeURIComponent(ref.slice("#/components/schemas/".length)).replace(/~1/g, "/").replace(/~0/g, "~");
  };
  return Object.keys(schemas).some((start) => {
    let name = target(schemas[start]);
    for (let hops = 0; name !== undefined && hops <= Object.keys(schemas).length; hops++) {
      if (name === start) return true;
      name = target(schemas[name]);
    }
    return false;
  });
}

describe("any schema names", () => {
  it("give an SDK whose types compile, one type per schema", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(anyDocumentWithSchemas, async (input) => {
        // A schema that is only a reference to itself, through others or not, is no type: not this property's.
        fc.pre(!referenceCycle(input.components.schemas as Record<string, Alias>));
        const dir = join(scratch, `any-${run++}`);
        try {
          await generateSdk({ input: "any.yaml", document: input as never, outDir: dir, name: "any-sdk" });
        } catch (error) {
          if (error instanceof GeneratorInputError) return;
          throw error;
        }
        const types = readFileSync(join(dir, "src", "types.ts"), "utf8");
        expect(types.match(/= components\["schemas"\]/g)?.length).toBe(Object.keys(input.components.schemas).length);
        symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
        const build = compileProject(dir, { noEmit: true });
        expect(build.stdout + build.stderr).toBe("");
      }),
      // Each run is a tsc build of a second or more: a failure is reported as found, not shrunk.
      { numRuns: 6, endOnFailure: true },
    );
  }, 120_000);
});

describe("operations written as a $ref", () => {
  it("are followed, as a path item and as an operation", async () => {
    const { errors, dir } = await compiled(
      {
        openapi: "3.0.3",
        info: { title: "Refs", version: "v2" },
        paths: {
          "/v2/droplets": { get: { $ref: "#/x-operations/droplets_list" } },
          "/v2/droplets/{id}": { $ref: "#/x-path-items/droplet" },
        },
        "x-operations": { droplets_list: { operationId: "droplets_list", tags: ["Droplets"], responses: ok } },
        "x-path-items": {
          droplet: {
            parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
            get: { operationId: "droplets_get", tags: ["Droplets"], responses: ok },
          },
        },
      },
      'import { createSdk } from "./index.js";\nconst sdk = createSdk({ baseUrl: "https://x" });\nexport const all = [sdk.droplets.list(), sdk.droplets.retrieve(1)];\n',
    );
    expect(errors).toBe("");
    expect(JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).version).toBe("2.0.0");
    expect(readFileSync(join(dir, "README.md"), "utf8")).toContain("The document's version, `v2`, is not a version npm accepts");
  }, 60_000);
});

describe("a Swagger 2.0 document", () => {
  it("is refused in one line that says how to convert it", async () => {
    const file = join(scratch, "swagger.json");
    writeFileSync(file, JSON.stringify({ swagger: "2.0", info: { title: "x", version: "1" }, paths: {} }));
    const refused = await generate({ input: file, outDir: join(scratch, "swagger") }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GeneratorInputError);
    expect((refused as Error).message.split("\n")).toHaveLength(1);
    expect((refused as Error).message).toContain(
      "(Swagger 2.0): convert it first, e.g. `npx swagger2openapi --patch --outfile openapi.yaml",
    );
  });
});
