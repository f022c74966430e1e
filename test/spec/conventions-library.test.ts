// The conventions library (spec/lib/) judges the spec when it compiles: its linter rules
// report each convention at the .tsp line, as warnings that `#suppress` silences with a
// reason; the catalogue's integrity checks are errors. Each case appends one broken piece
// to a tiny service that is clean under every rule (support/convention-violations.ts).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { NodeHost, compile } from "@typespec/compiler";
import { getOpenAPI3 } from "@typespec/openapi3";
import { describe, expect, it } from "vitest";
import { root } from "../support/generated.js";
import { diagnosticsOf, LIBRARY, VIOLATIONS, type Found } from "./support/convention-violations.js";

/** Leaves out the operation-example rule's findings: a case's piece shows no example, and that is not its point. */
const withoutExampleRule = (found: Found[]) => found.filter((d) => d.code !== `${LIBRARY}/operation-example`);

describe("conventions library", () => {
  it("accepts the clean fixture", async () => {
    expect(await diagnosticsOf("")).toEqual([]);
  });

  // @trace reports-s
  it.each(VIOLATIONS.map((violation) => [violation.name, violation] as const))(
    "reports %s at its .tsp line",
    async (_name, { piece, rule, message }) => {
      const found = await diagnosticsOf(piece);
      const relevant = rule === "operation-example" ? found : withoutExampleRule(found);
      const hit = relevant.find((d) => d.code === `${LIBRARY}/${rule}`);
      expect(hit, JSON.stringify(found, null, 2)).toBeDefined();
      expect(hit!.message).toMatch(message);
      expect(hit!.severity).toBe("warning");
      expect(hit!.line, "reported inside the appended piece").toBeGreaterThan(0);
    },
  );

  it("lets #suppress with a reason silence a rule, and reports one without a reason", async () => {
    const piece = (reason: string) => `
      #suppress "${LIBRARY}/snake-case" ${reason}
      model Legacy { legacyName: string }`;
    expect(await diagnosticsOf(piece(`"the field is named by a partner's format"`))).toEqual([]);
    const found = await diagnosticsOf(piece(""));
    expect(found).toEqual([
      expect.objectContaining({
        code: `${LIBRARY}/suppression-reason`,
        message: expect.stringMatching(/#suppress "@signing-platform\/typespec-conventions\/snake-case" gives no reason/),
        line: 2,
      }),
    ]);
  });

  it("keeps the catalogue's integrity an error that no suppression silences", async () => {
    const found = await diagnosticsOf(`
      union Code2 {
        string,
        /** Known. */ @errorStatus(404) known: "known",
        #suppress "${LIBRARY}/code-without-status" "trying"
        /** Orphan. */ orphan: "orphan",
      }`);
    expect(found).toContainEqual(
      expect.objectContaining({
        code: `${LIBRARY}/code-without-status`,
        severity: "error",
        message: expect.stringMatching(/"orphan" declares no status/),
      }),
    );
  });
});

describe("a project that is not the platform's", () => {
  // Its own service, none of the platform's models, and no catalogue: no status table, error
  // code or event type. Snake_case fields and an example, so that no rule has anything to say.
  const WIDGETS = `import "@typespec/http";
import "@signing-platform/typespec-conventions";

using Http;

@service(#{ title: "Widgets" })
namespace Widgets;

model Widget {
  id: string;
  display_name: string;
}

@opExample(#{ parameters: #{ id: "w_1" }, returnType: #{ id: "w_1", display_name: "One" } })
@route("/widgets/{id}")
@get
op getWidget(@path id: string): Widget;
`;

  it("compiles clean with the library imported and the linter on, and gets no catalogue extensions", async () => {
    // Inside the repository, so that the library resolves by name as it does in a user's project.
    const dir = mkdtempSync(join(root, "test", "spec", "fixtures", "conventions", "widgets-"));
    try {
      writeFileSync(join(dir, "main.tsp"), WIDGETS);
      const program = await compile(NodeHost, join(dir, "main.tsp"), {
        noEmit: true,
        linterRuleSet: { extends: [`${LIBRARY}/all`] },
      });
      expect(program.diagnostics.map((d) => `${d.code}: ${d.message}`)).toEqual([]);
      const [record] = await getOpenAPI3(program, { "openapi-versions": ["3.1.0"] });
      const document = record && "document" in record ? record.document : undefined;
      expect(document?.paths["/widgets/{id}"]?.get?.operationId).toBe("getWidget");
      expect(JSON.stringify(document)).not.toContain("x-signing-platform-");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the rules' documentation", () => {
  it("has a section for every linter rule", async () => {
    const linter: string = "../../spec/lib/src/linter.js"; // plain JavaScript, type-checked by tsconfig.js.json
    const { RULES } = (await import(linter)) as { RULES: { name: string }[] };
    const page = readFileSync(join(root, "docs", "spec-rules.md"), "utf8");
    const headings = new Set([...page.matchAll(/^## (\S+)$/gm)].map((match) => match[1]));
    const missing = RULES.map((rule) => rule.name).filter((name) => !headings.has(name));
    expect(missing).toEqual([]);
    expect(RULES.length).toBeGreaterThan(10);
  });
});
