// Every quickstart of the READMEs, exactly as written, run from where a user stands: in a folder
// outside the workspace where the packages were installed by name from a registry
// (support/installed-packages.ts), with that folder's node_modules/.bin on PATH. Shell blocks
// run in bash; TypeScript and JavaScript blocks are type-checked with the installed compiler
// against the installed declarations, and the runnable ones are run. A block that assumes names
// from the reader's program (an `app`, a `rawBody`) is checked with those names declared, and
// the declarations are listed here beside it. The last test holds that every fenced block of
// every README is run, type-checked, or named as an example with the reason it is not code.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentShapedEvent, validEvent } from "../support/events.js";
import { type InstalledPackages, installedPackages, repositoryRoot } from "../support/installed-packages.js";
import { blockWith, type ReadmeBlock, readmeBlocks, where } from "../support/readme-blocks.js";

const READMES = [
  "README.md",
  ...["contract", "types", "validators", "webhooks", "server", "client", "generator", "sandbox", "conformance", "cli"].map(
    (name) => `packages/${name}/README.md`,
  ),
  "rules/README.md",
  "spec/lib/README.md",
];

let installed: InstalledPackages;
let user: string;
const claimed = new Map<string, string>();
const claim = (block: ReadmeBlock, how: string) => {
  claimed.set(where(block), how);
  return block;
};
const background: ChildProcess[] = [];

beforeAll(async () => {
  installed = await installedPackages();
  // The user's project: the installed node_modules, their own package.json and API document.
  user = mkdtempSync(join(tmpdir(), "signing-platform-user-"));
  symlinkSync(join(installed.folder, "node_modules"), join(user, "node_modules"));
  writeFileSync(join(user, "package.json"), `${JSON.stringify({ name: "user-project", private: true, type: "module" }, null, 2)}\n`);
  copyFileSync(join(repositoryRoot, "generated", "openapi.yaml"), join(user, "openapi.yaml"));
}, 600_000);

afterAll(() => {
  for (const child of background) if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
  if (user) rmSync(user, { recursive: true, force: true });
});

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** A shell block in bash, stopping at the first failing command (as CI runs it). */
function bash(code: string, cwd = user, env: NodeJS.ProcessEnv = {}): Run {
  const run = spawnSync("bash", ["-e", "-c", code], { cwd, env: { ...installed.env, ...env }, encoding: "utf8", timeout: 300_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** A long-running command (a server, a forwarder) in the background; resolves with its output once `ready` matches it. */
function startInBackground(code: string, ready: RegExp, env: NodeJS.ProcessEnv = {}): Promise<{ output: () => string }> {
  const child = spawn("bash", ["-c", code], {
    cwd: user,
    env: { ...installed.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  background.push(child);
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready within 60 s: ${code}\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve({ output: () => output });
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (status) => reject(new Error(`exited with ${status} before it was ready: ${code}\n${output}`)));
  });
}

/** The user's compiler settings for a module of theirs: ESM on Node, with Node's and the DOM's globals. */
const COMPILER_OPTIONS = [
  "--module",
  "nodenext",
  "--moduleResolution",
  "nodenext",
  "--target",
  "es2022",
  "--lib",
  "es2022,dom",
  "--types",
  "node",
  "--skipLibCheck",
];

/** The installed compiler, run in the user's folder with their settings and `args`. */
function tsc(args: string[]): Run {
  const run = spawnSync(join(installed.binDir, "tsc"), [...COMPILER_OPTIONS, ...args], { cwd: user, env: installed.env, encoding: "utf8" });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Type-checks TypeScript files of the user's folder, strictly unless `options` say otherwise. */
const typeCheck = (files: string[], options: string[] = ["--strict"]): Run => tsc(["--noEmit", ...options, ...files]);

/** Compiles modules of the user's folder to out/, as a user's build would, strictly. */
const compile = (...files: string[]): Run => tsc(["--strict", "--outDir", "out", ...files]);

/** Writes a block as a TypeScript module of the user's, after the declarations it assumes. */
function writeModule(name: string, block: ReadmeBlock, assumes = ""): string {
  const file = `${name}.mts`;
  writeFileSync(join(user, file), `${assumes}${assumes ? "\n" : ""}${block.code}\nexport {};\n`);
  return file;
}

describe("the repository README", () => {
  it("types and validators: the handler compiles strictly and tells a valid event from a broken one", () => {
    const block = claim(blockWith("README.md", "ts", "validateEvent(JSON.parse(rawBody))"), "compiled and run");
    const file = writeModule("quickstart-validators", block);
    // Compiled strictly: the compiler reports every error a check alone would.
    expect(compile(file).stdout).toBe("");
    const completed = JSON.stringify(documentShapedEvent("signing_request.completed"));
    const broken = JSON.stringify({ ...validEvent("signing_request.completed"), id: undefined });
    const run = spawnSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const { onWebhook } = await import("./out/quickstart-validators.mjs"); onWebhook(process.argv[1]); onWebhook(process.argv[2]);`,
        completed,
        broken,
      ],
      { cwd: user, env: installed.env, encoding: "utf8" },
    );
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain("content_url");
    expect(run.stdout).toContain("'$.id: required'");
  });

  describe("lint and gate API changes in CI, in a repository with openapi.yaml and origin/main", () => {
    const block = () =>
      claim(blockWith("README.md", "sh", "npx signing-platform diff /tmp/base.yaml openapi.yaml"), "run in a scratch repository");

    /** A repository whose origin has openapi.yaml on main, checked out on a branch that changes it with `change`. */
    function repositoryWith(name: string, change: (document: string) => string): string {
      const origin = join(user, `${name}-origin.git`);
      const seed = join(user, `${name}-seed`);
      const clone = join(user, name);
      const git = (cwd: string, ...args: string[]) => {
        const run = spawnSync("git", ["-c", "user.name=User", "-c", "user.email=user@example.test", ...args], { cwd, encoding: "utf8" });
        if (run.status !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
      };
      mkdirSync(seed);
      git(user, "init", "--quiet", "--bare", "--initial-branch=main", origin);
      git(seed, "init", "--quiet", "--initial-branch=main");
      copyFileSync(join(user, "openapi.yaml"), join(seed, "openapi.yaml"));
      writeFileSync(join(seed, ".gitignore"), "node_modules\n");
      git(seed, "add", ".");
      git(seed, "commit", "--quiet", "-m", "base");
      git(seed, "push", "--quiet", origin, "main");
      git(user, "clone", "--quiet", origin, clone);
      git(clone, "switch", "--quiet", "-c", "change");
      writeFileSync(join(clone, "openapi.yaml"), change(readFileSync(join(clone, "openapi.yaml"), "utf8")));
      git(clone, "commit", "--quiet", "-am", "change");
      // `npm install --save-dev @signing-platform/cli`, as the README says first: the installed packages.
      symlinkSync(join(installed.folder, "node_modules"), join(clone, "node_modules"));
      writeFileSync(
        join(clone, "package.json"),
        `${JSON.stringify({ private: true, devDependencies: { "@signing-platform/cli": "*" } })}\n`,
      );
      return clone;
    }

    it("passes a change that breaks nothing, and writes the changelog", () => {
      const clone = repositoryWith("api-additive", (document) => document.replace(/^(\s+)title: (.*)$/m, "$1title: $2 (next)"));
      const run = bash(block().code, clone);
      expect(run.stderr).not.toMatch(/error/i);
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/# API changes from `\/tmp\/base\.yaml` to `openapi\.yaml`/);
    });

    it("stops at the diff, exit 1, on a breaking change", () => {
      const clone = repositoryWith("api-breaking", (document) => document.replace("/certificates/{id}:", "/certificates/{id}/details:"));
      const run = bash(block().code, clone);
      expect(run.status).toBe(1);
      expect(run.stdout).toMatch(/breaking change/);
      expect(run.stdout).not.toMatch(/# API changes/);
    });
  });

  it("server: generate --target server writes the document's handler types, and createApp<Handlers> compiles strictly with them", () => {
    const block = claim(blockWith("packages/server/README.md", "sh", "--target server"), "run");
    const generated = bash(block.code);
    expect(generated.status, generated.stderr).toBe(0);
    writeFileSync(
      join(user, "src", "service.mts"),
      [
        'import { createApp, staticCredentialResolver } from "@signing-platform/server";',
        'import type { Handlers } from "./generated/handlers.js";',
        "createApp<Handlers>({",
        '  document: "openapi.yaml",',
        '  cursorSecret: "a secret of at least thirty-two characters",',
        "  authentication: { resolver: staticCredentialResolver({ tokens: {} }) },",
        "  handlers: { getCertificate: ({ params }) => ({ status: 200, body: { id: params.id } }) },",
        "});",
        "",
      ].join("\n"),
    );
    const checked = typeCheck(["src/service.mts"]);
    expect(checked.stdout).toBe("");
  });

  it("SDKs: generate writes both SDKs; the TypeScript one installs and builds, the Python one installs with pip", () => {
    const block = claim(blockWith("README.md", "sh", "npx signing-platform generate openapi.yaml --out ./acme-sdk"), "run");
    // The TypeScript and Python blocks that use the SDKs are run as written against the sandbox by the generator's tests.
    claim(blockWith("README.md", "ts", "createSdk"), "run by packages/generator/test/standalone-sdk.test.ts");
    claim(blockWith("README.md", "python", "from acme_signing import Client"), "run by packages/generator/test/python-sdk.test.ts");
    const generated = bash(block.code);
    expect(generated.stderr).toBe("");
    expect(generated.status).toBe(0);
    const readme = readFileSync(join(repositoryRoot, "README.md"), "utf8");
    const install = /Install: `(cd acme-sdk && npm install && npm run build)`, or `(pip install \.\/acme-sdk-python)`/.exec(readme);
    expect(install, "README.md: the SDKs' install line").not.toBeNull();
    const built = bash(install![1]!);
    expect(built.status, built.stderr).toBe(0);
    expect(existsSync(join(user, "acme-sdk", "dist", "index.js"))).toBe(true);
    // pip in a fresh virtual environment with Debian's packages, as no Python index is reachable.
    const venv = bash("/usr/bin/python3 -m venv --system-site-packages venv");
    expect(venv.status, venv.stderr).toBe(0);
    const pip = bash(`. venv/bin/activate && ${install![2]} --no-index --no-build-isolation --quiet && python -c 'import acme_signing'`);
    expect(pip.status, pip.stderr).toBe(0);
  });

  describe("the sandbox, events in your own app, and conformance", () => {
    let token = "";

    beforeAll(async () => {
      // The README's commands name these ports: say so at once when something else holds one.
      for (const port of [4010, 3000]) {
        const taken = spawnSync("bash", ["-c", `exec 3<>/dev/tcp/127.0.0.1/${port}`], { stdio: "ignore" }).status === 0;
        if (taken) throw new Error(`port ${port} on 127.0.0.1 is in use: the README's quickstarts run on it; stop what listens there.`);
      }
      const serve = claim(blockWith("README.md", "sh", "npx signing-platform serve"), "run in the background");
      await startInBackground(serve.code, /Sandbox ready at http:\/\/127\.0\.0\.1:4010/);
    }, 120_000);

    it("makes an organization and lists its certificates with curl", () => {
      const block = claim(blockWith("README.md", "sh", "_sandbox/organizations"), "run");
      // The block's last output has no newline of its own: the token goes on a line after it.
      const run = bash(`${block.code}printf '\\nTOKEN=%s\\n' "$TOKEN"\n`);
      expect(run.status, run.stderr).toBe(0);
      const [listed, printed] = run.stdout.split("\nTOKEN=");
      token = printed?.trim() ?? "";
      expect(token).toMatch(/^sbx_\w+$/);
      expect(JSON.parse(listed!)).toMatchObject({ items: expect.any(Array) });
    });

    it("forwards a triggered event to the webhooks README's receiver, which verifies it", async () => {
      const block = claim(blockWith("README.md", "sh", "npx signing-platform listen"), "run: login, then listen in the background");
      const [login, listen] = block.code.trim().split("\n");
      // The token `login` saves, in a config file of this user's own: `listen` and `trigger` read it.
      const config = { SIGNING_PLATFORM_CONFIG: join(user, "signing-platform-config.json") };
      const loggedIn = bash(login!, user, { TOKEN: token, ...config });
      expect(loggedIn.status, loggedIn.stderr).toBe(0);
      const forwarder = await startInBackground(listen!, /signing secret (whsec_\S+)/, config);
      expect(forwarder.output()).toContain("npx signing-platform trigger");
      const secret = /signing secret (whsec_\S+)/.exec(forwarder.output())![1]!;

      // The receiver of the webhooks README: its handler block, then its node:http block.
      const handler = claim(
        blockWith("packages/webhooks/README.md", "ts", "createWebhookHandler({\n  secret: process.env.WEBHOOK_SECRET!"),
        "run as the receiver",
      );
      const http = claim(
        blockWith("packages/webhooks/README.md", "ts", "createServer(toNodeHandler(handler)).listen(3000)"),
        "run as the receiver",
      );
      const receiverFile = writeModule("receiver", { ...handler, code: `${handler.code}\n${http.code}` }, RECEIVER_ASSUMES);
      expect(compile(receiverFile).stdout).toBe("");
      const receiver = await startInBackground(`node out/receiver.mjs & echo started; wait`, /started/, {
        WEBHOOK_SECRET: secret,
        TOKEN: token,
      });
      await waitFor(() => spawnSync("bash", ["-c", "exec 3<>/dev/tcp/127.0.0.1/3000"]).status === 0);

      const trigger = claim(blockWith("README.md", "sh", "npx signing-platform trigger"), "run from another shell, without $TOKEN").code;
      const triggered = bash(trigger, user, config);
      expect(triggered.status, triggered.stderr).toBe(0);
      // The receiver verified the delivery with the printed secret (a 2xx), and its handler read the request's state.
      await waitFor(() => /--> signing_request\.completed \[evt_\w+\] {2}<-- \d+/.test(forwarder.output()));
      expect(forwarder.output()).toMatch(/--> signing_request\.completed \[evt_\w+\] {2}<-- 200/);
      await waitFor(() => /signed documents: \d+/.test(receiver.output()));
    });

    it("conformance passes against the served sandbox", () => {
      const block = claim(blockWith("README.md", "sh", "npx signing-platform conformance --base-url http://127.0.0.1:4010"), "run");
      const run = bash(block.code, user, { TOKEN: token });
      expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
      expect(run.stdout).toMatch(/passed/);
    });

    it("the conformance library's example runs against the served sandbox", () => {
      const block = claim(blockWith("packages/conformance/README.md", "ts", "runConformance({"), "compiled and run against the sandbox");
      const file = writeModule("conformance-library", block);
      expect(compile(file).stdout).toBe("");
      const other = bash(`curl -s -X POST http://127.0.0.1:4010/_sandbox/organizations -H 'content-type: application/json' -d '{}'`);
      const otherToken = JSON.parse(other.stdout).access_token as string;
      const run = spawnSync(process.execPath, ["out/conformance-library.mjs"], {
        cwd: user,
        env: { ...installed.env, TOKEN: token, OTHER_TOKEN: otherToken },
        encoding: "utf8",
        timeout: 300_000,
      });
      expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
      expect(run.stdout).toMatch(/passed/);
    });
  });
});

describe("the package READMEs", () => {
  it("cli: --help runs from the installed package (the install line is what this test's set-up ran)", () => {
    const block = claim(blockWith("packages/cli/README.md", "sh", "npx signing-platform --help"), "install done by the set-up; --help run");
    expect(block.code).toContain("npm install --save-dev @signing-platform/cli");
    const run = bash(
      block.code
        .split("\n")
        .filter((line) => !line.startsWith("npm install"))
        .join("\n"),
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Usage: signing-platform/);
  });

  it("rules: stock Spectral with the README's .spectral.yaml, and the ruleset by file", () => {
    const config = claim(blockWith("rules/README.md", "yaml", '"@signing-platform/rules"'), "run with stock Spectral");
    const commands = claim(blockWith("rules/README.md", "sh", "spectral lint --ruleset"), "run");
    const project = join(user, "spectral-user");
    mkdirSync(project);
    symlinkSync(join(installed.folder, "node_modules"), join(project, "node_modules"));
    copyFileSync(join(user, "openapi.yaml"), join(project, "openapi.yaml"));
    writeFileSync(join(project, ".spectral.yaml"), config.code);
    const stock = bash("npx spectral lint openapi.yaml --fail-severity=error", project);
    expect(stock.status, `${stock.stdout}${stock.stderr}`).toBe(0);
    // The ruleset is really applied: a document that breaks a convention is reported by its rule.
    writeFileSync(
      join(project, "broken.yaml"),
      readFileSync(join(project, "openapi.yaml"), "utf8").replace("/v1/signing-requests/{id}:", "/signing-requests/{id}:"),
    );
    const broken = bash("npx spectral lint broken.yaml", project);
    expect(broken.status).not.toBe(0);
    expect(broken.stdout).toContain("signing-platform-signing-request-path-v1");
    const byFile = bash(commands.code, project);
    expect(byFile.status, `${byFile.stdout}${byFile.stderr}`).toBe(0);
  });

  it("runs the library examples that run on their own: the contract, its webhook signature, conventions and document reader, the diff engine, the generator and a release of its SDK, the sandbox", () => {
    const runs = [
      ["contract-library", blockWith("packages/contract/README.md", "ts", "readRootExtensions(document)")],
      ["contract-signature", blockWith("packages/contract/README.md", "ts", "createSignatureScheme(")],
      ["contract-conventions", blockWith("packages/contract/README.md", "ts", "readConventions(document, catalogue)")],
      ["contract-openapi", blockWith("packages/contract/README.md", "ts", "operationsOf(document)")],
      ["diff-library", blockWith("packages/diff/README.md", "ts", "compareDocuments(")],
      ["generator-library", blockWith("packages/generator/README.md", "ts", "generateSdk(")],
      // A release of the SDK the example above wrote, against the document it was written from.
      ["generator-release", blockWith("packages/generator/README.md", "ts", 'previous: "released/openapi.yaml"')],
      ["sandbox-library", blockWith("packages/sandbox/README.md", "ts", "startSandbox(")],
    ] as const;
    copyFileSync(join(user, "openapi.yaml"), join(user, "base.yaml"));
    copyFileSync(join(user, "openapi.yaml"), join(user, "head.yaml"));
    mkdirSync(join(user, "released"), { recursive: true });
    copyFileSync(join(user, "openapi.yaml"), join(user, "released", "openapi.yaml"));
    // One compilation of them all (a compiler's start is most of one's time), its errors named by README block.
    const files = runs.map(([name, block]) => writeModule(name, claim(block, "compiled and run")));
    const compiled = compile(...files).stdout.replace(/^([\w-]+)\.mts/gm, (file, name: string) => {
      const run = runs.find(([each]) => each === name);
      return run ? where(run[1]) : file;
    });
    expect(compiled).toBe("");
    for (const [name, block] of runs) {
      const run = spawnSync(process.execPath, [`out/${name}.mjs`], { cwd: user, env: installed.env, encoding: "utf8", timeout: 120_000 });
      expect(run.status, `${where(block)}: ${run.stderr}`).toBe(0);
    }
    expect(existsSync(join(user, "my-sdk", "package.json"))).toBe(true);
    const command = claim(blockWith("packages/diff/README.md", "sh", "npx signing-platform diff base.yaml head.yaml"), "run");
    const diff = bash(command.code);
    expect(diff.status, diff.stderr).toBe(0);
    expect(diff.stdout).toMatch(/0 breaking changes/);
    // Each example a process (one generates and builds an SDK): it took over 60 s beside a build.
  }, 240_000);

  it("type-checks every other TypeScript and JavaScript example against the installed declarations", () => {
    const files: { file: string; block: ReadmeBlock; strict: boolean }[] = [];
    TYPE_CHECKED.forEach(({ file, needle, language = "ts", assumes = "", wrap }, index) => {
      const block = claim(blockWith(file, language, needle), "type-checked");
      const code = wrap ? wrap(block.code) : block.code;
      files.push({ file: writeModule(`example-${index}`, { ...block, code }, assumes), block, strict: language === "ts" });
    });
    for (const strict of [true, false]) {
      const group = files.filter((entry) => entry.strict === strict);
      const run = typeCheck(
        group.map((entry) => entry.file),
        strict ? ["--strict"] : [],
      );
      // Name the README block of each error, not the scratch file.
      const errors = run.stdout.replace(/example-(\d+)\.mts/g, (_, index) => where(files[Number(index)]!.block));
      expect(errors).toBe("");
    }
  });

  it("every fenced block of every README is run, type-checked, or an example named with its reason", () => {
    for (const { file, needle, language, why } of EXAMPLES) claim(blockWith(file, language, needle), why);
    for (const file of READMES.filter((name) => name.startsWith("rules/")))
      for (const block of readmeBlocks(file))
        if (block.language === "yaml" && !claimed.has(where(block))) claim(block, "a rule's example document");
    const unclaimed = READMES.flatMap(readmeBlocks)
      .filter((block) => !claimed.has(where(block)))
      .map((block) => `${where(block)} (${block.language})`);
    expect(unclaimed).toEqual([]);
  });
});

interface TypeChecked {
  file: string;
  needle: string;
  language?: "ts" | "js";
  /** Declarations of the names the block takes from the reader's program. */
  assumes?: string;
  /** For a block that is a part of an expression (a property of `handlers`). */
  wrap?: (code: string) => string;
}

const TYPE_CHECKED: TypeChecked[] = [
  { file: "packages/types/README.md", needle: "canonicalErrorCode(body.error)" },
  { file: "packages/validators/README.md", needle: "validateCreateEnrollmentRequestBody.is(body)" },
  {
    file: "packages/validators/README.md",
    needle: "type ValidationResult<T>",
    assumes: 'import type { IssueCode } from "@signing-platform/validators";',
  },
  {
    file: "packages/webhooks/README.md",
    needle: "constructEvent(rawBody",
    assumes: "declare const rawBody: string;\ndeclare const request: { headers: Record<string, string | undefined> };",
  },
  {
    file: "packages/webhooks/README.md",
    needle: "express.raw(",
    assumes: [
      'import { toNodeHandler, type WebhookHandler } from "@signing-platform/webhooks";',
      "declare const handler: WebhookHandler;",
      "declare const app: { post(path: string, ...handlers: unknown[]): void; use(handler: unknown): void };",
      "declare const express: { raw(options: { type: string }): unknown; json(): unknown };",
    ].join("\n"),
  },
  {
    file: "packages/webhooks/README.md",
    needle: "fastifyWebhookPlugin, {",
    assumes:
      'import Fastify from "fastify";\nimport type { WebhookHandler } from "@signing-platform/webhooks";\ndeclare const handler: WebhookHandler;\nconst app = Fastify();',
  },
  {
    file: "packages/webhooks/README.md",
    needle: "toFetchHandler(createWebhookHandler",
    assumes: [
      "declare const secret: string;",
      "type ExecutionContext = { waitUntil(promise: Promise<unknown>): void };",
      "declare const app: { post(path: string, route: (c: { req: { raw: Request }; executionCtx: ExecutionContext }) => unknown): void };",
    ].join("\n"),
  },
  { file: "packages/webhooks/README.md", needle: "generateTestEvent(", assumes: "declare const secret: string;" },
  {
    file: "packages/webhooks/README.md",
    needle: "createDeliveryEngine({",
    assumes:
      'import type { Redis } from "ioredis";\nimport type { WebhookEvent } from "@signing-platform/types";\ndeclare const redis: Redis;\ndeclare const event: WebhookEvent;',
  },
  { file: "packages/client/README.md", needle: 'from "@signing-platform/client";', assumes: "declare const token: string;" },
  {
    file: "packages/client/README.md",
    needle: 'from "@signing-platform/client/node";',
    assumes: "declare const baseUrl: string, accessToken: string, cert: string, key: string, ca: string;",
  },
  {
    file: "packages/server/README.md",
    needle: "const cursorSecret = process.env.CURSOR_SECRET",
    assumes: "declare const certificates: Map<string, { id: string; organization: string }>;\ndeclare function newId(): string;",
  },
  {
    file: "packages/server/README.md",
    needle: "signingPlatformApi, { handlers",
    assumes:
      'import type { ApiPluginOptions } from "@signing-platform/server";\ndeclare const handlers: ApiPluginOptions["handlers"], authentication: ApiPluginOptions["authentication"], cursorSecret: string;',
  },
  {
    file: "packages/server/README.md",
    needle: 'document: "openapi.yaml"',
    assumes:
      "declare const cursorSecret: string;\ndeclare const signingRequests: { cancel(organizationId: string, id: string): Promise<{ id: string; status: string } | null> };",
  },
  {
    file: "packages/server/README.md",
    needle: "defineOperation({",
    assumes:
      'import type { AppOptions } from "@signing-platform/server";\ndeclare const options: AppOptions;\ndeclare const webhookEndpoints: { rotateSecret(id: string): Promise<{ id: string } | null> };',
  },
  {
    file: "packages/server/README.md",
    needle: "createCursorCodec(cursorSecret)",
    assumes: "declare const cursorSecret: string, organizationId: string;",
  },
  {
    file: "packages/server/README.md",
    needle: "redisIdempotencyStore(redis)",
    language: "js",
    assumes: 'import { createApp, type AppOptions } from "@signing-platform/server";\ndeclare const options: AppOptions;',
  },
  {
    file: "packages/server/README.md",
    needle: "rejectRequest: (request, operation)",
    language: "js",
    assumes:
      'import type { AppOptions } from "@signing-platform/server";\ndeclare const options: AppOptions;\ndeclare const maintenance: Set<string>;',
  },
  {
    file: "packages/server/README.md",
    needle: "listCertificates: async",
    language: "js",
    assumes:
      'import { createApp } from "@signing-platform/server";\ndeclare const db: { certificatesAfter(organizationId: string, after: unknown, limit: number): Promise<any[]> };',
    wrap: (code) =>
      `createApp({ cursorSecret: "a".repeat(32), authentication: { resolver: { resolveAccessToken: async () => null } }, handlers: {\n${code}} });`,
  },
];

/** Blocks that are not a program to run: output, a workflow's YAML, a command for another place. */
const EXAMPLES: { file: string; needle: string; language: string; why: string }[] = [
  { file: "README.md", needle: "──build──>", language: "", why: "the pipeline, drawn" },
  {
    file: "README.md",
    needle: "npm install && npm run build",
    language: "sh",
    why: "the repository's own set-up, which CI runs on a clean clone",
  },
  { file: "README.md", needle: "conformance.yml", language: "yaml", why: "a GitHub Actions step; its command is run above" },
  { file: "packages/cli/README.md", needle: "1 breaking change, 0 warnings", language: "text", why: "output of the diff run above" },
  {
    file: "packages/cli/README.md",
    needle: '"api-path-removed-without-deprecation"',
    language: "json",
    why: "one finding of --format json",
  },
  {
    file: "packages/cli/README.md",
    needle: "GITHUB_BASE_REF",
    language: "yaml",
    why: "GitHub Actions steps; their commands are run above",
  },
  {
    file: "packages/cli/README.md",
    needle: "integrations/github/sdk-release@v1",
    language: "yaml",
    why: "a GitHub Actions step, run as a runner runs it by test/integrations/github-sdk-release.test.ts",
  },
  {
    file: "packages/cli/README.md",
    needle: "signing-platform-sdk-release.gitlab-ci.yml",
    language: "yaml",
    why: "a GitLab CI include, run as a runner runs it by test/integrations/gitlab-sdk-release.test.ts",
  },
  {
    file: "packages/cli/README.md",
    needle: "git show origin/main:openapi.yaml",
    language: "sh",
    why: "the commands of README.md's CI quickstart, run above",
  },
  {
    file: "packages/conformance/README.md",
    needle: "--token-command 'vault read",
    language: "sh",
    why: "needs a staging server and vault; the command is run above against the sandbox",
  },
  {
    file: "packages/conformance/README.md",
    needle: "# .github/workflows/conformance.yml",
    language: "yaml",
    why: "a GitHub Actions workflow, run as a runner runs it by test/integrations/conformance-jobs.test.ts",
  },
  {
    file: "packages/conformance/README.md",
    needle: "# .gitlab-ci.yml",
    language: "yaml",
    why: "a GitLab CI job, run as a runner runs it by test/integrations/conformance-jobs.test.ts",
  },
  {
    file: "packages/conformance/README.md",
    needle: "conformance webhooks --listen",
    language: "sh",
    why: "waits for deliveries to an endpoint registered by hand",
  },
  {
    file: "packages/conformance/README.md",
    needle: "the shortest sequence found that shows it",
    language: "text",
    why: "a finding of the exploration, as packages/conformance/test/explore.test.ts has it found",
  },
  {
    file: "packages/conformance/README.md",
    needle: "--explore-runs 100",
    language: "sh",
    why: "the exploration's options; packages/conformance/test/explore.test.ts runs them, as the library's, against the sandbox",
  },
  {
    file: "packages/sandbox/README.md",
    needle: "--state redis://127.0.0.1:6379",
    language: "sh",
    why: "serve's options; serve itself is run above",
  },
  {
    file: "packages/sandbox/README.md",
    needle: "npx vitest run packages/sandbox/test/browser",
    language: "sh",
    why: "a contributor's command in this repository",
  },
  {
    file: "spec/lib/README.md",
    needle: "npm install --save-dev @signing-platform/typespec-conventions",
    language: "sh",
    why: "what the set-up installs by name, the TypeSpec packages at the versions of package-lock.json",
  },
  {
    file: "spec/lib/README.md",
    needle: '"@signing-platform/typespec-conventions/all"',
    language: "yaml",
    why: "the tspconfig.yaml of the project of test/registry/typespec-conventions.test.ts, compiled there",
  },
  { file: "spec/lib/README.md", needle: "npx tsp compile .", language: "sh", why: "run by test/registry/typespec-conventions.test.ts" },
  {
    file: "spec/lib/README.md",
    needle: "#suppress",
    language: "tsp",
    why: "compiled in the project of test/registry/typespec-conventions.test.ts",
  },
];

/** What the webhooks README's handler block assumes from the reader's program, here backed by the sandbox. */
const RECEIVER_ASSUMES = `const api = {
  getSigningRequest: async (id: string) =>
    (await (await fetch(\`http://127.0.0.1:4010/v1/signing-requests/\${id}\`, { headers: { authorization: \`Bearer \${process.env.TOKEN}\` } })).json()) as { status: string; documents: { content_url: string }[] },
};
const fetchSignedDocuments = async (documents: { content_url: string }[]) => console.log("signed documents:", documents.length);
const logger = { warn: (report: object, message: string) => console.warn(message, report) };`;

async function waitFor(condition: () => boolean, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
