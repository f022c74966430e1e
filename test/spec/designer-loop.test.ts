// A designer's week, in a copy of the repository, following docs/contributing.md and nothing
// else: write the conventions wrong and see each at its .tsp line when the spec compiles; add a
// resource, an error code and an event type in .tsp (and the interface document) only; build;
// see the sandbox serve the new operation and `trigger` send the new event; then make a
// breaking change and a harmless commit after it, and see the gate, run as CI runs it, fail
// with GitHub annotations on the .tsp line. Nothing outside spec/ and docs/interface.md is
// edited by hand.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { startSandboxProcess, type SandboxProcess } from "../../packages/sandbox/test/support/sandbox-process.js";
import { copyRepository, git } from "../support/repository-copy.js";

const LIBRARY = "@signing-platform/typespec-conventions";
let copy: { dir: string; remove: () => void };
let firstCommit: string;

const file = (path: string) => join(copy.dir, path);
const read = (path: string) => readFileSync(file(path), "utf8");
const write = (path: string, text: string) => writeFileSync(file(path), text);
const edit = (path: string, from: string | RegExp, to: string) => {
  const before = read(path);
  const after = before.replace(from, to);
  if (after === before) throw new Error(`${path}: ${String(from)} is not there`);
  write(path, after);
};
const run = (command: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(command, args, { cwd: copy.dir, encoding: "utf8", env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
const cli = (...args: string[]) => run(process.execPath, [file("packages/cli/bin/signing-platform.js"), ...args]);

/** The inner loop docs/contributing.md gives a designer, once: the spec's diagnostics, and the exit status. */
const compileSpec = () => run("npm", ["run", "--silent", "spec:watch", "--", "--once"]);

/** The line (from 1) of the marker `mark:<name>` in a file of the copy. */
function markedLine(path: string, name: string): number {
  const index = read(path)
    .split("\n")
    .findIndex((line) => line.includes(`mark:${name}`));
  if (index < 0) throw new Error(`no mark:${name} in ${path}`);
  return index + 1;
}

// Each convention written wrong, with a mark on the line the finding must name.
const PROBES = `import "@typespec/http";
import "../common/index.tsp";
import "../errors/index.tsp";

using Http;
using SigningPlatform.Models;

namespace SigningPlatform {
  @route("/probes/{id}")
  @get
  op getProbe(@path id: string, ...IfNoneMatchHeader): { // mark:resource-etag
    @statusCode statusCode: 200;
    ...StandardResponseHeaders;
    @body body: Probe;
  } | NotModifiedResponse;

  @route("/probes")
  @get
  op listProbes(): ResourceResponse<ProbeList>; // mark:pagination

  @route("/probes/{id}/lock")
  @post
  op lockProbe( // mark:inline-error
    @path id: string,
    @header("Idempotency-Key") key: string, // mark:idempotency-key
  ): ResourceResponse<Probe> | {
    @statusCode statusCode: 423;
    ...StandardResponseHeaders;
    @body body: { error: { code: "locked"; message: string; request_id: string; details: ErrorDetail[] } };
  };
}

namespace SigningPlatform.Models {
  /** A probe. */
  model Probe {
    id: string;
    createdAt: string; // mark:snake-case
  }

  /** Probes, not paged. */
  model ProbeList {
    data: Probe[];
  }

  #suppress "${LIBRARY}/snake-case" // mark:suppression-reason
  model LegacyProbe { legacyName: string }
}
`;

// The new resource, error code and event type, written as docs/contributing.md says.
const EVENTS_RESOURCE = `import "@typespec/http";
import "@typespec/openapi";
import "../common/index.tsp";
import "../errors/index.tsp";
import "../webhooks/events.tsp";

using Http;
using OpenAPI;
using SigningPlatform.Models;

namespace SigningPlatform {
  /** List what happened to a signing request, one page at a time, oldest first. */
  @opExample(#{
    parameters: #{ id: "sr_8Kd2Rv", limit: 1 },
    returnType: #{
      statusCode: 200,
      ...exampleResponseHeaders,
      etag: "\\"6c1d0e\\"",
      body: #{ items: #[#{ id: "evt_3Jt9Qa", type: "signing_request.created" }], cursor: "c2VxOjE", next: "http://127.0.0.1:4010/v1/signing-requests/sr_8Kd2Rv/events?cursor=c2VxOjE" },
    },
  })
  @summary("List the events of a signing request")
  @tag("Signing requests")
  @route("/v1/signing-requests/{id}/events")
  @get
  @list
  op listSigningRequestEvents(
    /** Identifier of the signing request, shaped \`sr_<id>\`. */
    @path id: string,

    ...CursorPageParameters,
  ): WithStandardErrors<ResourceResponse<SigningRequestHistory> | BadRequestResponse | NotFoundResponse>;
}

namespace SigningPlatform.Models {
  /** One thing that happened to a signing request. */
  model SigningRequestHistoryEntry {
    /** The event that said so. */
    id: EventId;

    /** What happened. */
    type: EventType;
  }

  /** A page of a signing request's history. */
  model SigningRequestHistory is Page<SigningRequestHistoryEntry>;
}
`;

beforeAll(() => {
  copy = copyRepository();
  firstCommit = git(copy.dir, "rev-parse", "HEAD").trim();
});
afterAll(() => copy?.remove());

describe("a designer's loop, in a copy of the repository", () => {
  it("shows every convention written wrong at its .tsp line when the spec compiles", () => {
    write("spec/resources/probes.tsp", PROBES);
    edit("spec/resources/index.tsp", /$/, `import "./probes.tsp";\n`);
    const compiled = compileSpec();
    const output = compiled.stdout + compiled.stderr;
    expect(compiled.status, output).not.toBe(0);
    const at = (mark: string) => `spec/resources/probes.tsp:${markedLine("spec/resources/probes.tsp", mark)}:`;
    const expected: [mark: string, rule: string, message: RegExp][] = [
      ["resource-etag", "resource-etag", /GET \/probes\/\{id\} returns a resource without the ETag header/],
      ["pagination", "pagination", /GET \/probes returns a list of resources \(\{ data: Probe\[\] \}\).*`Page<Probe>`/],
      ["idempotency-key", "idempotency-key", /POST \/probes\/\{id\}\/lock writes the Idempotency-Key header by hand/],
      ["inline-error", "status-table", /POST \/probes\/\{id\}\/lock declares a 423 response, which the HTTP status table does not list/],
      ["inline-error", "error-catalogue", /answers error code "locked", which is not in the catalogue/],
      ["snake-case", "snake-case", /Property "createdAt" of Probe is not snake_case/],
      ["suppression-reason", "suppression-reason", /gives no reason/],
      ["pagination", "operation-example", /GET \/probes shows no example/],
    ];
    for (const [mark, rule, message] of expected) {
      const line = output.split("\n").find((text) => text.startsWith(at(mark)) && text.includes(`${LIBRARY}/${rule}`));
      expect(line, `${rule} at ${at(mark)}\n${output}`).toBeDefined();
      expect(line).toMatch(message);
    }
  });

  // A full build of the copy: about three minutes on a busy 2-core machine.
  it("adds a resource, an error code and an event type from the .tsp alone, and builds", { timeout: 900_000 }, () => {
    // The violations go; the designer writes the real additions.
    edit("spec/resources/index.tsp", `import "./probes.tsp";\n`, `import "./signing-request-events.tsp";\n`);
    git(copy.dir, "rm", "-q", "--cached", "--ignore-unmatch", "spec/resources/probes.tsp");
    run("rm", ["spec/resources/probes.tsp"]);
    write("spec/resources/signing-request-events.tsp", EVENTS_RESOURCE);

    // An error code: the variant with its status (docs/contributing.md, Add an error code), and its row in the interface document.
    edit(
      "spec/errors/error-codes.tsp",
      `  @errorStatus(404) not_found: "not_found",\n`,
      `  @errorStatus(404) not_found: "not_found",\n\n  /** The signing request was archived: its history is no longer kept. */\n  @errorStatus(410) signing_request_archived: "signing_request_archived",\n`,
    );
    edit(
      "docs/interface.md",
      /(\| delivery_expired \| 410 \|[^\n]*\n)/,
      "$1| signing_request_archived | 410 | The signing request was archived: its history is no longer kept. |\n",
    );

    // An event type (Add an event type): the variant, its event model, its place in the union, its webhook, its row.
    edit(
      "spec/webhooks/events.tsp",
      "  /** The customer pressed Send test in the console. */\n  ping:",
      '  /** The signer was reminded to act. */\n  `signing_request.reminded`: "signing_request.reminded",\n\n  /** The customer pressed Send test in the console. */\n  ping:',
    );
    edit(
      "spec/webhooks/events.tsp",
      "/** Emitted when the customer pressed Send test in the console. */",
      '/** Emitted when the signer was reminded to act. */\nmodel SigningRequestRemindedEvent is EventEnvelope<"signing_request.reminded", SigningRequestEventData>;\n\n/** Emitted when the customer pressed Send test in the console. */',
    );
    edit(
      "spec/webhooks/events.tsp",
      "  ping: PingEvent,\n}",
      "  `signing_request.reminded`: SigningRequestRemindedEvent,\n  ping: PingEvent,\n}",
    );
    edit(
      "spec/webhooks/delivery.tsp",
      "  /** The customer pressed Send test in the console. */",
      '  /** The signer was reminded to act. */\n  @summary("Event signing_request.reminded")\n  @webhook(EventType.`signing_request.reminded`)\n  @route("/signing_request.reminded")\n  @post\n  op signingRequestReminded(...DeliveryHeaders, @body event: SigningRequestRemindedEvent): DeliveryAcknowledgement;\n\n  /** The customer pressed Send test in the console. */',
    );
    edit(
      "docs/interface.md",
      /(\| ping \| The customer pressed Send test in the console\. \|\n)/,
      "| signing_request.reminded | The signer was reminded to act. |\n$1",
    );

    const compiled = compileSpec();
    expect(compiled.status, compiled.stdout + compiled.stderr).toBe(0);
    const build = run("npm", ["run", "build"]);
    expect(build.status, build.stdout.slice(-4000) + build.stderr.slice(-4000)).toBe(0);

    const document = YAML.parse(read("generated/openapi.yaml"));
    expect(document.paths["/v1/signing-requests/{id}/events"].get.operationId).toBe("listSigningRequestEvents");
    expect(Object.keys(document.webhooks)).toContain("signing_request.reminded");
    const catalogue = JSON.parse(read("generated/catalogue.json"));
    expect(catalogue.errors.map((entry: { code: string }) => entry.code)).toContain("signing_request_archived");
    const sourceMap = JSON.parse(read("generated/openapi.sourcemap.json"));
    expect(sourceMap.sources["/paths/~1v1~1signing-requests~1{id}~1events/get"]).toMatchObject({
      file: "../spec/resources/signing-request-events.tsp",
    });

    git(copy.dir, "add", "-A");
    git(copy.dir, "commit", "-q", "-m", "signing requests: their history, page by page; an archived code; a reminder event");
  });

  describe("the sandbox of the copy", () => {
    let sandbox: SandboxProcess;
    let token: string;
    beforeAll(async () => {
      sandbox = await startSandboxProcess({ bin: file("packages/cli/bin/signing-platform.js"), cwd: copy.dir, webhookTimeScale: 0.01 });
      const organization = await fetch(`${sandbox.url}/_sandbox/organizations`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      token = ((await organization.json()) as { access_token: string }).access_token;
    });
    afterAll(() => sandbox?.stop());

    it("serves the new operation from its schema, with the conventions", async () => {
      const response = await fetch(`${sandbox.url}/v1/signing-requests/sr_8Kd2Rv/events?limit=2`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await response.json()) as { items: unknown[]; cursor: unknown; next: unknown };
      expect(response.status, JSON.stringify(body)).toBe(200);
      expect(response.headers.get("etag")).toMatch(/^"/);
      expect(response.headers.get("request-id")).toBeTruthy();
      expect(response.headers.get("ratelimit-remaining")).toMatch(/^\d+$/);
      expect(Array.isArray(body.items)).toBe(true);
      expect(body).toHaveProperty("cursor");
      expect(body).toHaveProperty("next");
    });

    it("triggers the new event type", () => {
      const triggered = cli("trigger", "signing_request.reminded", "--token", token, "--base-url", sandbox.url);
      expect(triggered.status, triggered.stdout + triggered.stderr).toBe(0);
      expect(triggered.stdout).toMatch(/Triggered signing_request\.reminded/);
    });
  });

  it("fails the gate, as CI runs it, on a breaking change a harmless commit later, with an annotation on the .tsp line", {
    timeout: 300_000,
  }, () => {
    // A required response property goes…
    edit("spec/resources/signing-requests.tsp", /    \/\*\* The documents of the request\. \*\/\n    documents: Document\[\];\n\n/, "");
    const breaking = run("node", ["scripts/build.mjs", "--spec-only"]);
    expect(breaking.status, breaking.stderr).toBe(0);
    git(copy.dir, "commit", "-q", "-am", "signing requests: documents are read elsewhere");
    // …and a later commit only rewords a summary.
    edit("spec/resources/certificates.tsp", '@summary("Get a certificate")', '@summary("Read a certificate")');
    const harmless = run("node", ["scripts/build.mjs", "--spec-only"]);
    expect(harmless.status, harmless.stderr).toBe(0);
    git(copy.dir, "commit", "-q", "-am", "certificates: a clearer summary");

    const gate = run("npm", ["run", "--silent", "check:breaking"], { GITHUB_ACTIONS: "true" });
    expect(gate.status, gate.stdout + gate.stderr).toBe(1);
    expect(gate.stdout + gate.stderr).toMatch(/^Base: /m);
    expect(gate.stdout).toMatch(
      /^::error file=spec\/resources\/signing-requests\.tsp,line=\d+,col=\d+,title=Breaking change%3A response-required-property-removed::GET \/v1\/signing-requests\/\{id\} .*documents/m,
    );
  });

  it("edited nothing by hand outside spec/ and docs/interface.md", () => {
    const changed = git(copy.dir, "diff", "--name-only", `${firstCommit}..HEAD`)
      .split("\n")
      .filter(Boolean)
      .filter((path) => !path.startsWith("generated/"));
    expect(changed.filter((path) => !path.startsWith("spec/") && path !== "docs/interface.md")).toEqual([]);
  });
});
