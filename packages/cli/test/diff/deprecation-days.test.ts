// Deprecation periods through the CLI's run: --deprecation-days-beta and --deprecation-days-stable
// (oasdiff's options, 0 by default: no period) are the days of notice a deprecation must give,
// for the operations of that stability level and their parameters and properties: an x-sunset at
// least that far ahead, never moved sooner. As in oasdiff, an x-sunset that is not a date, or is
// already past, or removed while the deprecation stays, is breaking whatever the period. A value
// that is not a whole number of days is exit 2 and one line.
import { afterAll, describe, expect, it } from "vitest";
import { cleanDocument, runInProcess, workspace, type Json, withoutVersioning } from "../support/cli.js";

const work = workspace();
afterAll(work.cleanup);

/** The day `days` from today (UTC), as an x-sunset. */
const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

const certificates = (document: Json) => document.paths["/certificates"].get;
const cursor = (document: Json) => certificates(document).parameters[1];
const schemas = (document: Json) => document.components.schemas;

/** Marks `node` deprecated, with `sunset` as its x-sunset unless undefined. */
const deprecate = (node: Json, sunset?: string) =>
  Object.assign(node, { deprecated: true }, sunset === undefined ? {} : { "x-sunset": sunset });

type Change = (document: Json) => void;

interface Case {
  given: { base?: Change; head: Change; options?: string[] };
  want: { found: string[]; status: number };
}

const operation =
  (sunset?: string, stability?: string): Change =>
  (document) => {
    deprecate(certificates(document), sunset);
    if (stability) certificates(document)["x-stability-level"] = stability;
  };
const atLevel =
  (stability: string): Change =>
  (document) =>
    (certificates(document)["x-stability-level"] = stability);

const cases: [string, Case][] = [
  // No period: oasdiff's defaults.
  ["no period: deprecated with no x-sunset", { given: { head: operation() }, want: { found: ["endpoint-deprecated"], status: 0 } }],
  [
    "no period: deprecated with an x-sunset ahead",
    { given: { head: operation(inDays(5)) }, want: { found: ["endpoint-deprecated-with-sunset"], status: 0 } },
  ],
  [
    "no period: an x-sunset already past gives no notice",
    { given: { head: operation(inDays(-5)) }, want: { found: ["api-sunset-date-too-small"], status: 1 } },
  ],
  ["an x-sunset that is not a date", { given: { head: operation("soon") }, want: { found: ["api-deprecated-sunset-parse"], status: 1 } }],
  // A period for stable operations (unmarked ones are stable).
  [
    "--deprecation-days-stable: deprecated with no x-sunset",
    {
      given: { head: operation(), options: ["--deprecation-days-stable", "30"] },
      want: { found: ["api-deprecated-sunset-missing"], status: 1 },
    },
  ],
  [
    "--deprecation-days-stable: an x-sunset too soon",
    {
      given: { head: operation(inDays(10)), options: ["--deprecation-days-stable", "30"] },
      want: { found: ["api-sunset-date-too-small"], status: 1 },
    },
  ],
  [
    "--deprecation-days-stable: an x-sunset exactly the period ahead",
    {
      given: { head: operation(inDays(30)), options: ["--deprecation-days-stable", "30"] },
      want: { found: ["endpoint-deprecated-with-sunset"], status: 0 },
    },
  ],
  [
    "--deprecation-days-stable does not apply to a beta operation",
    {
      given: { base: atLevel("beta"), head: operation(undefined, "beta"), options: ["--deprecation-days-stable", "30"] },
      want: { found: ["endpoint-deprecated"], status: 0 },
    },
  ],
  [
    "--deprecation-days-beta applies to a beta operation",
    {
      given: { base: atLevel("beta"), head: operation(inDays(10), "beta"), options: ["--deprecation-days-beta", "30"] },
      want: { found: ["api-sunset-date-too-small"], status: 1 },
    },
  ],
  [
    "--deprecation-days-beta does not apply to a stable operation",
    {
      given: { head: operation(inDays(10)), options: ["--deprecation-days-beta", "30"] },
      want: { found: ["endpoint-deprecated-with-sunset"], status: 0 },
    },
  ],
  [
    "no period applies to an alpha operation, whose changes are not judged",
    {
      given: {
        base: atLevel("alpha"),
        head: operation(undefined, "alpha"),
        options: ["--deprecation-days-beta", "30", "--deprecation-days-stable", "90"],
      },
      want: { found: [], status: 0 },
    },
  ],
  // Parameters and properties of the operation.
  [
    "a parameter deprecated with no x-sunset",
    {
      given: { head: (document) => deprecate(cursor(document)), options: ["--deprecation-days-stable", "30"] },
      want: { found: ["request-parameter-deprecated-sunset-missing"], status: 1 },
    },
  ],
  [
    "a parameter deprecated with an x-sunset too soon",
    {
      given: { head: (document) => deprecate(cursor(document), inDays(3)), options: ["--deprecation-days-stable", "30"] },
      want: { found: ["request-parameter-sunset-date-too-small"], status: 1 },
    },
  ],
  [
    "a parameter deprecated with an x-sunset that is not a date",
    {
      given: { head: (document) => deprecate(cursor(document), "next year") },
      want: { found: ["request-parameter-sunset-parse"], status: 1 },
    },
  ],
  [
    "a parameter deprecated in time",
    {
      given: { head: (document) => deprecate(cursor(document), inDays(40)), options: ["--deprecation-days-stable", "30"] },
      want: { found: ["request-parameter-deprecated"], status: 0 },
    },
  ],
  [
    "a response property deprecated with an x-sunset too soon",
    {
      given: {
        head: (document) => deprecate(schemas(document).CertificatePage.properties.cursor, inDays(10)),
        options: ["--deprecation-days-stable", "30"],
      },
      want: { found: ["response-property-sunset-date-too-small"], status: 1 },
    },
  ],
  [
    "a property of both request and response deprecated with no x-sunset",
    {
      given: { head: (document) => deprecate(schemas(document).Enrollment.properties.id), options: ["--deprecation-days-stable", "30"] },
      want: { found: ["request-property-deprecated-sunset-missing", "response-property-deprecated-sunset-missing"], status: 1 },
    },
  ],
  [
    "a webhook payload property deprecated with an x-sunset that is not a date",
    {
      given: { head: (document) => deprecate(schemas(document).SigningRequestEvent.properties.livemode, "someday") },
      want: { found: ["webhook-property-deprecated-sunset-invalid"], status: 1 },
    },
  ],
  // An x-sunset once given.
  [
    "an x-sunset moved sooner than the period",
    {
      given: { base: operation(inDays(200)), head: operation(inDays(10)), options: ["--deprecation-days-stable", "30"] },
      want: { found: ["api-sunset-date-changed-too-small"], status: 1 },
    },
  ],
  [
    "an x-sunset moved sooner, still within the period",
    {
      given: { base: operation(inDays(200)), head: operation(inDays(100)), options: ["--deprecation-days-stable", "30"] },
      want: { found: [], status: 0 },
    },
  ],
  ["an x-sunset moved later", { given: { base: operation(inDays(10)), head: operation(inDays(100)) }, want: { found: [], status: 0 } }],
  [
    "an x-sunset removed while the operation stays deprecated",
    {
      given: { base: operation(inDays(100)), head: (document) => delete certificates(document)["x-sunset"] },
      want: { found: ["sunset-deleted"], status: 1 },
    },
  ],
  [
    "a parameter's x-sunset removed while it stays deprecated",
    {
      given: { base: (document) => deprecate(cursor(document), inDays(100)), head: (document) => delete cursor(document)["x-sunset"] },
      want: { found: ["request-parameter-sunset-deleted"], status: 1 },
    },
  ],
  [
    "a parameter's x-sunset moved sooner than the period",
    {
      given: {
        base: (document) => deprecate(cursor(document), inDays(100)),
        head: (document) => deprecate(cursor(document), inDays(5)),
        options: ["--deprecation-days-stable", "30"],
      },
      want: { found: ["request-parameter-sunset-date-changed-too-small"], status: 1 },
    },
  ],
];

describe("--deprecation-days-beta and --deprecation-days-stable", () => {
  it.each(cases.map(([name, item], index) => [name, index, item] as const))("%s", async (_name, index, { given, want }) => {
    const base = cleanDocument();
    given.base?.(base);
    const head = structuredClone(base);
    given.head(head);
    work.write(`${index}-base.yaml`, base);
    work.write(`${index}-head.yaml`, head);
    const run = await runInProcess(
      ["diff", `${index}-base.yaml`, `${index}-head.yaml`, "--format", "json", ...(given.options ?? [])],
      work.dir,
    );
    expect(run.stderr).toBe("");
    const findings = withoutVersioning((JSON.parse(run.stdout) as { findings: { id: string }[] }).findings);
    expect({ found: findings.map((finding) => finding.id).sort(), status: run.status }).toEqual(want);
  });

  it("says what the period asks for, and which option asks it", async () => {
    const base = cleanDocument();
    const head = structuredClone(base);
    operation(inDays(10))(head);
    work.write("message-base.yaml", base);
    work.write("message-head.yaml", head);
    const run = await runInProcess(["diff", "message-base.yaml", "message-head.yaml", "--deprecation-days-stable", "30"], work.dir);
    expect(run.stdout).toContain(
      `api-sunset-date-too-small  GET /certificates is now deprecated with x-sunset ${inDays(10)}: it must be at least 30 days ahead (--deprecation-days-stable).`,
    );
  });

  it.each([
    ["--deprecation-days-stable=-1", 'signing-platform diff: --deprecation-days-stable "-1": use a whole number of days, 0 or more.'],
    ["--deprecation-days-beta=thirty", 'signing-platform diff: --deprecation-days-beta "thirty": use a whole number of days, 0 or more.'],
    ["--deprecation-days-stable=1.5", 'signing-platform diff: --deprecation-days-stable "1.5": use a whole number of days, 0 or more.'],
    ["--deprecation-days-beta=", 'signing-platform diff: --deprecation-days-beta "": use a whole number of days, 0 or more.'],
  ])("is unusable input for %s: exit 2, one line", async (option, line) => {
    work.write("any.yaml", cleanDocument());
    const run = await runInProcess(["diff", "any.yaml", "any.yaml", option], work.dir);
    expect([run.status, run.stdout, run.stderr]).toEqual([2, "", `${line}\n`]);
  });
});
