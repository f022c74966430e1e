// Iteration in every page shape, from both SDKs: one small document with a list per shape
// (Stripe's has_more and starting_after, GitHub's Link header, Twilio's next_page_uri,
// Spotify's next, a page token, offset and limit, page numbers), generated in TypeScript
// (built with tsc --strict) and in Python, against a node:http server on loopback that pages
// seven items three at a time as each API does. Each SDK must see every item once, in three
// requests; a server whose next page is the one just asked for ends with InvalidResponseError.
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSdk } from "../src/index.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const PYTHON = "/usr/bin/python3";
const ITEMS = Array.from({ length: 7 }, (_, index) => ({ id: `item_${index + 1}` }));
const SIZE = 3;

const query = (name: string, type = "string") => ({ name, in: "query", schema: { type } });
const items = { type: "array", items: { type: "object", properties: { id: { type: "string" } } } };
const list = (parameters: object[], schema: object, headers?: object) => ({
  get: {
    parameters,
    responses: { "200": { description: "A page", ...(headers ? { headers } : {}), content: { "application/json": { schema } } } },
  },
});
const object = (properties: object) => ({ type: "object", properties });

/** One list per shape, written as each API's document writes it. */
const document = {
  openapi: "3.0.3",
  info: { title: "Pages", version: "1.0.0" },
  servers: [{ url: "http://127.0.0.1" }],
  paths: {
    "/customers": list([query("limit", "integer"), query("starting_after")], object({ data: items, has_more: { type: "boolean" } })),
    "/repos": list([query("per_page", "integer"), query("page", "integer")], items, { Link: { schema: { type: "string" } } }),
    "/calls": list(
      [query("PageSize", "integer"), query("Page", "integer"), query("PageToken")],
      object({ calls: items, next_page_uri: { type: "string", nullable: true }, page: { type: "integer" } }),
    ),
    "/tracks": list(
      [query("limit", "integer"), query("offset", "integer")],
      object({ items, next: { type: "string", nullable: true }, total: { type: "integer" } }),
    ),
    "/tokens": list([query("page_size", "integer"), query("page_token")], object({ items, next_page_token: { type: "string" } })),
    "/offsets": list([query("limit", "integer"), query("offset", "integer")], object({ items, total: { type: "integer" } })),
    "/numbers": list([query("per_page", "integer"), query("page", "integer")], object({ data: items })),
    "/loops": list([query("page_size", "integer"), query("page_token")], object({ items, next_page_token: { type: "string" } })),
  },
};

let server: Server;
let baseUrl: string;
let scratch: string;
const requests: string[] = [];

/** Each list's pages, as its API sends them: from the position the request asks for, SIZE items. */
function answer(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? "/", baseUrl);
  requests.push(`${url.pathname}${url.search}`);
  const at = (start: number) => ITEMS.slice(start, start + SIZE);
  const json = (body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(200, { "content-type": "application/json", ...headers });
    response.end(JSON.stringify(body));
  };
  const number = (name: string, fallback: number) => Number(url.searchParams.get(name) ?? fallback);
  switch (url.pathname) {
    case "/customers": {
      const after = url.searchParams.get("starting_after");
      const start = after === null ? 0 : ITEMS.findIndex(({ id }) => id === after) + 1;
      return json({ object: "list", data: at(start), has_more: start + SIZE < ITEMS.length });
    }
    case "/repos": {
      const page = number("page", 1);
      const next = page * SIZE < ITEMS.length ? `<${baseUrl}/repos?per_page=${SIZE}&page=${page + 1}>; rel="next", ` : "";
      return json(at((page - 1) * SIZE), { link: `${next}<${baseUrl}/repos?per_page=${SIZE}&page=3>; rel="last"` });
    }
    case "/calls": {
      const page = number("Page", 0);
      const more = (page + 1) * SIZE < ITEMS.length;
      // Twilio's next_page_uri: a path on the API's host, with a token of its own.
      return json({
        calls: at(page * SIZE),
        page,
        next_page_uri: more ? `/calls?PageSize=${SIZE}&Page=${page + 1}&PageToken=PA${page + 1}` : null,
      });
    }
    case "/tracks": {
      const offset = number("offset", 0);
      const more = offset + SIZE < ITEMS.length;
      return json({
        items: at(offset),
        total: ITEMS.length,
        next: more ? `${baseUrl}/tracks?offset=${offset + SIZE}&limit=${SIZE}` : null,
      });
    }
    case "/tokens": {
      const start = Number((url.searchParams.get("page_token") ?? "t0").slice(1));
      return json({ items: at(start), ...(start + SIZE < ITEMS.length ? { next_page_token: `t${start + SIZE}` } : {}) });
    }
    case "/offsets":
      return json({ items: at(number("offset", 0)), total: ITEMS.length });
    case "/numbers":
      return json({ data: at((number("page", 1) - 1) * number("per_page", 30)) });
    case "/loops":
      return json({ items: at(0), next_page_token: "same" });
  }
  response.writeHead(404).end();
}

/** The calls of each list, by its path, as the SDK's user writes them. */
const CALLS: Array<[string, string, string]> = [
  ["/customers", "sdk.customers.list({ limit: 3 })", "client.customers.list(limit=3)"],
  ["/repos", "sdk.repos.list({ per_page: 3 })", "client.repos.list(per_page=3)"],
  ["/calls", "sdk.calls.list({ PageSize: 3 })", "client.calls.list(page_size=3)"],
  ["/tracks", "sdk.tracks.list({ limit: 3 })", "client.tracks.list(limit=3)"],
  ["/tokens", "sdk.tokens.list({ page_size: 3 })", "client.tokens.list(page_size=3)"],
  ["/offsets", "sdk.offsets.list({ limit: 3 })", "client.offsets.list(limit=3)"],
  ["/numbers", "sdk.numbers.list({ per_page: 3 })", "client.numbers.list(per_page=3)"],
];

let sdk: { createSdk(options: object): Record<string, Record<string, (query: object) => AsyncIterable<{ id: string }>>> };

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "page-shapes-"));
  server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const input = { input: "pages.yaml", document: document as never };
  await generateSdk({ ...input, outDir: join(scratch, "ts"), name: "pages-sdk" });
  await generateSdk({ ...input, outDir: join(scratch, "py"), name: "pages_sdk", language: "python" });
  symlinkSync(join(root, "node_modules"), join(scratch, "ts", "node_modules"), "dir");
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const build = spawnSync(process.execPath, [tsc, "-p", join(scratch, "ts", "tsconfig.json"), "--strict"], { encoding: "utf8" });
  expect(build.status, build.stdout).toBe(0);
  sdk = await import(pathToFileURL(join(scratch, "ts", "dist", "index.js")).href);
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(scratch, { recursive: true, force: true });
});

const ids = ITEMS.map(({ id }) => id);

describe("the TypeScript SDK", () => {
  it.each(CALLS)("iterates every item of %s across three pages", async (path, call) => {
    requests.length = 0;
    const client = sdk.createSdk({ baseUrl });
    const list = new Function("sdk", `return ${call};`)(client) as AsyncIterable<{ id: string }>;
    const seen: string[] = [];
    for await (const item of list) seen.push(item.id);
    expect(seen).toEqual(ids);
    expect(requests.filter((request) => request.startsWith(path))).toHaveLength(3);
  });

  it("ends a list whose next page is the one just asked for with InvalidResponseError", async () => {
    const client = sdk.createSdk({ baseUrl }) as unknown as { loops: { list(query: object): { toArray(): Promise<unknown[]> } } };
    await expect(client.loops.list({ page_size: 3 }).toArray()).rejects.toMatchObject({
      name: "InvalidResponseError",
      message: "A page names itself as the next page: the list would never end.",
    });
  });
});

describe("the Python SDK", () => {
  it("iterates every item of each list across three pages, and ends a list that loops with InvalidResponseError", async () => {
    const script = [
      "import json, sys",
      "from pages_sdk import Client, InvalidResponseError",
      "client = Client(base_url=sys.argv[1])",
      `lists = {${CALLS.map(([path, , call]) => `${JSON.stringify(path)}: [item["id"] for item in ${call}]`).join(", ")}}`,
      "try:",
      "    list(client.loops.list(page_size=3))",
      "    loops = None",
      "except InvalidResponseError as error:",
      "    loops = str(error)",
      "print(json.dumps({'lists': lists, 'loops': loops}))",
    ].join("\n");
    writeFileSync(join(scratch, "py", "src", "iterate.py"), script);
    requests.length = 0;
    const ran = await new Promise<{ status: number; stdout: string; output: string }>((resolve) =>
      execFile(PYTHON, ["iterate.py", baseUrl], { cwd: join(scratch, "py", "src"), timeout: 60_000 }, (error, stdout, stderr) =>
        resolve({ status: error ? 1 : 0, stdout, output: `${stdout}${stderr}` }),
      ),
    );
    expect(ran.status, ran.output).toBe(0);
    const { lists, loops } = JSON.parse(ran.stdout);
    for (const [path] of CALLS) {
      expect(lists[path], path).toEqual(ids);
      expect(
        requests.filter((request) => request.startsWith(path)),
        path,
      ).toHaveLength(3);
    }
    expect(loops).toBe("A page names itself as the next page: the list would never end.");
  }, 60_000);
});
