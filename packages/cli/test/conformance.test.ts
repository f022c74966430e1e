// `signing-platform conformance` as a provider runs it in CI: the real bin, from a folder of
// its own, against a running server (its reports and refusals through the bin's `run`, in this
// process). The sandbox (in memory, and on a redis-server) passes every check; Prism, mocking
// the same document, fails the checks that need state; every report format parses; unusable
// input and an unreachable server exit 2 with one line.
//
// No test reads what another did (each full run has an organization of its own), so the tests
// of a suite run concurrently: a test mostly waits on child processes. The suites take turns:
// each starts a server, seconds of work for the CPU that their tests would compete for.
import { connect } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../test/support/ports.js";
import { startPrism, type PrismMock } from "../../../test/support/prism.js";
import { startRedisServer, type RedisServer } from "../../../test/support/redis.js";
import { startSandboxProcess, type SandboxProcess } from "../../sandbox/test/support/sandbox-process.js";
import { cliEnvironment, repo, runCli, runInProcess, workspace } from "./support/cli.js";

const folder = workspace();
afterAll(() => folder.cleanup());

async function organizationWithData(url: string): Promise<{ token: string; otherToken: string; signingRequest: string }> {
  const organization = async () =>
    (
      (await (
        await fetch(`${url}/_sandbox/organizations`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })
      ).json()) as { access_token: string }
    ).access_token;
  const [token, otherToken] = [await organization(), await organization()];
  await fetch(`${url}/_sandbox/certificates`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ count: 5 }),
  });
  const created = await fetch(`${url}/_sandbox/signing-requests`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: "{}",
  });
  return { token, otherToken, signingRequest: ((await created.json()) as { id: string }).id };
}

const conformance = (args: string[]) => runCli(["conformance", ...args], folder.dir);
/**
 * The same command through the `run` the bin calls, in this process (runInProcess): for the
 * reports and refusals, where a bin each cost about 1 CPU-s of start before any check. The
 * runs above, and the webhooks', are the bin's.
 */
const conformanceInProcess = (args: string[]) => runInProcess(["conformance", ...args], folder.dir);

/** The sandbox as `serve` starts it by default: started by the first suite that asks, shared by those that need no option. */
let defaultSandbox: Promise<SandboxProcess> | undefined;
const sandboxWithDefaults = () => (defaultSandbox ??= startSandboxProcess());
afterAll(async () => {
  // A sandbox that did not start failed the suites that asked for it: nothing to stop.
  const sandbox = await defaultSandbox?.catch(() => undefined);
  await sandbox?.stop();
});

describe.each([["in memory"], ["on a redis-server"]])("against the sandbox %s", (store) => {
  let sandbox: SandboxProcess;
  let redis: RedisServer | undefined;

  beforeAll(async () => {
    if (store === "in memory") sandbox = await sandboxWithDefaults();
    else {
      redis = await startRedisServer();
      sandbox = await startSandboxProcess({ redis: redis.url });
    }
  });
  afterAll(async () => {
    if (!redis) return;
    await sandbox?.stop();
    await redis.stop();
  });

  it.concurrent("passes every check, says before it starts what it creates, and prints the seed, the requests and the time", async () => {
    const credentials = await organizationWithData(sandbox.url);
    const run = await conformance([
      "--base-url",
      sandbox.url,
      "--token",
      credentials.token,
      "--other-token",
      credentials.otherToken,
      "--id",
      `/v1/signing-requests/{id}=${credentials.signingRequest}`,
    ]);
    expect(run.stdout).not.toMatch(/✗|not tested/);
    expect(run.status, run.stdout).toBe(0);
    expect(run.stderr).toMatch(
      /^Running \d+ checks with at most 1000 requests \(seed \d+\)\. It may create up to 6 resources through POST \/enrollments/,
    );
    expect(run.stdout).toMatch(/\d+ passed, 0 failed, 0 skipped · \d+ requests in [\d.]+ s · seed \d+/);
  });

  it.concurrent("takes the token from a command", async () => {
    const credentials = await organizationWithData(sandbox.url);
    const run = await conformance([
      "--base-url",
      sandbox.url,
      "--token-command",
      `echo ${credentials.token}`,
      "--only",
      "unauthenticated,page-walk",
    ]);
    expect(run.status, run.stdout).toBe(0);
    expect(run.stdout).toMatch(/2 passed, 0 failed/);
  });

  it.concurrent("takes the token from SIGNING_PLATFORM_TOKEN, and else from the one login saved for the base URL", async () => {
    const credentials = await organizationWithData(sandbox.url);
    const args = ["conformance", "--base-url", sandbox.url, "--only", "unauthenticated,page-walk"];
    const byVariable = await runCli(args, folder.dir, cliEnvironment({ SIGNING_PLATFORM_TOKEN: credentials.token }));
    expect(byVariable.status, byVariable.stdout).toBe(0);
    const env = cliEnvironment({ SIGNING_PLATFORM_CONFIG: join(folder.dir, `config-${store.replace(/\W/g, "-")}.json`) });
    expect((await runCli(["login", "--token", credentials.token, "--base-url", sandbox.url], folder.dir, env)).status).toBe(0);
    const bySaved = await runCli(args, folder.dir, env);
    expect(bySaved.status, bySaved.stdout).toBe(0);
    expect(bySaved.stdout).toMatch(/2 passed, 0 failed/);
  });
});

describe("the opt-in burst, against a sandbox with a small quota", () => {
  let sandbox: SandboxProcess;
  beforeAll(async () => {
    sandbox = await startSandboxProcess({ quota: "20/60" });
  });
  afterAll(() => sandbox?.stop());

  it("finds the 429 with Retry-After", async () => {
    const { token } = await organizationWithData(sandbox.url);
    const run = await conformance(["--base-url", sandbox.url, "--token", token, "--only", "rate-limited,retry-after,error-body"]);
    expect(run.status, run.stdout).toBe(0);
    expect(run.stdout).toMatch(/✓ rate-limited/);
  });
});

describe("against Prism mocking the same document", () => {
  let prism: PrismMock;
  let url: string;
  beforeAll(async () => {
    prism = await startPrism(join(repo, "generated", "openapi.yaml"), "/certificates");
    url = prism.url;
  });
  afterAll(() => prism?.stop());

  it("fails the checks that need state or the server's own limits, and the report names them", async () => {
    const run = await conformance(["--base-url", url, "--token", "prism-accepts-any-token", "--format", "json"]);
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as { results: Array<{ id: string; outcome: { status: string } }> };
    const failed = report.results.filter((result) => result.outcome.status === "fail").map((result) => result.id);
    // A mock answers from the document alone: no replays, no 304, no cursor of its own, and
    // no limits of a server; its errors carry the examples' code, "string".
    expect(failed).toEqual(
      expect.arrayContaining([
        "idempotent-replay",
        "idempotency-key-reused",
        "not-modified",
        "page-walk",
        "tampered-cursor",
        "payload-too-large",
        "error-body",
      ]),
    );
    // What a document alone can give, it gives.
    expect(report.results.filter((result) => result.outcome.status === "pass").map((result) => result.id)).toEqual(
      expect.arrayContaining(["request-id", "rate-limit-headers", "limit-bounds"]),
    );
  });
});

describe("conformance webhooks, against the sandbox's deliveries", () => {
  const TIME_SCALE = 0.1;
  let sandbox: SandboxProcess;
  beforeAll(async () => {
    // The first retry 3 s after a failed attempt: long enough that the moments the sender takes
    // to send stay inside the margin the retry check allows.
    sandbox = await startSandboxProcess({ webhookTimeScale: TIME_SCALE });
  });
  afterAll(() => sandbox?.stop());

  /** Resolves once something accepts connections on the port (a connection alone is no delivery). */
  async function listening(port: number): Promise<void> {
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
      const open = await new Promise<boolean>((resolve) => {
        const socket = connect(port, "127.0.0.1", () => (socket.end(), resolve(true)));
        socket.once("error", () => resolve(false));
      });
      if (open) return;
    }
    throw new Error(`nothing listened on port ${port} within 30 s`);
  }

  /** Runs `conformance webhooks` with `args` on an endpoint of a new organization, and makes one event happen. */
  async function deliveredTo(args: string[]) {
    const { token } = await organizationWithData(sandbox.url);
    const port = await freePort();
    const post = async (path: string, body: unknown) =>
      (await (
        await fetch(`${sandbox.url}/_sandbox${path}`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify(body),
        })
      ).json()) as { secret: string };
    const { secret } = await post("/webhook-endpoints", { url: `http://127.0.0.1:${port}/` });
    const running = conformance(["webhooks", "--listen", String(port), "--secret", secret, "--events", "1", "--timeout", "30", ...args]);
    // The first attempt must find it listening: the retries it judges are then the delivery's first.
    await listening(port);
    await post("/signing-requests", {});
    return { port, run: await running };
  }

  it.concurrent("receives a delivery, checks it and exits 0", async () => {
    const { port, run } = await deliveredTo([]);
    expect(run.status, run.stdout).toBe(0);
    expect(run.stderr).toMatch(new RegExp(`^Listening for deliveries at http://127.0.0.1:${port}`));
    expect(run.stdout).toMatch(/5 passed, 0 failed, 1 skipped · \d+ deliveries/);
  });

  it.concurrent.each([
    ["--webhook-time-scale, the value the sandbox was given", "--webhook-time-scale", ""],
    [
      "--time-scale, its old spelling, saying once to write --webhook-time-scale",
      "--time-scale",
      "signing-platform conformance webhooks: --time-scale is the old spelling: write `--webhook-time-scale 0.1`, as serve takes it.\n",
    ],
  ])("judges the sandbox's scaled retries by %s", async (_name, option, warning) => {
    const { port, run } = await deliveredTo(["--fail-first", "1", option, String(TIME_SCALE)]);
    expect(run.status, run.stdout).toBe(0);
    expect(run.stdout).toMatch(/6 passed, 0 failed, 0 skipped · \d+ deliveries/);
    expect(run.stderr.startsWith(`${warning}Listening for deliveries at http://127.0.0.1:${port}`), run.stderr).toBe(true);
    expect(run.stderr.split("old spelling")).toHaveLength(warning ? 2 : 1);
  });

  it.concurrent("exits 2 with one line without a secret", async () => {
    const run = await conformance(["webhooks", "--listen", "0"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--secret must be the endpoint's signing secret/);
  });
});

// Nothing these runs check depends on what another run did: they share one organization.
describe("reports and exit statuses", () => {
  let sandbox: SandboxProcess;
  let token: string;
  beforeAll(async () => {
    sandbox = await sandboxWithDefaults();
    ({ token } = await organizationWithData(sandbox.url));
  });

  it.concurrent.each([
    ["json", (out: string) => expect(JSON.parse(out).summary).toMatchObject({ failed: 0 })],
    ["sarif", (out: string) => expect(JSON.parse(out)).toMatchObject({ version: "2.1.0", runs: [{ results: [] }] })],
    [
      "junit",
      (out: string) => expect(out).toMatch(/^<\?xml[\s\S]*<testsuites name="signing-platform conformance" tests="\d+" failures="0"/),
    ],
    ["github-actions", (out: string) => expect(out).toMatch(/^::notice title=conformance::\d+ passed, 0 failed/m)],
  ])("writes %s", async (format, check) => {
    const run = await conformanceInProcess([
      "--base-url",
      sandbox.url,
      "--token",
      token,
      "--format",
      format,
      "--only",
      "unauthenticated,request-id",
    ]);
    expect(run.status).toBe(0);
    check(run.stdout);
  });

  it.concurrent.each([
    [["--token", "t"], /--base-url must be an http/],
    [["--base-url", "http://127.0.0.1:9", "--token", "t", "--only", "nope"], /unknown check nope/],
    [["--base-url", "http://127.0.0.1:9", "--token", "t", "--format", "xml"], /unknown format "xml"/],
    [["--base-url", "http://127.0.0.1:9", "--token", "t", "--token-command", "true"], /not both/],
    [["--base-url", "http://127.0.0.1:9", "--client-cert", "c.pem"], /go together/],
    [["--base-url", "http://127.0.0.1:9", "--token", "t", "--id", "sr_1"], /write TEMPLATE=ID/],
    [
      ["--base-url", "http://127.0.0.1:9", "--token", "t", "--id", "/nowhere/{id}=x"],
      /--id \/nowhere\/\{id\}: no operation of the document has this path/,
    ],
    [["missing.yaml", "--base-url", "http://127.0.0.1:9", "--token", "t"], /missing\.yaml/],
    [
      ["a.yaml", "--document", "b.yaml", "--base-url", "http://127.0.0.1:9", "--token", "t"],
      /the document is named twice \(a\.yaml and --document b\.yaml\)/,
    ],
    [["--base-url", "http://127.0.0.1:9", "--token", "t"], /http:\/\/127\.0\.0\.1:9 cannot be reached \(ECONNREFUSED\)/],
  ])("exits 2 with one line for %j", async (args, message) => {
    const run = await conformanceInProcess(args);
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split("\n").at(-1)).toMatch(message);
  });

  it.concurrent.each([
    [
      ["--token-command", "echo 'vault: permission denied' >&2; exit 3"],
      /^signing-platform conformance: --token-command exited with status 3: vault: permission denied\.$/,
    ],
    [
      ["--token-command", "true"],
      /^signing-platform conformance: --token-command printed nothing: it must print the token on its first line\.$/,
    ],
    [
      ["--token", "sp_test_refused_by_this_server"],
      /^signing-platform conformance: the server refuses the credentials on every call \(GET \/certificates → 401 unauthenticated\): check the credentials/,
    ],
  ])("exits 2 with one line, before any check, for %j", async (args, message) => {
    const run = await conformanceInProcess(["--base-url", sandbox.url, ...args]);
    expect(run.status).toBe(2);
    // No report: the one line says what to fix.
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n").at(-1)).toMatch(message);
  });

  it.concurrent.each([
    [
      "sarif",
      (report: string) => {
        const log = JSON.parse(report);
        expect(log.version).toBe("2.1.0");
        expect(log.runs[0].results).toEqual([]);
        expect(log.runs[0].invocations[0]).toMatchObject({
          executionSuccessful: false,
          toolExecutionNotifications: [
            { level: "error", message: { text: expect.stringMatching(/refuses the credentials on every call/) } },
          ],
        });
      },
    ],
    [
      "junit",
      (report: string) => expect(report).toMatch(/errors="1"[\s\S]*<error message="the server refuses the credentials on every call/),
    ],
    ["json", (report: string) => expect(JSON.parse(report)).toMatchObject({ started: false, error: expect.stringMatching(/refuses/) })],
  ])("writes a %s report that says the run could not start, for the CI job that uploads it, and exits 2", async (format, check) => {
    const run = await conformanceInProcess(["--base-url", sandbox.url, "--token", "sp_test_refused_by_this_server", "--format", format]);
    expect(run.status).toBe(2);
    check(run.stdout);
    expect(run.stdout).not.toContain("sp_test_refused_by_this_server");
  });

  it.concurrent("exits 2 with one line for a base URL one segment off, and says to check it", async () => {
    const run = await conformanceInProcess(["--base-url", `${sandbox.url}/v1`, "--token", token]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n").at(-1)).toMatch(
      /^signing-platform conformance: nothing of the API answers under http:\/\/127\.0\.0\.1:\d+\/v1 \(GET \/v1\/certificates → 404 not_found.*\): check the base URL; .* such as \/v1\.$/,
    );
  });

  it.concurrent("names the skipped checks in the summary, and fails the run for them with --strict", async () => {
    const args = ["--base-url", sandbox.url, "--token", token, "--only", "unauthenticated,other-organization"];
    const lenient = await conformanceInProcess(args);
    expect(lenient.status).toBe(0);
    expect(lenient.stdout).toMatch(
      /^! 1 check was skipped, testing nothing or only part .*\n! {3}other-organization: needs a second organization's credentials/m,
    );
    const strict = await conformanceInProcess([...args, "--strict"]);
    expect(strict.status).toBe(1);
  });

  it.concurrent("prints the version", async () => {
    const run = await conformanceInProcess(["--version"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^\d+\.\d+\.\d+\S*\n$/);
  });

  it.concurrent("lists the checks", async () => {
    const run = await conformanceInProcess(["--list"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^rate-limited\s+rate limits\s+.*\(opt-in\)$/m);
  });
});
