// The Python SDK's models say what the document says: a reference with its own description is
// the referenced model, a nullable reference `X | None`, a union of models for oneOf, a
// mapping's values typed, an inline object a TypedDict of its own, and never a field typed as
// the string "None". The package's version is PEP 440 (the TypeScript SDK's semver), a
// document without schemas gives an annotated empty `__all__`, the README's quickstart parses
// whatever the first operation is, and the package passes Debian's mypy --strict and pyright
// in strict mode.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { generateSdk } from "../src/index.js";
import { pep440Version, semverVersion } from "../src/package-versions.js";
import { modelName, pythonName, pythonType } from "../src/python/python-types.js";
import { MYPY_STRICT } from "./python/mypy.mjs";

const PYTHON = "/usr/bin/python3";
const pyright = fileURLToPath(new URL("../../../node_modules/pyright/index.js", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "python-models-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const schemas = {
  Folder: { type: "object", required: ["id"], properties: { id: { type: "string" } } },
  Cat: { type: "object", required: ["kind"], properties: { kind: { type: "string", enum: ["cat"] } } },
  Dog: { type: "object", required: ["kind"], properties: { kind: { type: "string", enum: ["dog"] } } },
  File: {
    type: "object",
    required: ["id"],
    properties: {
      id: { type: "string" },
      parent: { allOf: [{ $ref: "#/components/schemas/Folder" }, { description: "The folder it is in." }] },
      previous: { allOf: [{ $ref: "#/components/schemas/Folder" }], nullable: true },
      next: { anyOf: [{ $ref: "#/components/schemas/Folder" }, { type: "null" }] },
      pet: { oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }], discriminator: { propertyName: "kind" } },
      anything: { nullable: true },
      nothing: { type: "null" },
      counts: { type: "object", additionalProperties: { type: "integer" } },
      owner: { type: "object", required: ["name"], properties: { name: { type: "string" }, import: { type: "boolean" } } },
      tags: { type: "array", items: { type: "object", properties: { label: { type: "string" } } } },
    },
  },
};
const document = {
  openapi: "3.0.3",
  info: { title: "Files", version: "1.0.27-SNAPSHOT" },
  paths: {
    "/files/{id}": {
      get: {
        operationId: "files/get",
        tags: ["files"],
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: { "200": { description: "ok", content: { "application/json": { schema: { $ref: "#/components/schemas/File" } } } } },
      },
    },
    "/assistants": {
      post: {
        operationId: "createAssistant",
        tags: ["assistants"],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["model"],
                properties: { model: { type: "string" }, tools: { type: "array", items: { type: "string" }, default: [] } },
              },
            },
          },
        },
        responses: { "200": { description: "ok", content: { "application/json": { schema: { $ref: "#/components/schemas/Folder" } } } } },
      },
    },
  },
  components: { schemas },
};

describe("pythonType", () => {
  const type = (schema: object) => pythonType(document as never, schema as never);
  it.each([
    [schemas.File.properties.parent, "Folder"],
    [schemas.File.properties.previous, "Folder | None"],
    [schemas.File.properties.next, "Folder | None"],
    [schemas.File.properties.pet, "Cat | Dog"],
    [schemas.File.properties.anything, "Any"],
    [schemas.File.properties.nothing, "None"],
    [schemas.File.properties.counts, "dict[str, int]"],
    [{ $ref: "#/components/schemas/Folder", nullable: true }, "Folder | None"],
  ])("%j is %s", (schema, expected) => expect(type(schema)).toBe(expected));
});

describe("Python names", () => {
  it("keep the letters of any language's words, and avoid keywords written in any form", () => {
    expect(modelName("été")).toBe("Ete");
    expect(pythonName("crème brûlée")).toBe("creme_brulee");
    expect(pythonName("ｃｌａｓｓ")).toBe("class_");
  });
});

describe("package versions", () => {
  it.each([
    ["1.0.27-SNAPSHOT", "1.0.27.dev0", "1.0.27-SNAPSHOT"],
    ["v2", "2", "2.0.0"],
    ["2.0-beta.1", "2.0b1", "2.0.0-beta.1"],
    ["1.0.0-rc2", "1.0.0rc2", "1.0.0-rc2"],
    ["2024-01-01", "2024.1.1", "2024.1.1"],
    ["1.2.3.4", "1.2.3.4", "1.2.3+4"],
    ["1.0+build.5", "1.0+build.5", "1.0.0+build.5"],
    ["latest", "0.1.0", "0.1.0"],
  ])("%s is %s for pip and %s for npm", (version, pep440, semver) => {
    expect(pep440Version(version)).toBe(pep440);
    expect(semverVersion(version)).toBe(semver);
  });
});

async function pythonSdk(input: object, name: string): Promise<string> {
  const dir = join(scratch, name);
  await generateSdk({ input: "models.yaml", document: input as never, outDir: dir, name, language: "python" });
  return dir;
}

const run = (command: string, args: string[], cwd: string) => {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", timeout: 240_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
};

describe("the Python SDK", () => {
  it("types its models as the document does, versions by PEP 440, and passes mypy --strict and pyright strict", async () => {
    const dir = await pythonSdk(document, "files_sdk");
    const models = readFileSync(join(dir, "src", "files_sdk", "models.py"), "utf8");
    expect(models).toContain('"parent": NotRequired["Folder"]');
    expect(models).toContain('"pet": NotRequired["Cat | Dog"]');
    expect(models).toContain('"nothing": NotRequired[None]');
    expect(models).toContain('"owner": NotRequired["FileOwner"]');
    expect(models).toContain('"tags": NotRequired["list[FileTagsItem]"]');
    expect(models).toContain('"tools": NotRequired[');
    expect(models).not.toMatch(/"None"/);
    expect(models).toContain("__all__: list[str] = [");
    const pyproject = readFileSync(join(dir, "pyproject.toml"), "utf8");
    expect(pyproject).toContain('version = "1.0.27.dev0"');
    expect(pyproject).toContain('# The document\'s version is "1.0.27-SNAPSHOT"');
    expect(readFileSync(join(dir, "README.md"), "utf8")).toContain("is not a version pip accepts (PEP 440)");
    const mypy = run(PYTHON, [...MYPY_STRICT, "files_sdk"], join(dir, "src"));
    expect(mypy.output).toMatch(/^Success/);
    // The whole package: the modules written from the document and the runtime's.
    writeFileSync(
      join(dir, "pyrightconfig.json"),
      JSON.stringify({ typeCheckingMode: "strict", pythonVersion: "3.11", include: ["src/files_sdk"] }),
    );
    const checked = run(process.execPath, [pyright, "--pythonpath", PYTHON], dir);
    expect(checked.output).toContain("0 errors");
  }, 240_000);

  it("writes README examples whose body is one of several models as that model's call, which mypy --strict accepts", async () => {
    const volume = (filesystem: string) => ({
      type: "object",
      required: ["name", "filesystem_type"],
      properties: { name: { type: "string" }, filesystem_type: { type: "string", example: filesystem }, label: { type: "string" } },
    });
    const message = (roles: string[]) => ({
      type: "object",
      required: ["role", "content"],
      properties: { role: { type: "string", ...(roles.length > 0 ? { enum: roles } : {}) }, content: { type: "string" } },
    });
    const dir = await pythonSdk(
      {
        openapi: "3.1.0",
        info: { title: "Unions", version: "1" },
        paths: {
          "/volumes": {
            post: {
              operationId: "volumes/create",
              requestBody: {
                required: true,
                content: {
                  "application/json": {
                    schema: { oneOf: [{ $ref: "#/components/schemas/Ext4" }, { $ref: "#/components/schemas/Xfs" }] },
                    example: { name: "data", filesystem_type: "ext4", label: "data_01" },
                  },
                },
              },
              responses: { "204": { description: "made" } },
            },
          },
          "/evals": {
            post: {
              operationId: "evals/create",
              requestBody: {
                required: true,
                content: {
                  "application/json": {
                    schema: {
                      type: "object",
                      required: ["input"],
                      properties: { input: { type: "array", items: { $ref: "#/components/schemas/EvalInput" } } },
                    },
                    example: { input: [{ role: "string", content: "Hello" }] },
                  },
                },
              },
              responses: { "204": { description: "made" } },
            },
          },
        },
        components: {
          schemas: {
            Ext4: volume("ext4"),
            Xfs: volume("xfs"),
            EvalInput: { oneOf: [{ title: "Simple message", ...message([]) }, { $ref: "#/components/schemas/EvalMessage" }] },
            EvalMessage: message(["user", "assistant"]),
          },
        },
      },
      "unions_sdk",
    );
    const models = readFileSync(join(dir, "src", "unions_sdk", "models.py"), "utf8");
    expect(models).toMatch(/EvalInput: TypeAlias = "EvalInputSimpleMessage \| EvalMessage"/);
    const readme = readFileSync(join(dir, "README.md"), "utf8");
    expect(readme).toContain('client.volumes.create(models.Ext4(name="data", filesystem_type="ext4", label="data_01"))');
    expect(readme).toContain('client.evals.create({"input": [models.EvalInputSimpleMessage(role="string", content="Hello")]})');
    const blocks = [...readme.matchAll(/```python\n([\s\S]*?)```/g)].map((match) => match[1]!).filter((block) => block.includes("models."));
    // The quickstart (its first call is the volume's, and it imports `models` with Client), the
    // async one (with AsyncClient), and each operation's.
    expect(blocks).toHaveLength(4);
    expect(blocks[0]).toContain("from unions_sdk import ApiError, Client, models");
    expect(blocks[1]).toContain("from unions_sdk import ApiError, AsyncClient, models");
    for (const [index, block] of blocks.entries()) {
      const source = /client = Client\(|AsyncClient\(/.test(block)
        ? block
        : `from unions_sdk import Client\n\nclient = Client("http://127.0.0.1:4010")\n${block}`;
      writeFileSync(join(dir, "src", `example_${index}.py`), source);
      const mypy = run(PYTHON, [...MYPY_STRICT, `example_${index}.py`], join(dir, "src"));
      expect(mypy.output, source).toMatch(/^Success/);
    }
  }, 120_000);

  it("gives a document without schemas an annotated empty __all__, and a README quickstart that parses", async () => {
    const dir = await pythonSdk(
      {
        openapi: "3.1.0",
        info: { title: "Bare", version: "1" },
        paths: {
          "/things/{id}/actions": {
            post: {
              operationId: "act",
              parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
              requestBody: { required: true, content: { "application/json": { schema: { type: "object" } } } },
              responses: { "204": { description: "done" } },
            },
          },
        },
      },
      "bare_sdk",
    );
    expect(readFileSync(join(dir, "src", "bare_sdk", "models.py"), "utf8")).toContain("__all__: list[str] = []");
    const readme = readFileSync(join(dir, "README.md"), "utf8");
    const blocks = [...readme.matchAll(/```python\n([\s\S]*?)```/g)].map((match) => match[1]!);
    // An operation that answers no body is called, not printed: mypy refuses printing None.
    expect(blocks[0]).toMatch(/^ {4}client\.\w+\.\w+\(/m);
    for (const [index, block] of blocks.entries()) {
      writeFileSync(join(dir, `block_${index}.py`), block);
      const parsed = run(PYTHON, ["-c", `import ast, sys; ast.parse(open(sys.argv[1]).read())`, `block_${index}.py`], dir);
      expect(parsed.output, block).toBe("");
    }
  }, 60_000);
});
