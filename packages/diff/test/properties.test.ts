// Properties of the diff engine over documents no one wrote by hand: random schemas, with
// $refs, cycles, compositions and every keyword the checks read. Comparing a document with
// itself, or with a copy whose keys are reordered, finds nothing; comparing any two finds
// only checks from the table, each placed at a pointer that exists in the side it names, and
// never throws.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CHECKS } from "../src/checks/index.js";
import { compareDocuments } from "../src/compare.js";
import { inMemoryDocument } from "./in-memory-document.js";
import { document } from "./random-documents.js";
import { type Json, resolvePointer } from "@signing-platform/contract/openapi";

const loaded = inMemoryDocument;
const today = new Date("2026-06-01T00:00:00Z");
const ids = new Set(CHECKS.map((check) => check.id));

/** The same document with every object's keys in reverse order: a re-serialisation. */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, child]) => [key, reordered(child)]),
  );
}

describe("the diff engine on random documents", () => {
  it("finds nothing between a document and itself re-serialised", () => {
    fc.assert(
      fc.property(document, (data) => {
        expect(compareDocuments(loaded(data, "base.yaml"), loaded(reordered(data) as Json, "head.yaml"), { today })).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it("reports only checks of the table, each at a place that exists on its side, and never throws", () => {
    fc.assert(
      fc.property(document, document, (base, head) => {
        for (const finding of compareDocuments(loaded(base, "base.yaml"), loaded(head, "head.yaml"), { today })) {
          expect(ids.has(finding.id), finding.id).toBe(true);
          expect(finding.base ?? finding.head).toBeDefined();
          if (finding.base) expect(resolvePointer(base, finding.base.pointer), `${finding.id} base ${finding.base.pointer}`).toBeDefined();
          if (finding.head) expect(resolvePointer(head, finding.head.pointer), `${finding.id} head ${finding.head.pointer}`).toBeDefined();
        }
      }),
      { numRuns: 150 },
    );
  });
});
