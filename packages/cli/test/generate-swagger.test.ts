// `signing-platform generate` with a Swagger 2.0 document: refused in one line, exit 2, that
// names the file and gives the command that converts it to OpenAPI 3.
import { afterAll, describe, expect, it } from "vitest";
import { runCli, workspace } from "./support/cli.js";

const space = workspace();
afterAll(space.cleanup);

describe("signing-platform generate, given Swagger 2.0", () => {
  it("refuses it in one line that says how to convert it", async () => {
    space.write("swagger.yaml", "swagger: '2.0'\ninfo: { title: x, version: '1' }\npaths: {}\n");
    const run = await runCli(["generate", "swagger.yaml", "--out", "x"], space.dir);
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(
      /swagger\.yaml:1:\d+: Swagger 2\.0 is not supported: convert the document to OpenAPI 3, e\.g\. `npx swagger2openapi --patch --outfile openapi\.yaml swagger\.yaml`, and generate from openapi\.yaml\./,
    );
  });
});
