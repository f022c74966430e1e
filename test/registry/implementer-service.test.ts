// An implementer's service, written as a user writes it: in a folder outside the workspace, on
// the packages installed by name (support/installed-packages.ts), serving a document that grew
// beyond the platform's operations (create, list and cancel signing requests; create, list and
// delete webhook endpoints) with `createApp({ document })` and handlers typed by
// `signing-platform generate --target server`. It gets every convention from its document and
// passes `signing-platform conformance --strict` with nothing reported; each fault of it (the
// service's FAULT) is reported by the check of the rule it breaks.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import YAML from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extendedDocument } from "../../packages/conformance/test/support/extended-document.js";
import { type InstalledPackages, installedPackages } from "../support/installed-packages.js";
import { freePort } from "../support/ports.js";

const SERVICE = new URL("./implementer-service/", import.meta.url);
const TOKENS = { TOKEN_A: "tokenOrganizationA0123456789", TOKEN_B: "tokenOrganizationB0123456789" };
const CURSOR_SECRET = "implementer-cursor-secret-0123456789abcdef";

let installed: InstalledPackages;
let user: string;
let generated: ReturnType<typeof spawnSync>;
let compiled: ReturnType<typeof spawnSync>;

beforeAll(async () => {
  installed = await installedPackages();
  user = mkdtempSync(join(tmpdir(), "signing-platform-implementer-"));
  symlinkSync(join(installed.folder, "node_modules"), join(user, "node_modules"));
  writeFileSync(join(user, "package.json"), `${JSON.stringify({ name: "signing-service", private: true, type: "module" }, null, 2)}\n`);
  // The implementer's document: their own operations, and the platform's read of a signing request.
  const document = extendedDocument();
  for (const path of ["/enrollments", "/certificates", "/certificates/{id}"]) delete document.paths[path];
  writeFileSync(join(user, "openapi.yaml"), YAML.stringify(document));
  for (const file of ["service.ts", "tsconfig.json"]) copyFileSync(new URL(file, SERVICE), join(user, file));
  const run = (command: string, args: string[]) => spawnSync(command, args, { cwd: user, env: installed.env, encoding: "utf8" });
  generated = run("signing-platform", ["generate", "openapi.yaml", "--target", "server", "--out", "generated"]);
  compiled = run("tsc", ["-p", "."]);
}, 600_000);

afterAll(() => {
  if (user) rmSync(user, { recursive: true, force: true });
});

/** The service with `fault`, on a free port, until `use` is done. */
async function withService<T>(fault: string, use: (baseUrl: string) => Promise<T>): Promise<T> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["dist/service.js"], {
    cwd: user,
    env: { ...installed.env, ...TOKENS, FAULT: fault, PORT: String(port), BASE_URL: baseUrl, CURSOR_SECRET },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on("data", () => output.includes("listening on") && resolve());
      child.once("exit", (code) => reject(new Error(`the service exited (${code}) before it listened:\n${output}`)));
    });
    return await use(baseUrl);
  } finally {
    child.kill("SIGTERM");
  }
}

interface Report {
  results: Array<{ id: string; outcome: { status: string } }>;
}

/** `signing-platform conformance --strict` against the service, as the implementer runs it, with the report in JSON. */
async function conformance(baseUrl: string) {
  const args = ["openapi.yaml", "--base-url", baseUrl, "--token", TOKENS.TOKEN_A, "--other-token", TOKENS.TOKEN_B];
  const run = spawnSync("signing-platform", ["conformance", ...args, "--strict", "--format", "json"], {
    cwd: user,
    env: installed.env,
    encoding: "utf8",
  });
  const { results } = JSON.parse(run.stdout) as Report;
  const withOutcome = (status: string) => results.filter((result) => result.outcome.status === status).map((result) => result.id);
  return { status: run.status, checks: results.length, failed: withOutcome("fail"), skipped: withOutcome("skip") };
}

describe("an implementer's service on the packages installed by name", () => {
  it("types its handlers from its own document and compiles under strict TypeScript", () => {
    expect(generated.stderr).toBe("");
    expect(generated.status).toBe(0);
    expect(readFileSync(join(user, "generated", "handlers.ts"), "utf8")).toContain('"cancelSigningRequest": CancelSigningRequestHandler;');
    expect(compiled.stdout).toBe("");
    expect(compiled.status).toBe(0);
    // Every convention comes from the document: no descriptor, no route of its own.
    expect(readFileSync(new URL("service.ts", SERVICE), "utf8")).not.toMatch(/defineOperation|config:|app\.(route|get|post)\(/);
  });

  it("passes conformance --strict with every check run and nothing reported", async () => {
    const { status, checks, failed, skipped } = await withService("", conformance);
    expect({ failed, skipped }).toEqual({ failed: [], skipped: [] });
    expect(checks).toBeGreaterThanOrEqual(35);
    expect(status).toBe(0);
  });

  it.each([
    ["a second keyed write that never replays", "cancel-never-replays", ["idempotency-key-reused", "idempotent-replay"]],
    ["a list without the ETag its document declares", "list-without-entity-tag", ["declared-headers"]],
    ["a cancel that reaches another organization's request", "cancel-across-organizations", ["other-organization"]],
    ["a page that skips a record", "page-skips-a-record", ["page-complete"]],
  ])("is reported for %s", async (_fault, fault, checks) => {
    const { status, failed, skipped } = await withService(fault, conformance);
    expect(failed.sort()).toEqual(checks);
    expect(skipped).toEqual([]);
    expect(status).toBe(1);
  });
});
