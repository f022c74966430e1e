// The portable entry in a real browser: it
// bundles for the browser platform with no Node module, and runs in Chromium against a
// loopback server that serves both the page and the API (same origin, so no CORS).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headerNames } from "@signing-platform/types";

const entry = fileURLToPath(new URL("../src/index.ts", import.meta.url));
let bundle: string;
let server: Server;
let baseUrl: string;
let browser: Browser;
const seen: Array<{ method: string; key: string | undefined }> = [];
let failuresLeft = 1;

beforeAll(async () => {
  const result = await build({ entryPoints: [entry], bundle: true, format: "esm", platform: "browser", write: false, metafile: true });
  bundle = result.outputFiles[0]!.text;
  expect(Object.keys(result.metafile.inputs).filter((input) => input.startsWith("node:") || input.includes("/undici/"))).toEqual([]);

  server = createServer((request, response) => {
    if (request.url === "/") return response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>client</title>");
    if (request.url === "/client.js") return response.writeHead(200, { "content-type": "text/javascript" }).end(bundle);
    seen.push({ method: request.method ?? "", key: request.headers[headerNames.idempotency_key.toLowerCase()] as string | undefined });
    if (request.method === "POST" && failuresLeft-- > 0) {
      response.writeHead(503, { "content-type": "application/json", [headerNames.retry_after]: "0" });
      return response.end(JSON.stringify({ error: { code: "service_unavailable", message: "Busy.", request_id: "req_1", details: [] } }));
    }
    response.writeHead(request.method === "POST" ? 201 : 200, { "content-type": "application/json", [headerNames.request_id]: "req_2" });
    response.end(JSON.stringify({ id: request.method === "POST" ? "enr_1" : "cert_1" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("in a browser", () => {
  it("bundles without Node modules and retries a POST with one key in Chromium", async () => {
    const page = await browser.newPage();
    await page.goto(baseUrl);
    // A string, not a function: vitest would rewrite `import()` inside a function body.
    const outcome = await page.evaluate(`(async () => {
      const url = ${JSON.stringify(baseUrl)};
      const { createClient, ServerError } = await import(url + "/client.js");
      const client = createClient({ baseUrl: url, accessToken: "t" });
      const got = await client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });
      const created = await client.POST("/enrollments", { body: { identity_evidence: {} } });
      return { got: got.data, created: created.data, attempts: created.meta.attempts, requestId: got.meta.requestId, errorIsServer: created.error instanceof ServerError };
    })()`);
    expect(outcome).toEqual({ got: { id: "cert_1" }, created: { id: "enr_1" }, attempts: 2, requestId: "req_2", errorIsServer: false });
    const posts = seen.filter((request) => request.method === "POST");
    expect(posts).toHaveLength(2);
    expect(posts[0]!.key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(posts[1]!.key).toBe(posts[0]!.key);
  });
});
