// `signing-platform diff`, the real bin in a child process, over fixture pairs: one base, and
// per category a head that changes one thing. Breaking categories exit 1 and are named by their
// check; the others exit 0. The base is the rules' clean fixture
// carrying the project's x-signing-platform-* root extensions, so the catalogue, limits and
// retry schedule are part of the document.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { cleanDocument, generatedOpenApi, repo, runCli, workspace, type Json } from "./support/cli.js";

const work = workspace();
afterAll(work.cleanup);

const generated = YAML.parse(generatedOpenApi());
const ROOT_EXTENSIONS = [
  "x-signing-platform-catalogue",
  "x-signing-platform-limits",
  "x-signing-platform-headers",
  "x-signing-platform-webhook-headers",
];

function baseDocument(): Json {
  const document = cleanDocument();
  for (const name of ROOT_EXTENSIONS) document[name] = structuredClone(generated[name]);
  return document;
}

const base = work.write("base.yaml", baseDocument());
const catalogue = (document: Json) => document["x-signing-platform-catalogue"];
const limits = (document: Json) => document["x-signing-platform-limits"];
const limitSchema = (document: Json) => document.paths["/certificates"].get.parameters[0].schema;
const errorCodeEnum = (document: Json) => document.components.schemas.ErrorBody.properties.error.properties.code.anyOf[1].enum;

interface Pair {
  change: (head: Json) => void;
  /** Check ids the change must be reported with (others may come with them, e.g. one per operation). */
  rules: string[];
  breaking: number;
}

const breaking: [string, Pair][] = [
  [
    "an error code removed from the catalogue",
    {
      change: (head) =>
        catalogue(head).errors.splice(
          catalogue(head).errors.findIndex((entry: Json) => entry.code === "delivery_retired"),
          1,
        ),
      rules: ["error-code-removed"],
      breaking: 1,
    },
  ],
  [
    "an error code's status changed",
    {
      change: (head) => (catalogue(head).errors.find((entry: Json) => entry.code === "conflict").status = 422),
      rules: ["error-code-status-changed"],
      breaking: 1,
    },
  ],
  [
    "an event type removed",
    {
      change: (head) => {
        delete head.webhooks["signing_request.completed"];
        catalogue(head).events = catalogue(head).events.filter((event: Json) => event.type !== "signing_request.completed");
      },
      rules: ["event-type-removed"],
      breaking: 1,
    },
  ],
  [
    "a field removed from an event",
    {
      change: (head) => {
        const envelope = head.components.schemas.SigningRequestEvent;
        delete envelope.properties.livemode;
        envelope.required = envelope.required.filter((field: string) => field !== "livemode");
      },
      rules: ["webhook-required-property-removed"],
      breaking: 1,
    },
  ],
  [
    "a field removed from a resource",
    {
      change: (head) => {
        delete head.components.schemas.SigningRequest.properties.documents;
        head.components.schemas.SigningRequest.required = ["id", "object", "status", "client_secret"];
      },
      rules: ["response-required-property-removed"],
      breaking: 1,
    },
  ],
  [
    "a required header added to an existing operation",
    {
      change: (head) =>
        head.paths["/certificates"].get.parameters.push({ name: "Tenant-Id", in: "header", required: true, schema: { type: "string" } }),
      rules: ["new-required-request-parameter"],
      breaking: 1,
    },
  ],
  [
    "an idempotency requirement added to an existing operation",
    {
      change: (head) => head.paths["/enrollments/{id}"].delete.parameters.push({ $ref: "#/components/parameters/IdempotencyKey" }),
      rules: ["idempotency-requirement-added"],
      breaking: 1,
    },
  ],
  ["the `limit` maximum lowered", { change: (head) => (limitSchema(head).maximum = 50), rules: ["limit-bounds-narrowed"], breaking: 1 }],
  ["the `limit` minimum raised", { change: (head) => (limitSchema(head).minimum = 10), rules: ["limit-bounds-narrowed"], breaking: 1 }],
  [
    "the retry schedule shortened",
    { change: (head) => limits(head).webhook_retry_schedule_seconds.splice(-3), rules: ["retry-schedule-tightened"], breaking: 1 },
  ],
  ["a limit tightened", { change: (head) => (limits(head).webhook_acknowledgement_seconds = 5), rules: ["limit-tightened"], breaking: 1 }],
  [
    "an operation removed",
    { change: (head) => delete head.paths["/enrollments/{id}"], rules: ["api-path-removed-without-deprecation"], breaking: 1 },
  ],
];

const notBreaking: [string, Pair][] = [
  ["nothing changed", { change: () => {}, rules: [], breaking: 0 }],
  [
    "an operation added",
    {
      change: (head) =>
        (head.paths["/certificates/{id}"] = {
          get: { ...structuredClone(head.paths["/v1/signing-requests/{id}"].get), operationId: "getCertificate" },
        }),
      rules: ["endpoint-added"],
      breaking: 0,
    },
  ],
  [
    "an optional parameter added",
    {
      change: (head) => head.paths["/certificates"].get.parameters.push({ name: "status", in: "query", schema: { type: "string" } }),
      rules: ["new-optional-request-parameter"],
      breaking: 0,
    },
  ],
  [
    "an optional response field added",
    {
      change: (head) => (head.components.schemas.Certificate.properties.serial_number = { type: "string" }),
      rules: ["response-optional-property-added"],
      breaking: 0,
    },
  ],
  [
    "an error code added",
    {
      change: (head) => {
        catalogue(head).errors.push({
          code: "certificate_expired",
          status: 422,
          condition: "The certificate has expired.",
          retry: "no",
          source: "interface",
          operations: [],
        });
        errorCodeEnum(head).push("certificate_expired");
      },
      rules: ["error-code-added", "response-property-open-enum-value-added"],
      breaking: 0,
    },
  ],
  [
    "an event type added",
    {
      change: (head) => {
        head.webhooks["signing_request.reminded"] = structuredClone(head.webhooks["signing_request.completed"]);
        head.webhooks["signing_request.reminded"].post.operationId = "signingRequestReminded";
        catalogue(head).events.push({ type: "signing_request.reminded", emitted_when: "A reminder was sent." });
      },
      rules: ["event-type-added"],
      breaking: 0,
    },
  ],
  ["the `limit` maximum raised", { change: (head) => (limitSchema(head).maximum = 200), rules: ["limit-bounds-widened"], breaking: 0 }],
  [
    "the retry schedule lengthened",
    { change: (head) => limits(head).webhook_retry_schedule_seconds.push(7200), rules: ["retry-schedule-changed"], breaking: 0 },
  ],
  ["a limit loosened", { change: (head) => (limits(head).webhook_acknowledgement_seconds = 30), rules: ["limit-loosened"], breaking: 0 }],
];

async function diffPair(name: string, pair: Pair) {
  const head = baseDocument();
  pair.change(head);
  const file = work.write(`${name.replace(/\W+/g, "-")}.yaml`, head);
  const run = await runCli(["diff", base, file, "--format", "json"], work.dir);
  const report = JSON.parse(run.stdout);
  return { run, report, rules: report.findings.map((finding: Json) => finding.id) };
}

describe.concurrent("signing-platform diff, fixture pairs", () => {
  it.each(breaking)("breaking: %s", async (name, pair) => {
    const { run, report, rules } = await diffPair(name, pair);
    expect(rules).toEqual(expect.arrayContaining(pair.rules));
    expect(report.counts.breaking).toBeGreaterThanOrEqual(pair.breaking);
    expect(run.status).toBe(1);
  });

  // @trace not-breaking-s
  it.each(notBreaking)("not breaking: %s", async (name, pair) => {
    const { run, report, rules } = await diffPair(name, pair);
    expect(rules).toEqual(expect.arrayContaining(pair.rules));
    expect(rules.length === 0).toBe(pair.rules.length === 0);
    expect(report.counts.breaking).toBe(0);
    expect(run.status).toBe(0);
  });
});

describe.concurrent("signing-platform diff output", () => {
  const head = work.write(
    "head.yaml",
    (() => {
      const document = baseDocument();
      catalogue(document).errors = catalogue(document).errors.filter((entry: Json) => entry.code !== "delivery_retired");
      document.components.schemas.Certificate.properties.serial_number = { type: "string" };
      return document;
    })(),
  );

  it("names each change, its rule and place in text", async () => {
    const run = await runCli(["diff", base, head], work.dir);
    expect(run.stdout).toMatch(
      /^1 breaking change, 0 warnings, \d+ other changes? from base\.yaml to head\.yaml\.\n\nBreaking changes:\n {2}error-code-removed +Error code `delivery_retired` was removed from the catalogue\. {2}\(base\.yaml:\d+:\d+\)\n/,
    );
    expect(run.stdout).toMatch(
      /\nOther changes, not breaking:\n(.*\n)* {2}response-optional-property-added +.*serial_number: an optional property was added\. {2}\(head\.yaml:\d+:\d+\)\n/,
    );
    expect(run.status).toBe(1);
  });

  it("writes GitHub Actions annotations: errors for breaking changes, notices for the rest", async () => {
    const run = await runCli(["diff", base, head, "--format", "github-actions"], work.dir);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(
      /^::error file=base\.yaml,line=\d+,col=\d+,title=Breaking change%3A error-code-removed::Error code `delivery_retired` was removed from the catalogue\.$/,
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^::notice file=head\.yaml,line=\d+,col=\d+,title=API change%3A response-optional-property-added::.*serial_number: an optional property was added\.$/,
      ),
    );
    expect(run.status).toBe(1);
  });

  it("finds nothing between the committed generated/openapi.yaml and itself (the CI no-op)", async () => {
    const committed = join(repo, "generated", "openapi.yaml");
    const run = await runCli(["diff", committed, committed], work.dir);
    expect(run.stdout).toBe(`No changes from ${committed} to ${committed}.\n`);
    expect(run.status).toBe(0);
  });
});

it("compares a real OpenAPI file (sanity: the base fixture parses as OpenAPI 3.1)", () => {
  expect(YAML.parse(readFileSync(join(work.dir, base), "utf8")).openapi).toBe("3.1.0");
});
