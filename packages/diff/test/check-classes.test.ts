// The check classes (./check-classes.ts, each pair held to the reference tool by
// ./oasdiff-agreement.test.ts) through the engine: each pair gives its check id with its
// verdict, placed where the pair says, and a change no client can notice gives nothing.
// packages/cli/test/diff/catalogue.test.ts runs the same pairs through `signing-platform diff`.
import { describe, expect, it } from "vitest";
import { compareDocuments } from "../src/compare.js";
import { CHECK_CLASSES, documentsOf } from "./check-classes.js";
import { inMemoryDocument } from "./in-memory-document.js";

describe("the engine", () => {
  it.each(CHECK_CLASSES.map((item) => [item.name, item] as const))("%s", (_name, item) => {
    const { base, head } = documentsOf(item);
    const findings = compareDocuments(inMemoryDocument(base, "base.yaml"), inMemoryDocument(head, "head.yaml"));
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
