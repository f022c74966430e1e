// The generator end to end (issue 8 › The generator): a fixture that adds one operation to
// this API's own document (derived at test time from generated/openapi.yaml), generated into
// a package, built with `tsc --strict`, and called against a real HTTP server on loopback.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { headerNames, limits } from "@signing-platform/types";
import { runGenerate } from "../src/index.js";
import { errorBody, recordingSleep, startScriptedServer, type ScriptedServer } from "../../client/test/support/scripted-server.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const KEY = headerNames.idempotency_key.toLowerCase();

/** Our document plus POST /certificates/{id}/revocations, shaped like POST /enrollments. */
function fixtureDocument() {
  const document = YAML.parse(readFileSync(join(root, "generated", "openapi.yaml"), "utf8"));
  const createEnrollment = document.paths["/enrollments"].post;
  document.info.title = "Acme Signing API";
  document.paths["/certificates/{id}/revocations"] = {
    post: {
      ...createEnrollment,
      operationId: "revokeCertificate",
      summary: "Revoke a certificate",
      tags: ["Certificates"],
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }, ...createEnrollment.parameters],
      requestBody: {
        required: true,
        content: { "application/json": { schema: { type: "object", required: ["reason"], properties: { reason: { type: "string" } } } } },
      },
      responses: { ...createEnrollment.responses, "201": { ...createEnrollment.responses["201"], content: { "application/json": { schema: { $ref: "#/components/schemas/Certificate" } } } } },
    },
  };
  return document;
}

const io = () => {
  const out = { stdout: "", stderr: "" };
  return { out, io: { stdout: { write: (text: string) => (out.stdout += text) }, stderr: { write: (text: string) => (out.stderr += text) } } };
};

let scratch: string;
let fixture: string;
let sdkDir: string;
let sdk: any;
let server: ScriptedServer;
let build: ReturnType<typeof spawnSync>;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "generator-"));
  fixture = join(scratch, "acme-openapi.yaml");
  writeFileSync(fixture, YAML.stringify(fixtureDocument()));
  sdkDir = join(scratch, "acme-sdk");
  const { io: streams } = io();
  expect(await runGenerate(["--input", fixture, "--out", sdkDir, "--name", "@acme/signing-sdk"], streams)).toBe(0);
  // The generated package resolves @signing-platform/client and typescript from this repository.
  symlinkSync(join(root, "node_modules"), join(sdkDir, "node_modules"), "dir");
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  build = spawnSync(process.execPath, [tsc, "-p", join(sdkDir, "tsconfig.json"), "--strict"], { encoding: "utf8" });
  if (build.status === 0) sdk = await import(pathToFileURL(join(sdkDir, "dist", "index.js")).href);
  server = await startScriptedServer();
}, 120_000);
afterAll(async () => {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

function createSdk() {
  const { waits, sleep } = recordingSleep();
  return { waits, acme: sdk.createSdk({ baseUrl: server.url, accessToken: "token-1", retry: { sleep, random: () => 0.5 } }) };
}

describe("generateSdk", () => {
  it("writes a package that builds with tsc --strict", () => {
    expect(build.stderr, String(build.stdout)).toBe("");
    expect(build.status, String(build.stdout)).toBe(0);
    const manifest = JSON.parse(readFileSync(join(sdkDir, "package.json"), "utf8"));
    expect(manifest).toMatchObject({
      name: "@acme/signing-sdk",
      type: "module",
      exports: { ".": { types: "./dist/index.d.ts", import: "./dist/index.js" } },
      dependencies: { "@signing-platform/client": expect.stringMatching(/^\^\d/) },
    });
    expect(existsSync(join(sdkDir, "dist", "index.d.ts"))).toBe(true);
    expect(readFileSync(join(sdkDir, "src", "schema.ts"), "utf8")).toContain('"/certificates/{id}/revocations"');
    expect(readFileSync(join(sdkDir, "README.md"), "utf8")).toContain("`certificates.revokeCertificate`");
  });

  it("calls the added idempotent operation: 500 then 201 with one key, the body intact", async () => {
    server.play({ status: 500, body: errorBody("internal_error") }, { status: 201, body: { id: "cert_9", state: "revoked" } });
    const { acme, waits } = createSdk();
    const result = await acme.certificates.revokeCertificate({ params: { path: { id: "cert_9" } }, body: { reason: "key compromise" } });
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual({ id: "cert_9", state: "revoked" });
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual(["POST /certificates/cert_9/revocations", "POST /certificates/cert_9/revocations"]);
    expect(server.requests[0]!.headers[KEY]).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(server.requests[1]!.headers[KEY]).toBe(server.requests[0]!.headers[KEY]);
    expect(server.requests.map((request) => JSON.parse(request.body))).toEqual([{ reason: "key compromise" }, { reason: "key compromise" }]);
    expect(waits).toEqual([250]);
  });

  it("sends the caller's idempotencyKey when given", async () => {
    server.play({ status: 201, body: { id: "enr_1" } });
    const { acme } = createSdk();
    const key = "K".repeat(limits.idempotency_key_min_length);
    await acme.enrollments.createEnrollment({ body: { identity_evidence: {} } }, { idempotencyKey: key });
    expect(server.requests[0]!.headers[KEY]).toBe(key);
  });

  it("gives the paginated operation an iterator that sends the cursor as returned", async () => {
    server.play(
      { status: 200, body: { items: [{ id: "cert_1" }, { id: "cert_2" }], cursor: "c+/=1", next: `${server.url}/certificates?cursor=c%2B%2F%3D1` } },
      { status: 200, body: { items: [{ id: "cert_3" }], cursor: null, next: null } },
    );
    const { acme } = createSdk();
    const items = await acme.certificates.iterateCertificates({ limit: 2 }).toArray();
    expect(items.map((item: { id: string }) => item.id)).toEqual(["cert_1", "cert_2", "cert_3"]);
    expect(new URL(server.requests[1]!.url, server.url).searchParams.get("cursor")).toBe("c+/=1");
  });

  it("refuses a page size over the maximum before sending", () => {
    server.play();
    const { acme } = createSdk();
    expect(() => acme.certificates.iterateCertificates({ limit: limits.page_size_maximum + 1 })).toThrow(sdk.RequestValidationError);
    expect(server.requests).toHaveLength(0);
  });

  it("gives typed errors of @signing-platform/client", async () => {
    server.play({ status: 404, body: errorBody("not_found") });
    const { acme } = createSdk();
    const result = await acme.certificates.getCertificate({ params: { path: { id: "cert_0" } } });
    expect(result.error).toBeInstanceOf(sdk.NotFoundError);
  });
});

describe("runGenerate", () => {
  const notOpenApi = () => {
    const file = join(scratch, "not-openapi.json");
    writeFileSync(file, JSON.stringify({ swagger: "2.0", paths: {} }));
    return file;
  };

  it.each<[string, () => string[], RegExp]>([
    ["no arguments", () => [], /missing --input and --out/],
    ["an unknown option", () => ["--input", fixture, "--out", join(scratch, "x"), "--lang", "go"], /Unknown option '--lang'/],
    ["a missing input file", () => ["--input", join(scratch, "nope.yaml"), "--out", join(scratch, "x")], /Cannot read --input .*nope\.yaml \(ENOENT\)/],
    ["a document that is not OpenAPI 3", () => ["--input", notOpenApi(), "--out", join(scratch, "x")], /not an OpenAPI 3 document/],
    ["an invalid package name", () => ["--input", fixture, "--out", join(scratch, "x"), "--name", "Not A Name"], /not a valid npm package name/],
    ["a folder holding something else", () => ["--input", fixture, "--out", root], /not empty .* --force/],
  ])("exits 2 with a clear message for %s", async (_name, argv, message) => {
    const { out, io: streams } = io();
    expect(await runGenerate(argv(), streams)).toBe(2);
    expect(out.stderr).toMatch(message);
  });

  it("regenerates over an SDK it generated before", async () => {
    const { out, io: streams } = io();
    expect(await runGenerate(["-i", fixture, "-o", sdkDir, "--name", "@acme/signing-sdk"], streams)).toBe(0);
    expect(out.stdout).toContain("Wrote @acme/signing-sdk (8 files)");
  });

  it("prints its usage with --help", async () => {
    const { out, io: streams } = io();
    expect(await runGenerate(["--help"], streams)).toBe(0);
    expect(out.stdout).toContain("signing-platform generate --input");
  });
});
