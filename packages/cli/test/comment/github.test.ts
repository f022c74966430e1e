// The pull request number from GitHub Actions' event file, which the command reads as it finds
// it: every event a workflow can run on, and any text at all, gives a number or a problem to
// report, never a crash.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pullRequestNumber } from "../../src/comment/github.js";

describe("pullRequestNumber", () => {
  it.each<[string, { given: unknown; want: number | RegExp }]>([
    ["pull_request", { given: { action: "opened", number: 7, pull_request: { number: 7 } }, want: 7 }],
    ["issue_comment on a pull request", { given: { issue: { number: 12, pull_request: { url: "u" } } }, want: 12 }],
    ["issue_comment on an issue", { given: { issue: { number: 12 } }, want: /no pull_request\.number/ }],
    ["push", { given: { ref: "refs/heads/main", before: "0", after: "1" }, want: /no pull_request\.number/ }],
    ["a number that is text", { given: { pull_request: { number: "7" } }, want: /no pull_request\.number/ }],
    ["zero", { given: { pull_request: { number: 0 } }, want: /no pull_request\.number/ }],
    ["an array", { given: [], want: /no pull_request\.number/ }],
  ])("%s", (_name, { given, want }) => {
    const found = pullRequestNumber(JSON.stringify(given));
    if (typeof want === "number") expect(found).toBe(want);
    else expect((found as { problem: string }).problem).toMatch(want);
  });

  it("says a file is not JSON", () => {
    expect(pullRequestNumber("{ nope")).toEqual({ problem: expect.stringMatching(/^is not JSON \(.+\)$/) });
  });

  it("property: any text gives a positive integer or a problem in one line", () => {
    const events = fc.oneof(
      fc.string(),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.record({ pull_request: fc.record({ number: fc.jsonValue() }, { requiredKeys: [] }) }).map((value) => JSON.stringify(value)),
    );
    fc.assert(
      fc.property(events, (text) => {
        const found = pullRequestNumber(text);
        if (typeof found === "number") expect(Number.isSafeInteger(found) && found > 0).toBe(true);
        else expect(found.problem).not.toMatch(/\n/);
      }),
      { numRuns: 2000 },
    );
  });
});
