// The conventions library (spec/lib/conventions.js) fails the build when the spec breaks a
// rule of the interface document; each case breaks one rule in a tiny fixture service.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NodeHost, compile } from "@typespec/compiler";
import { describe, expect, it } from "vitest";
import { root } from "../support/generated.js";

const fixtureDir = join(root, "test", "spec", "fixtures", "conventions");
const base = readFileSync(join(fixtureDir, "base.tsp"), "utf8");

async function diagnosticsOf(addition: string) {
  const file = join(fixtureDir, `case-${process.pid}-${Math.random().toString(36).slice(2)}.tsp`);
  writeFileSync(file, `${base}\n${addition}\n`);
  const outputDir = mkdtempSync(join(tmpdir(), "conventions-"));
  try {
    const program = await compile(NodeHost, file, { noEmit: true, outputDir });
    return program.diagnostics.map((d) => ({ code: d.code, message: d.message }));
  } finally {
    rmSync(file, { force: true });
    rmSync(outputDir, { recursive: true, force: true });
  }
}

describe("conventions library", () => {
  it("accepts the clean fixture", async () => {
    expect(await diagnosticsOf("")).toEqual([]);
  });

  // @trace reports-s
  it.each([
    [
      "a code carried under another status",
      `@carriesCodes(Code.conflict) @error model WrongStatus { @statusCode statusCode: 404; @body body: Body }
       @route("/wrong") @get op wrong(): { @statusCode statusCode: 200 } | WrongStatus;`,
      "signing-platform-conventions/code-under-wrong-status",
      /"conflict" belongs to status 409/,
    ],
    [
      "a POST without Idempotency-Key",
      `@route("/things") @post op createThing(@body body: Body): { @statusCode statusCode: 200 };`,
      "signing-platform-conventions/missing-idempotency-key",
      /POST \/things must take the Idempotency-Key header/,
    ],
    [
      "an If-None-Match operation without 304",
      `model Condition { @header("If-None-Match") @entityTagCondition ifNoneMatch?: string }
       @route("/tagged") @get op tagged(...Condition): { @statusCode statusCode: 200 };`,
      "signing-platform-conventions/conditional-without-304",
      /declares no 304/,
    ],
    [
      "a 304 with a body",
      `model Condition { @header("If-None-Match") @entityTagCondition ifNoneMatch?: string }
       @route("/tagged") @get op tagged(...Condition): { @statusCode statusCode: 200 } | { @statusCode statusCode: 304; @body body: Body };`,
      "signing-platform-conventions/not-modified-with-body",
      /a 304 response has no body/,
    ],
    [
      "a code without a status",
      `union Code2 { string, /** Orphan. */ @errorStatus(404) known: "known", /** Orphan. */ orphan: "orphan" }`,
      "signing-platform-conventions/code-without-status",
      /"orphan" declares no status/,
    ],
  ])("reports %s", async (_name, addition, code, message) => {
    const diagnostics = await diagnosticsOf(addition);
    const found = diagnostics.find((d) => d.code === code);
    expect(found, JSON.stringify(diagnostics)).toBeDefined();
    expect(found!.message).toMatch(message);
  });
});
