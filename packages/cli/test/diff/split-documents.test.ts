// A document split over files, as many teams keep theirs: paths and schemas in files of their
// own, a description in Markdown. `diff` compares the whole: a change inside a referenced file
// is reported like any other, at its place in that file.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import YAML from "yaml";
import { runInProcess, workspace, type Json } from "../support/cli.js";

const work = workspace();
afterAll(work.cleanup);

const pet = {
  type: "object",
  required: ["id", "name"],
  properties: { id: { type: "integer" }, name: { type: "string" }, tag: { type: "string" } },
};

/** A version of the split document in `folder`, with `Pet` as given. */
function writeVersion(folder: string, petSchema: Json): string {
  const dir = join(work.dir, folder);
  mkdirSync(join(dir, "paths"), { recursive: true });
  mkdirSync(join(dir, "schemas"), { recursive: true });
  writeFileSync(join(dir, "intro.md"), "# Pets\n\nA: list of pets - with colons: and dashes.\n");
  writeFileSync(join(dir, "schemas", "Pet.yaml"), YAML.stringify(petSchema));
  writeFileSync(
    join(dir, "paths", "pets.yaml"),
    YAML.stringify({
      get: {
        operationId: "listPets",
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { type: "array", items: { $ref: "../schemas/Pet.yaml" } } } },
          },
        },
      },
    }),
  );
  writeFileSync(
    join(dir, "openapi.yaml"),
    YAML.stringify({
      openapi: "3.1.0",
      info: { title: "Pets", version: "1", description: { $ref: "./intro.md" } },
      paths: { "/pets": { $ref: "./paths/pets.yaml" } },
    }),
  );
  return join(dir, "openapi.yaml");
}

it("sees a change inside a referenced file, and places it in that file", async () => {
  const base = writeVersion("base", pet);
  const head = writeVersion("head", { ...pet, required: ["id"], properties: { id: pet.properties.id, tag: pet.properties.tag } });
  const run = await runInProcess(["diff", base, head, "--format", "json"], work.dir);
  expect(run.stderr).toBe("");
  const { findings } = JSON.parse(run.stdout);
  const removed = findings.find((finding: Json) => finding.id === "response-required-property-removed");
  expect(removed).toMatchObject({
    operation: "GET /pets",
    level: "breaking",
    base: { file: join("base", "schemas", "Pet.yaml"), pointer: "#/properties/name", line: expect.any(Number) },
  });
  expect(run.status).toBe(1);
});

it("finds nothing between a split document and itself", async () => {
  const base = writeVersion("same", pet);
  const run = await runInProcess(["diff", base, base], work.dir);
  expect(run.stdout).toBe(`No changes from ${base} to ${base}.\n`);
  expect(run.status).toBe(0);
});
