// Generated SDKs from where their users stand: `signing-platform generate` (the CLI bin) for
// this API's document and for two public documents no one here wrote (test/fixtures/), each
// SDK packed with `npm pack` and installed from its tarball into a folder outside the
// repository, with the public registry alone. There, a consumer compiles against all three
// under tsc --strict (consumer/usage.ts and every example of each SDK's README), runs the
// README's quickstart as written against a sandbox, and runs consumer/against-sandbox.ts:
// an enrollment, pages of certificates, a 304 from the cache, every error family, a retried
// 503, a verified webhook.
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandboxProcess, type SandboxProcess } from "../../sandbox/test/support/sandbox-process.js";
import { readmeQuickstart } from "./readme-quickstart.js";
import { idPrefixes, sandboxOrganization } from "./sandbox-organization.js";

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const cli = join(repo, "packages", "cli", "bin", "signing-platform.js");
const here = fileURLToPath(new URL(".", import.meta.url));

interface Subject {
  input: string;
  name: string;
}

const SUBJECTS: Record<"signing" | "pets" | "trains", Subject> = {
  signing: { input: join(repo, "generated", "openapi.yaml"), name: "@acme/signing-sdk" },
  pets: { input: join(here, "fixtures", "petstore-expanded", "openapi.yaml"), name: "swagger-petstore-sdk" },
  trains: { input: join(here, "fixtures", "train-travel", "openapi.yaml"), name: "train-travel-api-sdk" },
};

const NPM_QUIET = ["--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"];

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, encoding: "utf8", env: { ...process.env, ...env }, timeout: 180_000 });
}

function succeed(command: string, args: string[], cwd: string): string {
  const result = run(command, args, cwd);
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} in ${cwd} exited ${result.status}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** The TypeScript code blocks of a README, in order. */
function typeScriptBlocks(readme: string): string[] {
  return [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);
}

let scratch: string;
let consumer: string;
let compiled: SpawnSyncReturns<string>;
const sdkDirs: Record<string, string> = {};
let sandbox: SandboxProcess;

function readme(subject: Subject): string {
  return readFileSync(join(consumer, "node_modules", ...subject.name.split("/"), "README.md"), "utf8");
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "standalone-sdk-"));
  const tarballs: string[] = [];
  for (const [key, subject] of Object.entries(SUBJECTS)) {
    const dir = join(scratch, key);
    succeed(process.execPath, [cli, "generate", subject.input, "--out", dir, "--name", subject.name], repo);
    succeed("npm", ["install", ...NPM_QUIET], dir);
    const packed = succeed("npm", ["pack", "--pack-destination", scratch, "--loglevel=error"], dir).trim().split("\n").at(-1)!;
    tarballs.push(join(scratch, packed));
    sdkDirs[key] = dir;
  }

  consumer = join(scratch, "consumer");
  mkdirSync(consumer);
  writeFileSync(join(consumer, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  succeed("npm", ["install", ...NPM_QUIET, ...tarballs, "typescript@~5.9", "@types/node@^20"], consumer);
  for (const file of ["usage.ts", "against-sandbox.ts"]) copyFileSync(join(here, "consumer", file), join(consumer, file));
  writeFileSync(join(consumer, "repository-readme.ts"), readmeQuickstart("ts"));
  // Every README example, each in a module of its own after the README's own set-up lines.
  for (const [key, subject] of Object.entries(SUBJECTS)) {
    const [quickstart, ...examples] = typeScriptBlocks(readme(subject));
    writeFileSync(join(consumer, `${key}-quickstart.ts`), quickstart!);
    const setup = `import { ApiError, NotFoundError, createSdk } from "${subject.name}";\nconst sdk = createSdk({ baseUrl: "http://127.0.0.1:1" });\nvoid [ApiError, NotFoundError, sdk];\n`;
    examples.forEach((example, index) =>
      writeFileSync(join(consumer, `${key}-readme-${index}.ts`), setup + example.replace(/^import .*\n/gm, "")),
    );
  }
  writeFileSync(
    join(consumer, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        types: ["node"],
        outDir: "out",
        skipLibCheck: false,
        noUnusedLocals: false,
      },
      include: ["*.ts"],
    }),
  );
  compiled = run(process.execPath, [join(consumer, "node_modules", "typescript", "bin", "tsc"), "-p", consumer], consumer);
  sandbox = await startSandboxProcess();
}, 600_000);

afterAll(async () => {
  await sandbox?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("a generated SDK, installed outside the repository", () => {
  it("is installed with nothing of this repository reachable", () => {
    expect(consumer.startsWith(repo)).toBe(false);
    // Resolution walks up from the consumer: no folder above it may hold packages.
    for (let dir = dirname(consumer); dir !== dirname(dir); dir = dirname(dir))
      expect(existsSync(join(dir, "node_modules")), dir).toBe(false);
    const installed = readdirSync(join(consumer, "node_modules")).flatMap((entry) =>
      entry.startsWith("@") ? readdirSync(join(consumer, "node_modules", entry)).map((scoped) => `${entry}/${scoped}`) : [entry],
    );
    expect(installed.filter((name) => !name.startsWith("."))).toEqual(
      expect.arrayContaining(["@acme/signing-sdk", "swagger-petstore-sdk", "train-travel-api-sdk", "openapi-fetch"]),
    );
    expect(installed.some((name) => name.startsWith("@signing-platform/"))).toBe(false);
  });

  it.each(Object.entries(SUBJECTS))("%s depends only on public packages and states its generator", (key) => {
    const manifest = JSON.parse(readFileSync(join(sdkDirs[key]!, "package.json"), "utf8"));
    expect(Object.keys(manifest.dependencies).sort()).toEqual(["openapi-fetch", "openapi-typescript-helpers"]);
    // ajv only for validateResponses: a peer npm leaves out unless the consumer installs it.
    expect(manifest).toMatchObject({
      peerDependencies: { ajv: expect.stringMatching(/^\^8\./) },
      peerDependenciesMeta: { ajv: { optional: true } },
    });
    expect(manifest.description).toMatch(/generated by @signing-platform\/generator \d+\.\d+\.\d+/);
    expect(readFileSync(join(sdkDirs[key]!, "src", "version.ts"), "utf8")).toMatch(/GENERATED_BY = "@signing-platform\/generator \d/);
  });

  it("compiles under tsc --strict: the usage of all three SDKs and every README example", () => {
    expect(`${compiled.stdout}${compiled.stderr}`).toBe("");
    expect(compiled.status).toBe(0);
    expect(readdirSync(consumer).filter((file) => file.includes("-readme-")).length).toBeGreaterThanOrEqual(12);
  });

  it("runs the README's quickstart as written against the sandbox", async () => {
    const { token } = await sandboxOrganization(sandbox.url, 3);
    const result = run(process.execPath, [join(consumer, "out", "signing-quickstart.js")], consumer, {
      API_BASE_URL: sandbox.url,
      API_TOKEN: token,
    });
    expect(result.status, result.stderr).toBe(0);
    // Three certificates listed, then the placeholder id answered 404 and reported as the typed error.
    expect(result.stdout.match(/cert_/g)?.length).toBeGreaterThanOrEqual(3);
    expect(result.stderr).toMatch(/^404 not_found: .* \(request \S+\)$/m);
  });

  it("runs the repository README's quickstart as written against the sandbox", async () => {
    const { token } = await sandboxOrganization(sandbox.url, 2);
    const result = run(process.execPath, [join(consumer, "out", "repository-readme.js")], consumer, {
      API_BASE_URL: sandbox.url,
      TOKEN: token,
    });
    expect(result.status, result.stderr).toBe(0);
    expect(idPrefixes(result.stdout)).toEqual(["cert_", "cert_", "enr_"]);
  });

  it("keeps every rule against the sandbox over HTTP", async () => {
    const result = run(process.execPath, [join(consumer, "out", "against-sandbox.js")], consumer, {
      API_BASE_URL: sandbox.url,
      API_TOKEN: (await sandboxOrganization(sandbox.url)).token,
    });
    expect(result.status, result.stderr).toBe(0);
    const seen = JSON.parse(result.stdout);
    expect(seen.enrollment).toMatchObject({
      status: 201,
      id: expect.stringMatching(/^enr_/),
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
    });
    expect(seen.pagination).toEqual({ items: 23, distinct: 23, firstPage: 10 });
    expect(seen.cache).toEqual({ status: 304, fromCache: true, same: true });
    const classes = Object.fromEntries(
      Object.entries(seen.families as Record<string, { class: string; code: string; requestId: boolean }>).map(([code, error]) => [
        code,
        error.class,
      ]),
    );
    expect(classes).toEqual({
      bad_request: "ValidationError",
      unauthenticated: "AuthenticationError",
      capability_not_granted: "PermissionError",
      not_found: "NotFoundError",
      request_timeout: "RequestTimeoutError",
      conflict: "ConflictError",
      delivery_expired: "GoneError",
      payload_too_large: "ValidationError",
      policy_rejected: "ValidationError",
      rate_limited: "RateLimitError",
      internal_error: "ServerError",
      service_unavailable: "ServerError",
    });
    for (const [code, error] of Object.entries(seen.families as Record<string, { code: string; requestId: boolean }>))
      expect(error, code).toMatchObject({ code, requestId: true });
    expect(seen.retryAfter.attempts).toBe(4);
    expect(seen.retryAfter.retries.map((retry: { reason: string; delayMs: number }) => [retry.reason, retry.delayMs])).toEqual([
      ["retry_after", 1000],
      ["retry_after", 1000],
      ["retry_after", 1000],
    ]);
    expect(seen.retryAfter.error).toBe("ServerError");
    expect(seen.webhook).toEqual({ type: "ping", tampered: "WebhookVerificationError" });
  });

  it("passes publint and @arethetypeswrong/cli", () => {
    const bin = (name: string) => join(repo, "node_modules", ".bin", name);
    const publint = run(bin("publint"), ["--strict", sdkDirs.signing!], repo);
    expect(publint.status, publint.stdout + publint.stderr).toBe(0);
    const attw = run(bin("attw"), ["--pack", sdkDirs.signing!, "--profile", "esm-only", "--format", "ascii"], repo);
    expect(attw.status, attw.stdout + attw.stderr).toBe(0);
  });

  it("says in its README which conventions a plain document lacks", () => {
    expect(readme(SUBJECTS.pets)).toMatch(/does not state: an error catalogue .*; idempotency keys .*; cursor pagination/);
    expect(readme(SUBJECTS.trains)).toMatch(/a webhook signature scheme \(the webhook events are typed, not verified\)/);
    expect(readme(SUBJECTS.signing)).toContain("The document states every convention the runtime acts on");
  });
});
