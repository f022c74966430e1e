// The expression evaluator the GitHub Action's tests run the action with: it must read the
// action's conditions as GitHub does, or those tests would pass on a misreading.
import { describe, expect, it } from "vitest";
import { condition, evaluate, substitute, type ExpressionContext, type Value } from "./support/github-expressions.js";

function context(
  event: { [key: string]: Value },
  failed = false,
  inputs: { [key: string]: Value } = { comment: "true", "fail-on": "breaking" },
): ExpressionContext {
  return {
    contexts: { github: { event, token: "t" }, inputs, steps: { base: { outputs: { file: "/tmp/b.yaml" } } }, env: {}, runner: {} },
    inputNames: new Set(Object.keys(inputs)),
    failed,
  };
}
const pullRequest = { pull_request: { number: 7, base: { sha: "abc" } } };

describe("GitHub expressions", () => {
  it.each<[string, { given: string; event?: { [key: string]: Value }; failed?: boolean; want: Value }]>([
    ["a property", { given: "github.event.pull_request.base.sha", event: pullRequest, want: "abc" }],
    ["a missing property is null", { given: "github.event.pull_request.base.sha", event: {}, want: null }],
    ["an input with a hyphen", { given: "inputs.fail-on", want: "breaking" }],
    ["an index", { given: "steps['base'].outputs.file", want: "/tmp/b.yaml" }],
    ["strings compare without case", { given: "inputs.comment == 'TRUE'", want: true }],
    ["a string and a number compare as numbers", { given: "'7' == 7", want: true }],
    ["|| gives the first truthy operand", { given: "github.event.pull_request || 'none'", event: {}, want: "none" }],
    ["&& gives the last operand when all are truthy", { given: "inputs.comment && inputs.fail-on", want: "breaking" }],
    ["! of an empty string", { given: "!''", want: true }],
    ["parentheses", { given: "!(inputs.comment == 'true' && false)", want: true }],
    ["a quote in a string", { given: "'it''s'", want: "it's" }],
  ])("%s", (_name, { given, event = {}, failed = false, want }) => {
    expect(evaluate(given, context(event, failed))).toEqual(want);
  });

  it("reads the action's comment condition", () => {
    const when = "inputs.comment == 'true' && (github.event.pull_request || github.event.issue.pull_request)";
    expect(condition(when, context(pullRequest))).toBe(true);
    expect(condition(when, context({ issue: { number: 3, pull_request: { url: "u" } } }))).toBe(true);
    expect(condition(when, context({ ref: "refs/heads/main" }))).toBe(false);
    expect(condition(when, context(pullRequest, false, { comment: "false", "fail-on": "breaking" }))).toBe(false);
    expect(condition(when, context(pullRequest, true)), "success() is implied").toBe(false);
  });

  it("runs a step without if: only while no step has failed, and always() regardless", () => {
    expect(condition(undefined, context({}))).toBe(true);
    expect(condition(undefined, context({}, true))).toBe(false);
    expect(condition("${{ always() }}", context({}, true))).toBe(true);
    expect(condition("failure()", context({}, true))).toBe(true);
  });

  it("writes values into text as GitHub does", () => {
    expect(substitute("[${{ github.event.pull_request.base.sha }}|${{ github.event.nothing }}|${{ 1 == 1 }}]", context(pullRequest))).toBe(
      "[abc||true]",
    );
  });

  it("refuses an input the action does not declare, and an unknown context", () => {
    expect(() => evaluate("inputs.fail_on", context({}))).toThrow(/no input "fail_on"/);
    expect(() => evaluate("secret.token", context({}))).toThrow(/unknown context "secret"/);
  });
});
