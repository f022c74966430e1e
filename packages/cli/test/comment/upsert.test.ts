// The body of the one comment: the marker line first (that is how the next run finds it), then
// the text, cut at a line to what the provider keeps.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commentBody, markerLine } from "../../src/comment/upsert.js";

describe("commentBody", () => {
  it("is the marker line and the text when it fits", () => {
    expect(commentBody("# API changes\n", "signing-platform-changelog", 100)).toBe("<!-- signing-platform-changelog -->\n# API changes\n");
  });

  it("cuts a long text at a line and says so", () => {
    // 11 characters of marker line and 92 of notice leave 27 of text: two lines.
    const body = commentBody(`line one\nline two\nline three ${"x".repeat(200)}\n`, "m", 130);
    expect(body).toBe(
      "<!-- m -->\nline one\nline two\n\n*Cut short: the whole text is longer than a comment may be; the job's log has all of it.*\n",
    );
  });

  it("property: never longer than the limit, always found again by its marker", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 3000 }), fc.integer({ min: 200, max: 4000 }), (text, max) => {
        const body = commentBody(text, "signing-platform-changelog", max);
        expect(body.length).toBeLessThanOrEqual(max);
        expect(body.startsWith(`${markerLine("signing-platform-changelog")}\n`)).toBe(true);
        if (text.length + 36 <= max) expect(body.endsWith(text)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
