// @ts-check
// `npm run bench -- client`: median latency of one GET through @signing-platform/client
// against raw undici `fetch` of the same URL, to the same local server, in the same run
// (goal: overhead at most 15%). The server runs in a child process so it does
// not share the event loop with the code being measured; the variants take turns call by
// call so drift of a shared, noisy machine hits them alike. Prints medians and the ratio;
// asserts nothing. The client with an overall deadline (timeoutMs), which costs a signal that
// fetch follows per call, is measured against fetch given a timeout signal of its own. Then the
// call style of generated SDKs (`sdk.certificates.retrieve(id)`: resourceCalls and an
// APIPromise on the same runtime), and that call with validateResponses (each body checked by
// ajv against the schema the generator writes for a certificate).
// Needs `npm run build` (it imports the built package).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { fetch as undiciFetch } from "undici";
import { api, createApiClient, createClient, resourceCalls } from "@signing-platform/client";
import { median } from "./support/statistics.mjs";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const PER_ROUND = 250;
const WARMUP = 500;

const serverSource = `
const { createServer } = require("node:http");
const body = JSON.stringify({ id: "cert_1", state: "active", serial: "0a1b2c3d4e5f" });
createServer((request, response) => {
  response.writeHead(200, {
    "content-type": "application/json",
    "request-id": "req_1",
    "ratelimit-limit": "1000",
    "ratelimit-remaining": "999",
    "ratelimit-reset": "1800000000",
    etag: '"e1"',
  });
  response.end(body);
}).listen(0, "127.0.0.1", function () { process.stdout.write(String(this.address().port) + "\\n"); });
`;

const child = spawn(process.execPath, ["-e", serverSource], { stdio: ["ignore", "pipe", "inherit"] });
const [chunk] = await once(child.stdout, "data");
const baseUrl = `http://127.0.0.1:${String(chunk).trim()}`;
const url = `${baseUrl}/certificates/cert_1`;

// undici's fetch is the fetch the client calls; its declared Request and Response types are
// undici's own, not the DOM's the client's FetchLike names.
const fetch = /** @type {import("@signing-platform/client").FetchLike} */ (/** @type {unknown} */ (undiciFetch));
const client = createClient({ baseUrl, accessToken: "token", fetch });
// The same client with an overall deadline: every call then passes an AbortSignal to fetch.
const clientWithDeadline = createClient({ baseUrl, accessToken: "token", fetch, timeoutMs: 30_000 });
const headers = { accept: "application/json", authorization: "Bearer token" };
// The schemas the generator writes for GET /certificates/{id} of our document (its response-schemas.ts).
/** @type {import("@signing-platform/client").ResponseSchemas} */
const responseSchemas = {
  components: {
    schemas: {
      Certificate: { type: "object", required: ["id"], properties: { id: { allOf: [{ $ref: "#/components/schemas/CertificateId" }] } } },
      CertificateId: { type: "string" },
    },
  },
  responses: { "/certificates/{id}": { get: { 200: { $ref: "#/components/schemas/Certificate" } } } },
};
const validating = resourceCalls(
  createApiClient({ ...api, responseSchemas }, { baseUrl, accessToken: "token", fetch, validateResponses: true }),
  api,
).call;
// As a generated SDK does: the resource layer takes the client untyped by paths.
const { call } = resourceCalls(/** @type {import("@signing-platform/client").Client<{}>} */ (/** @type {unknown} */ (client)), api);

const variants = {
  "raw undici fetch": async () => {
    const response = await undiciFetch(url, { headers });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return response.json();
  },
  // The reference for a call with a deadline: undici's own timeout signal, which fetch follows as it follows the client's.
  "raw undici fetch, timeout signal": async () => {
    const response = await undiciFetch(url, { headers, signal: AbortSignal.timeout(30_000) });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return response.json();
  },
  "@signing-platform/client GET": async () => {
    const { data, error } = await client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });
    if (error) throw error;
    return data;
  },
  "client GET, timeoutMs set": async () => {
    const { data, error } = await clientWithDeadline.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });
    if (error) throw error;
    return data;
  },
  "generated SDK retrieve(id)": () => call("GET", "/certificates/{id}", { path: { id: "cert_1" } }),
  "SDK retrieve(id), validated": () => validating("GET", "/certificates/{id}", { path: { id: "cert_1" } }),
};

/** @typedef {keyof typeof variants} Variant */
const samples = /** @type {Record<Variant, number[]>} */ (
  Object.fromEntries(Object.keys(variants).map((name) => [name, /** @type {number[]} */ ([])]))
);
for (const run of Object.values(variants)) for (let index = 0; index < WARMUP; index += 1) await run();
// The variants take turns call by call, in an order that rotates: a slow moment of the shared
// machine (another process, a collection) falls on each of them alike, where rounds of one
// variant at a time gave ratios that moved by 20 points between runs.
const entries = /** @type {Array<[Variant, () => Promise<unknown>]>} */ (Object.entries(variants));
for (let round = 0; round < ROUNDS; round += 1) {
  globalThis.gc?.();
  for (let index = 0; index < PER_ROUND; index += 1) {
    for (let turn = 0; turn < entries.length; turn += 1) {
      const [name, run] = /** @type {[Variant, () => Promise<unknown>]} */ (entries[(index + turn) % entries.length]);
      const started = process.hrtime.bigint();
      await run();
      samples[name].push(Number(process.hrtime.bigint() - started) / 1000);
    }
  }
}
child.kill();

const reference = median(samples["raw undici fetch"]);
console.log(`GET ${url}: ${ROUNDS * PER_ROUND} requests per variant, sequential, keep-alive`);
for (const [name, values] of Object.entries(samples)) {
  const value = median(values);
  console.log(`${name.padEnd(32)} median ${value.toFixed(1).padStart(7)} µs   ratio ${(value / reference).toFixed(3)}`);
}
const overhead = (median(samples["@signing-platform/client GET"]) / reference - 1) * 100;
console.log(`client overhead (default options): ${overhead.toFixed(1)}% (goal: at most 15%)`);
const deadlineOverhead = (median(samples["client GET, timeoutMs set"]) / median(samples["raw undici fetch, timeout signal"]) - 1) * 100;
console.log(`client overhead with a deadline, against fetch with a timeout signal: ${deadlineOverhead.toFixed(1)}% (goal: at most 15%)`);
