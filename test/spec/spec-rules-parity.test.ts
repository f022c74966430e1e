// The spec's linter (judged at the .tsp line) and the Spectral ruleset (judged on OpenAPI
// documents made elsewhere) give the same verdict on the same violations: each violation's
// .tsp is compiled, its linter rule reports it, and the OpenAPI document the openapi3 emitter
// makes of it gives the matching Spectral finding; the clean service is clean under both.
import { Document, Ruleset, Spectral } from "@stoplight/spectral-core";
import * as Parsers from "@stoplight/spectral-parsers";
import ruleset from "@signing-platform/rules";
import { getOpenAPI3 } from "@typespec/openapi3";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { compileWith, LIBRARY, VIOLATIONS } from "./support/convention-violations.js";

const spectral = new Spectral();
spectral.setRuleset(new Ruleset(ruleset as never));

/** The linter's and Spectral's rule ids that report the piece, ours only. */
async function verdicts(piece: string) {
  return compileWith(piece, async (program, found) => {
    const [record] = await getOpenAPI3(program, { "openapi-versions": ["3.1.0"] });
    const document = record && "document" in record ? record.document : undefined;
    const results = await spectral.run(new Document(YAML.stringify(document), Parsers.Yaml, "/fixture.yaml"));
    return {
      linter: new Set(found.map((d) => d.code).filter((code) => code.startsWith(`${LIBRARY}/`))),
      spectral: new Set(results.map((result) => String(result.code)).filter((code) => code.startsWith("signing-platform-"))),
    };
  });
}

describe("the spec's linter and the Spectral ruleset", () => {
  it("are both clean on the clean service", async () => {
    const { linter, spectral } = await verdicts("");
    expect([...linter]).toEqual([]);
    expect([...spectral]).toEqual([]);
  });

  it.each(VIOLATIONS.map((violation) => [violation.name, violation] as const))("both report %s", async (_name, violation) => {
    const { linter, spectral } = await verdicts(violation.piece);
    expect([...linter]).toContain(`${LIBRARY}/${violation.rule}`);
    expect([...spectral]).toContain(violation.spectral);
  });
});
