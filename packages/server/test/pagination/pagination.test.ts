// Pagination over HTTP: {items, cursor, next}, `next` absolute, last page null, tampered
// or foreign cursor 400 naming `cursor`, limit outside 1–100 400 naming `limit`.
import { describe, expect, it } from "vitest";
import { tokens } from "../support/fixture-app.js";
import { call, expectError } from "../support/http.js";
import { serveFixture } from "../support/serve.js";

const server = serveFixture();
const data = server.data;

const BASE = "https://api.example.test";
const list = (query: string, token = tokens.a) => call(`${server.url}/certificates${query}`, { token });
/** `next` points at the public base URL; the test server listens elsewhere. */
const follow = (next: string, token = tokens.a) => call(next.replace(BASE, server.url), { token });

describe("pagination", () => {
  it("pages through the organization's certificates in order, each once, to a last page with null cursor and next", async () => {
    const own = data.certificates.filter((item) => item.organization === "org_a").map((item) => item.id);
    const seen: string[] = [];
    let answer = await list("?limit=3");
    for (;;) {
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.json).sort()).toEqual(["cursor", "items", "next"]);
      seen.push(...answer.json.items.map((item: { id: string }) => item.id));
      if (answer.json.cursor === null) break;
      expect(answer.json.next).toBe(`${BASE}/certificates?limit=3&cursor=${answer.json.cursor}`);
      answer = await follow(answer.json.next);
    }
    expect(answer.json.next).toBeNull();
    expect(seen).toEqual(own);
  });

  it("uses the default limit of 25", async () => {
    const answer = await list("");
    expect(answer.json.items.length).toBe(8);
    expect([answer.json.cursor, answer.json.next]).toEqual([null, null]);
  });

  it("answers a tampered cursor 400 bad_request naming cursor", async () => {
    const { json } = await list("?limit=2");
    const cursor: string = json.cursor;
    const tampered = cursor.replace(/^./, (first) => (first === "A" ? "B" : "A"));
    for (const bad of [tampered, `${cursor}x`, "not-a-cursor", ""]) {
      const answer = await list(`?limit=2&cursor=${encodeURIComponent(bad)}`);
      expectError(answer, 400, "bad_request");
      expect(answer.json.error.details).toEqual([expect.objectContaining({ field: "cursor", code: "invalid_cursor" })]);
    }
  });

  it("answers another organization's cursor 400 bad_request", async () => {
    const theirs = await list("?limit=1", tokens.b);
    expect(theirs.json.cursor).not.toBeNull();
    expectError(await list(`?limit=1&cursor=${theirs.json.cursor}`, tokens.a), 400, "bad_request");
  });

  it.each(["0", "101", "-1", "1.5", "x"])("answers limit=%s 400 bad_request naming limit", async (limit) => {
    const answer = await list(`?limit=${limit}`);
    expectError(answer, 400, "bad_request");
    expect(answer.json.error.details.map((detail: { field: string }) => detail.field)).toEqual(["limit"]);
  });

  it("checks HEAD as it checks GET (the HEAD route gets the same hooks)", async () => {
    const bad = await call(`${server.url}/certificates?limit=0`, { token: tokens.a, method: "HEAD" });
    const good = await call(`${server.url}/certificates?limit=2`, { token: tokens.a, method: "HEAD" });
    expect([bad.status, bad.text, good.status, good.text]).toEqual([400, "", 200, ""]);
    expect(good.headers.etag).toBe((await list("?limit=2")).headers.etag);
  });

  it("accepts limit 1 and 100", async () => {
    expect((await list("?limit=1")).json.items.length).toBe(1);
    expect((await list("?limit=100")).json.items.length).toBe(8);
  });
});
