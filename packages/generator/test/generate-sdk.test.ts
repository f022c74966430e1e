// The generator end to end, fast: a fixture that adds one action to this API's own document
// (derived at test time from generated/openapi.yaml) and the public petstore document, each
// generated into a package, built with `tsc --strict` against this repository's
// node_modules, and called against a real HTTP server on loopback. standalone-sdk.test.ts
// installs SDKs from their tarballs outside the repository instead.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { headerNames, limits } from "@signing-platform/types";
import { type GenerateOptions, GeneratorInputError, generate } from "../src/index.js";
import { type Built, generateAndBuild } from "./built-sdk.js";
import { errorBody, recordingSleep, startScriptedServer, type ScriptedServer } from "../../client/test/support/scripted-server.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const petstore = fileURLToPath(new URL("./fixtures/petstore-expanded/openapi.yaml", import.meta.url));
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
      responses: {
        ...createEnrollment.responses,
        "201": {
          ...createEnrollment.responses["201"],
          content: { "application/json": { schema: { $ref: "#/components/schemas/Certificate" } } },
        },
      },
    },
  };
  return document;
}

let scratch: string;
let fixture: string;
let server: ScriptedServer;

let acme: Built;
let pets: Built;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "generator-"));
  fixture = join(scratch, "acme-openapi.yaml");
  writeFileSync(fixture, YAML.stringify(fixtureDocument()));
  [acme, pets] = await Promise.all([
    generateAndBuild(scratch, fixture, "@acme/signing-sdk"),
    generateAndBuild(scratch, petstore, "petstore-sdk"),
  ]);
  server = await startScriptedServer();
}, 120_000);
afterAll(async () => {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

function client(built: Built, retry: Record<string, unknown> = {}) {
  const { waits, sleep } = recordingSleep();
  return {
    waits,
    sdk: built.sdk.createSdk({ baseUrl: server.url, accessToken: "token-1", retry: { sleep, random: () => 0.5, ...retry } }),
  };
}

describe("generateSdk, with the extensions", () => {
  it("writes a package that builds with tsc --strict and depends on no package of this repository", () => {
    expect(acme.build.stderr, String(acme.build.stdout)).toBe("");
    expect(acme.build.status, String(acme.build.stdout)).toBe(0);
    const manifest = JSON.parse(readFileSync(join(acme.dir, "package.json"), "utf8"));
    expect(manifest).toMatchObject({
      name: "@acme/signing-sdk",
      type: "module",
      exports: { ".": { types: "./dist/index.d.ts", import: "./dist/index.js" } },
      dependencies: { "openapi-fetch": expect.stringMatching(/^\^\d/) },
    });
    expect(existsSync(join(acme.dir, "dist", "index.d.ts"))).toBe(true);
    expect(readFileSync(join(acme.dir, "src", "runtime", "transport.ts"), "utf8")).toMatch(
      /^\/\/ Part of the runtime of @signing-platform\/generator \d/,
    );
    expect(readFileSync(join(acme.dir, "README.md"), "utf8")).toContain("### `sdk.certificates.revokeCertificate`");
  });

  it("names operations as stripe-node does, and an action by its operationId", () => {
    expect(Object.keys(client(acme).sdk.certificates).sort()).toEqual(["list", "retrieve", "revokeCertificate"]);
    expect(Object.keys(client(acme).sdk.enrollments)).toEqual(["create"]);
    expect(Object.keys(client(acme).sdk.signingRequests)).toEqual(["retrieve"]);
  });

  it("retries the added idempotent action after a 500 with one key, the body intact", async () => {
    server.play({ status: 500, body: errorBody("internal_error") }, { status: 201, body: { id: "cert_9", state: "revoked" } });
    const { sdk, waits } = client(acme);
    const certificate = await sdk.certificates.revokeCertificate("cert_9", { reason: "key compromise" });
    expect(certificate).toEqual({ id: "cert_9", state: "revoked" });
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      "POST /certificates/cert_9/revocations",
      "POST /certificates/cert_9/revocations",
    ]);
    expect(server.requests[0]!.headers[KEY]).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(server.requests[1]!.headers[KEY]).toBe(server.requests[0]!.headers[KEY]);
    expect(server.requests.map((request) => JSON.parse(request.body))).toEqual([
      { reason: "key compromise" },
      { reason: "key compromise" },
    ]);
    expect(waits).toEqual([250]);
  });

  it("sends the caller's idempotencyKey, and refuses a malformed one before sending", async () => {
    server.play({ status: 201, body: { id: "enr_1" } });
    const { sdk } = client(acme);
    const key = "K".repeat(limits.idempotency_key_min_length);
    await sdk.enrollments.create({ identity_evidence: {} }, { idempotencyKey: key });
    expect(server.requests[0]!.headers[KEY]).toBe(key);
    server.play();
    await expect(sdk.enrollments.create({}, { idempotencyKey: "not-alphanumeric" })).rejects.toBeInstanceOf(
      acme.sdk.RequestValidationError,
    );
    expect(server.requests).toHaveLength(0);
  });

  it("gives the first page when awaited and every item when iterated, sending the cursor as returned", async () => {
    const pages = () => [
      {
        status: 200,
        body: { items: [{ id: "cert_1" }, { id: "cert_2" }], cursor: "c+/=1", next: `${server.url}/certificates?cursor=c%2B%2F%3D1` },
      },
      { status: 200, body: { items: [{ id: "cert_3" }], cursor: null, next: null } },
    ];
    const { sdk } = client(acme);
    server.play(...pages());
    expect((await sdk.certificates.list({ limit: 2 })).items.map((item: { id: string }) => item.id)).toEqual(["cert_1", "cert_2"]);
    server.play(...pages());
    const ids: string[] = [];
    for await (const item of sdk.certificates.list({ limit: 2 })) ids.push(item.id);
    expect(ids).toEqual(["cert_1", "cert_2", "cert_3"]);
    expect(new URL(server.requests[1]!.url, server.url).searchParams.get("cursor")).toBe("c+/=1");
  });

  it("rejects a page size over the maximum before sending", async () => {
    server.play();
    const { sdk } = client(acme);
    await expect(sdk.certificates.list({ limit: limits.page_size_maximum + 1 })).rejects.toBeInstanceOf(acme.sdk.RequestValidationError);
    expect(server.requests).toHaveLength(0);
  });

  it("rejects with the typed error, and gives the response and its metadata with withResponse()", async () => {
    server.play({ status: 404, body: errorBody("not_found") });
    const { sdk } = client(acme);
    const error = await sdk.certificates.retrieve("cert_0").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(acme.sdk.NotFoundError);
    expect(error).toMatchObject({ code: "not_found", status: 404, requestId: "req_body" });
    server.play({ status: 200, body: { id: "cert_1" } });
    const { data, response, meta } = await sdk.certificates.retrieve("cert_1").withResponse();
    expect(data).toEqual({ id: "cert_1" });
    expect(response.status).toBe(200);
    expect(meta).toMatchObject({ requestId: expect.stringMatching(/^req_/), attempts: 1, rateLimit: { limit: 100, remaining: 99 } });
  });

  it("keeps the lower-level client reachable", async () => {
    server.play({ status: 200, body: { id: "cert_1" } });
    const { sdk } = client(acme);
    const result = await sdk.client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });
    expect(result.data).toEqual({ id: "cert_1" });
  });
});

describe("generateSdk, for a document without the extensions", () => {
  it("builds, with a method per operation and no invented pagination", () => {
    expect(pets.build.status, String(pets.build.stdout)).toBe(0);
    const { sdk } = client(pets);
    expect(Object.keys(sdk.pets).sort()).toEqual(["create", "delete", "list", "retrieve"]);
    expect(sdk.pets.list).toBeTypeOf("function");
    expect(Object.keys(sdk).sort()).toEqual(["client", "pets"]);
  });

  it("sends no idempotency key and does not repeat a POST the server may have acted on", async () => {
    server.play({ status: 500, body: { code: 500, message: "Oops." } });
    const { sdk } = client(pets);
    const error = await sdk.pets.create({ name: "Rex" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(pets.sdk.ServerError);
    expect(error).toMatchObject({ status: 500, code: "500", message: "Oops.", body: { code: 500, message: "Oops." } });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.headers[KEY]).toBeUndefined();
  });

  it("repeats a GET after a 503 with Retry-After, as HTTP allows", async () => {
    server.play(
      { status: 503, headers: { "retry-after": "2" }, body: { message: "Busy." } },
      { status: 200, body: [{ id: 1, name: "Rex" }] },
    );
    const { sdk, waits } = client(pets);
    const list = sdk.pets.list({ limit: 1 });
    expect(list[Symbol.asyncIterator]).toBeUndefined();
    expect(await list).toEqual([{ id: 1, name: "Rex" }]);
    expect(waits).toEqual([2000]);
    expect(new URL(server.requests[0]!.url, server.url).searchParams.get("limit")).toBe("1");
  });

  it("types an error by its status, whatever its body", async () => {
    server.play({ status: 404, body: "Not here", raw: true });
    const { sdk } = client(pets);
    const error = await sdk.pets.retrieve(7).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(pets.sdk.NotFoundError);
    expect(error).toMatchObject({ code: "http_404", body: "Not here" });
    expect(server.requests[0]!.url).toBe("/pets/7");
  });
});

describe("generate", () => {
  const written = (name: string, document: unknown) => {
    const file = join(scratch, name);
    writeFileSync(file, JSON.stringify(document));
    return file;
  };
  const brokenRef = () =>
    written("broken-ref.json", {
      openapi: "3.1.0",
      info: { title: "x", version: "1" },
      paths: { "/pets": { get: { parameters: [{ $ref: "#/components/parameters/Nope" }], responses: { 200: { description: "ok" } } } } },
    });
  const refCycle = () =>
    written("ref-cycle.json", {
      openapi: "3.1.0",
      info: { title: "x", version: "1" },
      paths: { "/pets": { get: { parameters: [{ $ref: "#/components/parameters/A" }], responses: { 200: { description: "ok" } } } } },
      components: { parameters: { A: { $ref: "#/components/parameters/B" }, B: { $ref: "#/components/parameters/A" } } },
    });
  const clashing = () =>
    written("clashing.json", {
      openapi: "3.0.3",
      info: { title: "x", version: "1" },
      paths: {
        "/a": { get: { operationId: "listThings", tags: ["default"], responses: {} } },
        "/b": { get: { operationId: "list-things", tags: ["default"], responses: {} } },
      },
    });
  const notOpenApi = () => {
    const file = join(scratch, "not-openapi.json");
    writeFileSync(file, JSON.stringify({ swagger: "2.0", paths: {} }));
    return file;
  };

  it.each<[string, () => GenerateOptions, RegExp]>([
    ["a missing input file", () => ({ input: join(scratch, "nope.yaml"), outDir: join(scratch, "x") }), /nope\.yaml: no such file\./],
    [
      "a document that is not OpenAPI 3",
      () => ({ input: notOpenApi(), outDir: join(scratch, "x") }),
      /not an OpenAPI 3\.0, 3\.1 or 3\.2 document \(Swagger 2\.0\)/,
    ],
    [
      "a $ref to nowhere",
      () => ({ input: brokenRef(), outDir: join(scratch, "x") }),
      /broken-ref\.json:\d+:\d+: \$ref to nowhere: "#\/components\/parameters\/Nope" does not exist\./,
    ],
    [
      "a cycle of $refs",
      () => ({ input: refCycle(), outDir: join(scratch, "x") }),
      /: #\/components\/parameters\/B: \$ref #\/components\/parameters\/A is part of a cycle of references\.$/m,
    ],
    [
      "a $ref to nowhere, for a server's handler types",
      () => ({ input: brokenRef(), outDir: join(scratch, "x"), target: "server" }),
      /broken-ref\.json:\d+:\d+: \$ref to nowhere: "#\/components\/parameters\/Nope" does not exist\./,
    ],
    [
      "a $ref to nowhere in a document given loaded, for a server's handler types",
      () => ({ input: "api.json", document: JSON.parse(readFileSync(brokenRef(), "utf8")), outDir: join(scratch, "x"), target: "server" }),
      /^openapi-typescript cannot type the document: Can.t resolve \$ref at #\/paths\/~1pets\/get\/parameters\/0/,
    ],
    [
      "two operations with one name",
      () => ({ input: clashing(), outDir: join(scratch, "x") }),
      /GET \/b and GET \/a would both be default\.listThings/,
    ],
    ["an invalid package name", () => ({ input: fixture, outDir: join(scratch, "x"), name: "Not A Name" }), /not a valid npm package name/],
    ["a folder holding something else", () => ({ input: fixture, outDir: root }), /not empty .* --force/],
  ])("refuses %s with GeneratorInputError, in one line saying which", async (_name, options, message) => {
    const refused = await generate(options()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GeneratorInputError);
    expect((refused as Error).message).toMatch(message);
    expect((refused as Error).message).not.toContain("\n");
  });

  it("regenerates over an SDK it generated before", async () => {
    const again = await generate({ input: fixture, outDir: acme.dir, name: "@acme/signing-sdk" });
    expect(again).toMatchObject({ target: "sdk", name: "@acme/signing-sdk", outDir: acme.dir });
    expect(again.files).toContain("src/index.ts");
  });
});
