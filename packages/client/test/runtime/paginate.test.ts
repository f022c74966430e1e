// Pagination against a real keyset-paginated server on loopback that inserts new
// certificates between pages, newest first (Limits › Pagination rules: "cursor paging
// neither skips nor repeats records under concurrent writes"). A client that counted
// offsets would see repeats here; one that sends the cursor as given sees none.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { limits } from "@signing-platform/types";
import { RequestValidationError, createClient, type ApiError } from "../../src/index.js";

interface Row {
  seq: number;
  id: string;
}

let server: Server;
let baseUrl: string;
let rows: Row[];
let nextSeq: number;
let issuedCursors: string[];
let receivedCursors: string[];
let requestedLimits: string[];

// Standard base64 with a separator: "+", "/", "=" and "." must survive the round trip.
const encodeCursor = (seq: number) => `${Buffer.from(JSON.stringify({ before: seq, pad: "??>>" })).toString("base64")}.sig`;
const decodeCursor = (cursor: string) => JSON.parse(Buffer.from(cursor.split(".")[0]!, "base64").toString("utf8")).before as number;

function insert(count: number) {
  for (let index = 0; index < count; index += 1) {
    nextSeq += 1;
    rows.push({ seq: nextSeq, id: `cert_${nextSeq}` });
  }
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const limit = Number(url.searchParams.get("limit") ?? limits.page_size_default);
    const cursor = url.searchParams.get("cursor");
    requestedLimits.push(url.searchParams.get("limit") ?? "");
    if (cursor !== null) receivedCursors.push(cursor);
    const before = cursor === null ? Number.POSITIVE_INFINITY : decodeCursor(cursor);
    const ordered = [...rows].sort((a, b) => b.seq - a.seq).filter((row) => row.seq < before);
    const page = ordered.slice(0, limit);
    const more = ordered.length > limit;
    const nextCursor = more ? encodeCursor(page[page.length - 1]!.seq) : null;
    if (nextCursor) issuedCursors.push(nextCursor);
    // A concurrent writer: three new certificates land at the top after every page.
    insert(3);
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        items: page.map((row) => ({ id: row.id })),
        cursor: nextCursor,
        next: nextCursor ? `${baseUrl}/certificates?cursor=${encodeURIComponent(nextCursor)}&limit=${limit}` : null,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  rows = [];
  nextSeq = 0;
  issuedCursors = [];
  receivedCursors = [];
  requestedLimits = [];
  insert(95);
});

describe("paginate", () => {
  // @trace walks-every-page-with-the-cursors-exactly-as-ret
  it("walks every page with the cursors exactly as returned, with no repeats while the server inserts", async () => {
    const client = createClient({ baseUrl, accessToken: "t" });
    const original = rows.map((row) => row.id);
    const ids: string[] = [];
    for await (const certificate of client.paginate("/certificates", { limit: 10 })) ids.push(certificate.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(original.sort());
    expect(receivedCursors).toEqual(issuedCursors);
    expect(receivedCursors).toHaveLength(9);
    expect(requestedLimits.every((limit) => limit === "10")).toBe(true);
  });

  it("toArray({ max }) stops once it has max items, fetching no further page", async () => {
    const client = createClient({ baseUrl, accessToken: "t" });
    const items = await client.paginate("/certificates", { limit: 5 }).toArray({ max: 7 });
    expect(items).toHaveLength(7);
    expect(requestedLimits).toHaveLength(2);
  });

  it("uses the server's default page size when no limit is given", async () => {
    const client = createClient({ baseUrl, accessToken: "t" });
    const items = await client.paginate("/certificates").toArray();
    expect(items).toHaveLength(95);
    expect(requestedLimits[0]).toBe("");
  });

  it.each([
    ["over the maximum", limits.page_size_maximum + 1],
    ["under the minimum", limits.page_size_minimum - 1],
    ["not an integer", 2.5],
  ])("refuses a limit %s before sending anything", (_name, limit) => {
    const client = createClient({ baseUrl, accessToken: "t" });
    let thrown: ApiError | undefined;
    try {
      client.paginate("/certificates", { limit });
    } catch (error) {
      thrown = error as ApiError;
    }
    expect(thrown).toBeInstanceOf(RequestValidationError);
    expect(thrown?.details[0]?.field).toBe("limit");
    expect(requestedLimits).toHaveLength(0);
  });

  it("accepts the maximum", async () => {
    const client = createClient({ baseUrl, accessToken: "t" });
    const items = await client.paginate("/certificates", { limit: limits.page_size_maximum }).toArray();
    expect(items).toHaveLength(95);
    expect(requestedLimits).toEqual([String(limits.page_size_maximum)]);
  });

  it("throws the ApiError of a failed page", async () => {
    const client = createClient({ baseUrl: "http://127.0.0.1:9", accessToken: "t", retry: { maxRetries: 0 } });
    await expect(client.paginate("/certificates").toArray()).rejects.toMatchObject({ code: "connection_error" });
  });
});
