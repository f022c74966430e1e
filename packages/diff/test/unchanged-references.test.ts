// References to places written alike in both documents are not compared again: the engine
// finds exactly what it finds comparing every schema, on random documents where most places
// stay as they were and one changes, and on any two; and a place is written alike only when
// everything it reaches is, through cycles and discriminator mappings, in documents that read
// schemas alike.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Json } from "@signing-platform/contract/openapi";
import { openApiFindings } from "../src/openapi/index.js";
import { unchangedReferences } from "../src/openapi/unchanged-references.js";
import { pairOperations } from "../src/operation-pairs.js";
import { document, schema, schemaNames } from "./random-documents.js";

const options = { today: new Date("2026-06-01T00:00:00Z"), deprecationDays: { beta: 0, stable: 0 }, stabilityLevel: "draft" as const };

function findingsBothWays(base: Json, head: Json) {
  const pairs = pairOperations(base, head);
  return {
    compared: openApiFindings(base, head, pairs, { ...options, everySchema: true }),
    skipped: openApiFindings(base, head, pairs, options),
  };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const documentWith = (schemas: Record<string, Json>, openapi = "3.1.0"): Json => ({ openapi, components: { schemas } });

describe("the engine, skipping references to places written alike", () => {
  it("finds what comparing every schema finds, where one shared schema changed", () => {
    fc.assert(
      fc.property(document, schemaNames, schema, (base, name, changed) => {
        const head = structuredClone(base);
        head.components.schemas[name] = changed;
        const { compared, skipped } = findingsBothWays(base, head);
        expect(skipped).toEqual(compared);
      }),
      { numRuns: 150 },
    );
  });

  it("finds what comparing every schema finds, between any two documents", () => {
    fc.assert(
      fc.property(document, document, (base, head) => {
        const { compared, skipped } = findingsBothWays(base, head);
        expect(skipped).toEqual(compared);
      }),
      { numRuns: 100 },
    );
  });
});

describe("unchangedReferences", () => {
  const cycle = { A: { type: "object", properties: { b: ref("B") } }, B: { type: "object", properties: { a: ref("A") } } };

  it("takes a reference as unchanged when its place and all it reaches are written alike, cycles included", () => {
    expect(unchangedReferences(documentWith(cycle), documentWith(structuredClone(cycle)))(ref("A"), ref("A"))).toBe(true);
  });

  it("takes it as changed when anything it reaches changed, however deep in a cycle, whichever place is asked first", () => {
    const head = documentWith({ ...cycle, B: { type: "object", properties: { a: ref("A"), extra: { type: "string" } } } });
    for (const first of ["A", "B"]) {
      const unchanged = unchangedReferences(documentWith(cycle), head);
      expect(unchanged(ref(first), ref(first)), first).toBe(false);
      expect(unchanged(ref("A"), ref("A"))).toBe(false);
      expect(unchanged(ref("B"), ref("B"))).toBe(false);
    }
  });

  it("remembers no place as unchanged on the assumption a cycle made, once that assumption failed", () => {
    // C and A reach each other; A also reaches B, which changed. C, asked while A was pending, looked alike.
    const base = { A: { properties: { c: ref("C"), b: ref("B") } }, B: { type: "string" }, C: { properties: { a: ref("A") } } };
    const head = { ...base, B: { type: "integer" } };
    const unchanged = unchangedReferences(documentWith(base), documentWith(head));
    expect(unchanged(ref("A"), ref("A"))).toBe(false);
    expect(unchanged(ref("C"), ref("C"))).toBe(false);
  });

  it("follows a discriminator's mapping", () => {
    const base = {
      Pet: { discriminator: { propertyName: "kind", mapping: { cat: "#/components/schemas/Cat" } } },
      Cat: { type: "object" },
    };
    const head = { ...base, Cat: { type: "object", required: ["name"] } };
    expect(unchangedReferences(documentWith(base), documentWith(head))(ref("Pet"), ref("Pet"))).toBe(false);
  });

  it("answers false for different references, other files, a missing place, a schema that is not a reference, or documents that read schemas differently", () => {
    const schemas = { A: { type: "string" }, B: { type: "string" } };
    const unchanged = unchangedReferences(documentWith(schemas), documentWith(schemas));
    expect(unchanged(ref("A"), ref("B"))).toBe(false);
    expect(unchanged({ $ref: "other.yaml#/A" }, { $ref: "other.yaml#/A" })).toBe(false);
    expect(unchanged(ref("Nope"), ref("Nope"))).toBe(false);
    expect(unchanged({ type: "string" }, { type: "string" })).toBe(false);
    expect(unchangedReferences(documentWith(schemas, "3.0.3"), documentWith(schemas))(ref("A"), ref("A"))).toBe(false);
  });
});
