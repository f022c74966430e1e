// The corpus pairs (./corpus.ts: the classes oasdiff holds us to beyond ./check-classes.ts)
// through the engine itself: each gives its check id with its verdict, placed where the case
// says, and a change no client can notice gives nothing.
import { describe, expect, it } from "vitest";
import { compareDocuments } from "../../src/diff/compare.js";
import { inMemoryDocument } from "./in-memory-document.js";
import { CORPUS, loadBase } from "./corpus.js";

const loaded = inMemoryDocument;

describe("the corpus, as the engine judges it", () => {
  it.each(CORPUS.map((item) => [item.name, item] as const))("%s", (_name, item) => {
    const base = loadBase();
    item.prepareBase?.(base);
    const head = structuredClone(base);
    item.change(head);
    const findings = compareDocuments(loaded(base, "base.yaml"), loaded(head, "head.yaml"));
    if (item.id === "") {
      expect(findings).toEqual([]);
      return;
    }
    const found = findings.filter((finding) => finding.id === item.id);
    expect(found.length, JSON.stringify(findings.map((finding) => finding.id))).toBeGreaterThan(0);
    expect(found.some((finding) => (finding.level === "breaking") === item.breaking)).toBe(true);
    expect(found.map((finding) => finding[item.at.side]?.pointer)).toContain(item.at.pointer);
  });
});
