// `signing-platform generate` with a Swagger 2.0 document, to generate from or as the previous
// one: refused in one line, exit 2, that names the file and gives the command that converts it
// to OpenAPI 3.
import { afterAll, describe, expect, it } from "vitest";
import { runCli, workspace } from "./support/cli.js";

const space = workspace();
afterAll(space.cleanup);

const REFUSED =
  "signing-platform generate: swagger.yaml is not an OpenAPI 3.0, 3.1 or 3.2 document (Swagger 2.0): convert it first, " +
  "e.g. `npx swagger2openapi --patch --outfile openapi.yaml swagger.yaml`, and generate from openapi.yaml.\n";

describe("signing-platform generate, given Swagger 2.0", () => {
  it("refuses it in one line that says how to convert it", async () => {
    space.write("swagger.yaml", "swagger: '2.0'\ninfo: { title: x, version: '1' }\npaths: {}\n");
    const run = await runCli(["generate", "swagger.yaml", "--out", "x"], space.dir);
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toBe(REFUSED);
  });

  it("refuses it as the previous document, in the same line", async () => {
    space.write("swagger.yaml", "swagger: '2.0'\ninfo: { title: x, version: '1' }\npaths: {}\n");
    space.write(
      "openapi.yaml",
      "openapi: 3.0.3\ninfo: { title: x, version: '1' }\npaths: { /x: { get: { responses: { '200': { description: ok } } } } }\n",
    );
    const run = await runCli(["generate", "openapi.yaml", "--out", "y", "--previous", "swagger.yaml"], space.dir);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(REFUSED);
  });
});
