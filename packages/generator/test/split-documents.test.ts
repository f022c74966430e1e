// A document split over files as DigitalOcean writes its own: each operation a `$ref` to a file,
// schemas in other files, a discriminator mapping written relative to the file it is in, a
// `properties` map and a media type that are themselves `$ref`s, an example that refers to a
// file of examples. Bundled as the CLI bundles it, it gives a TypeScript SDK that compiles under
// tsc --strict, whose schemas are named types, and a Python SDK that passes mypy --strict.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { loadOpenApiDocument } from "@signing-platform/contract/openapi-loader";
import { generateSdk } from "../src/index.js";
import { MYPY_STRICT } from "./python/mypy.mjs";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const scratch = mkdtempSync(join(tmpdir(), "split-documents-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const FILES: Record<string, string> = {
  "openapi.yaml": `
openapi: 3.0.0
info: { title: Droplets, version: "2.0" }
paths:
  /v2/droplets:
    get: { $ref: "resources/droplets/droplets_list.yml" }
  /v2/droplets/{droplet_id}/actions:
    post: { $ref: "resources/droplets/dropletActions_post.yml" }
components:
  schemas:
    droplet: { $ref: "resources/droplets/models/droplet.yml" }
`,
  "resources/droplets/droplets_list.yml": `
operationId: droplets_list
tags: [Droplets]
responses:
  "200":
    description: The droplets.
    content:
      application/json:
        schema:
          type: object
          properties:
            droplets: { type: array, items: { $ref: "models/droplet.yml" } }
        example: { $ref: "examples.yml#/droplets" }
`,
  "resources/droplets/dropletActions_post.yml": `
operationId: dropletActions_post
tags: [Droplet Actions]
parameters:
  - $ref: "parameters.yml#/droplet_id"
requestBody:
  required: true
  content:
    application/json:
      schema:
        anyOf:
          - $ref: "models/droplet_actions.yml#/droplet_action_resize"
          - $ref: "models/droplet_actions.yml#/droplet_action_rename"
        discriminator:
          propertyName: type
          mapping:
            resize: "models/droplet_actions.yml#/droplet_action_resize"
            rename: "models/droplet_actions.yml#/droplet_action_rename"
responses:
  "201":
    $ref: "responses/action.yml"
`,
  "resources/droplets/parameters.yml": `
droplet_id:
  name: droplet_id
  in: path
  required: true
  schema: { type: integer }
`,
  "resources/droplets/responses/action.yml": `
description: The action.
content:
  application/json:
    $ref: "../models/action_body.yml"
`,
  "resources/droplets/models/action_body.yml": `
schema:
  type: object
  properties:
    $ref: "attributes.yml#/action_attributes"
`,
  "resources/droplets/models/attributes.yml": `
action_attributes:
  id: { type: integer }
  status: { type: string, enum: [in-progress, completed] }
`,
  "resources/droplets/models/droplet.yml": `
type: object
required: [id]
properties:
  id: { type: integer }
  name: { type: string }
`,
  "resources/droplets/models/droplet_actions.yml": `
droplet_action:
  type: object
  required: [type]
  properties:
    type: { type: string }
droplet_action_resize:
  allOf:
    - $ref: "#/droplet_action"
    - type: object
      properties:
        size: { type: string }
droplet_action_rename:
  allOf:
    - $ref: "#/droplet_action"
    - type: object
      properties:
        name: { type: string }
`,
  "resources/droplets/examples.yml": `
droplets: { droplets: [{ id: 1, name: web }] }
`,
};

describe("a document split over files", () => {
  it("gives SDKs that type-check, its schemas named", async () => {
    for (const [file, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(scratch, "document", file)), { recursive: true });
      writeFileSync(join(scratch, "document", file), text);
    }
    const input = join(scratch, "document", "openapi.yaml");
    const document = loadOpenApiDocument(input).bundled().data;

    const ts = join(scratch, "ts");
    await generateSdk({ input, document, outDir: ts, name: "droplets-sdk" });
    symlinkSync(join(root, "node_modules"), join(ts, "node_modules"), "dir");
    writeFileSync(
      join(ts, "src", "usage.ts"),
      [
        'import { createSdk, type DropletActionResize, type Droplet } from "./index.js";',
        'const sdk = createSdk({ baseUrl: "https://api.example.com" });',
        'const resize: DropletActionResize = { type: "resize", size: "s-1vcpu-1gb" };',
        "export const calls = [sdk.droplets.list(), sdk.dropletActions.post(1, resize)];",
        "export const names = (droplet: Droplet): string | undefined => droplet.name;",
        "",
      ].join("\n"),
    );
    const build = spawnSync(process.execPath, [tsc, "-p", ts, "--noEmit"], { encoding: "utf8" });
    expect(build.stdout + build.stderr).toBe("");
    expect(readFileSync(join(ts, "src", "schema.ts"), "utf8")).not.toContain("x-signing-platform-files[");

    const python = join(scratch, "py");
    await generateSdk({ input, document, outDir: python, name: "droplets_sdk", language: "python" });
    const models = readFileSync(join(python, "src", "droplets_sdk", "models.py"), "utf8");
    expect(models).toContain("DropletActionResize = TypedDict(");
    const mypy = spawnSync("/usr/bin/python3", [...MYPY_STRICT, "droplets_sdk"], {
      cwd: join(python, "src"),
      encoding: "utf8",
    });
    expect(mypy.stdout + mypy.stderr).toMatch(/^Success/);
  }, 120_000);
});
