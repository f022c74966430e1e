// Versions of the OpenAPI format itself: a document moved from 3.0 to 3.1 compares equal when
// only the way it is written changed (3.0's `nullable: true` is 3.1's `type: [T, "null"]`), a
// real change across the move is still found, and a Swagger 2.0 side is refused in one line.
import { afterAll, expect, it } from "vitest";
import { runInProcess, workspace, type Json } from "../support/cli.js";

const work = workspace();
afterAll(work.cleanup);

const document = (openapi: string, nickname: Json): Json => ({
  openapi,
  info: { title: "Pets", version: "1" },
  paths: {
    "/pets/{id}": {
      get: {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "200": { description: "ok", content: { "application/json": { schema: { type: "object", properties: { nickname } } } } },
        },
      },
    },
  },
});

const v30 = work.write("v30.yaml", document("3.0.3", { type: "string", nullable: true }));

it("finds nothing when 3.0's nullable becomes 3.1's null type", async () => {
  const v31 = work.write("v31.yaml", document("3.1.0", { type: ["string", "null"] }));
  const run = await runInProcess(["diff", v30, v31], work.dir);
  expect(run.stdout).toBe("No changes from v30.yaml to v31.yaml.\n");
  expect(run.status).toBe(0);
});

it("still finds a real change made with the move", async () => {
  const notNull = work.write("v31-not-null.yaml", document("3.1.0", { type: "string", maxLength: 5 }));
  const run = await runInProcess(["diff", notNull, v30, "--format", "json"], work.dir);
  expect(JSON.parse(run.stdout).findings.map((finding: Json) => finding.id)).toEqual([
    "response-property-became-nullable",
    "response-property-max-length-unset",
  ]);
  expect(run.status).toBe(1);
});

it("refuses a Swagger 2.0 side in one line", async () => {
  const swagger = work.write("swagger.yaml", { swagger: "2.0", info: { title: "Pets", version: "1" }, paths: {} });
  const run = await runInProcess(["diff", swagger, v30], work.dir);
  expect(run.stderr).toMatch(
    /^signing-platform diff: swagger\.yaml:1:\d+: Swagger 2\.0 is not supported: convert the document to OpenAPI 3\.\n$/,
  );
  expect(run.status).toBe(2);
});
