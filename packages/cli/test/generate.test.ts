// `signing-platform generate`, run as the real command: it writes an SDK package for any
// OpenAPI document, split over files or not, and refuses unusable input with one line and
// exit 2. (The generated SDKs are installed, built and called over HTTP in
// packages/generator/test.)
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generatedOpenApi, runCli, workspace } from "./support/cli.js";

const space = workspace();
afterAll(space.cleanup);

describe("signing-platform generate", () => {
  it("is listed by --help", async () => {
    const run = await runCli(["--help"], space.dir);
    expect(run.stdout).toMatch(/^\s+generate\s+Write a stand-alone SDK package \(TypeScript, or Python\)/m);
  });

  it("writes an SDK package for the project's document", async () => {
    const input = space.write("openapi.yaml", generatedOpenApi());
    const run = await runCli(["generate", input, "--out", "sdk", "--name", "@acme/signing-sdk"], space.dir);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const manifest = JSON.parse(readFileSync(join(space.dir, "sdk", "package.json"), "utf8"));
    expect(manifest.name).toBe("@acme/signing-sdk");
    expect(existsSync(join(space.dir, "sdk", "src", "resources.ts"))).toBe(true);
    expect(existsSync(join(space.dir, "sdk", "src", "runtime", "transport.ts"))).toBe(true);
  });

  it("writes an SDK for a document split over files, as one", async () => {
    space.write("split/schemas/pet.yaml", "type: object\nrequired: [name]\nproperties:\n  name: { type: string }\n");
    const input = space.write(
      "split/openapi.yaml",
      [
        "openapi: 3.1.0",
        "info: { title: Split Pets, version: '1' }",
        "paths:",
        "  /pets/{id}:",
        "    get:",
        "      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]",
        "      responses:",
        "        '200': { description: ok, content: { application/json: { schema: { $ref: './schemas/pet.yaml' } } } }",
        "",
      ].join("\n"),
    );
    const run = await runCli(["generate", input, "--out", "split-sdk"], space.dir);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(readFileSync(join(space.dir, "split-sdk", "src", "resources.ts"), "utf8")).toContain(
      'retrieve: (id: PathParam<paths["/pets/{id}"]["get"], "id">',
    );
  });

  it("still reads --input, the document's old spelling, and says once to name it first", async () => {
    const input = space.write("openapi.yaml", generatedOpenApi());
    const run = await runCli(["generate", "--input", input, "--out", "sdk-by-option", "--force"], space.dir);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe(
      "signing-platform generate: --input is the old spelling: name the document first, `signing-platform generate <document> …`.\n",
    );
  });

  it.each([
    ["no arguments", [], /missing the document and --out/],
    [
      "a document named twice",
      ["a.yaml", "--input", "b.yaml", "--out", "x"],
      /the document is named twice \(a\.yaml and --input b\.yaml\)/,
    ],
    ["a missing input file", ["nowhere.yaml", "--out", "x"], /nowhere\.yaml/],
    ["an unknown option", ["a.yaml", "--out", "x", "--colour"], /colour/],
    ["a Swagger 2.0 document", ["swagger.json", "--out", "x"], /swagger\.json/],
  ])("refuses %s with one line and exit 2", async (_name, args, message) => {
    space.write("swagger.json", JSON.stringify({ swagger: "2.0", info: { title: "x", version: "1" }, paths: {} }));
    const run = await runCli(["generate", ...args], space.dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
  });
});
