// GET /certificates on running sandboxes: cursor paging that neither skips nor repeats
// records under concurrent inserts and deletes (Limits › pagination rules; docs/decisions.md#cursor-pagination),
// limit bounds, and cursors that are opaque and tamper-evident. Network input is
// fast-checked: random limits and random or mutated cursors never crash the server. The
// walks run on both kinds of sandbox state: in memory, and in Redis (`--state redis://…`).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisServer, type RedisServer } from "../../../../test/support/redis.js";
import { expectConsistentWalk, walkWithConcurrentWrites } from "../support/certificate-walk.js";
import { createOrganization } from "../support/http.js";
import { startSandboxProcess, type SandboxProcess } from "../support/sandbox-process.js";

let redis: RedisServer;
let sandbox: SandboxProcess;
let redisSandbox: SandboxProcess;

beforeAll(async () => {
  redis = await startRedisServer();
  [sandbox, redisSandbox] = await Promise.all([startSandboxProcess(), startSandboxProcess({ redis: redis.url })]);
});

afterAll(async () => {
  await Promise.all([sandbox?.stop(), redisSandbox?.stop()]);
  await redis?.stop();
});

const states: [string, () => SandboxProcess][] = [
  ["in memory", () => sandbox],
  ["in Redis", () => redisSandbox],
];

describe.each(states)("walking GET /certificates with the state %s", (_state, sandboxOf) => {
  it("pages through every certificate once, in creation order, with default limit 25", async () => {
    const organization = await createOrganization(sandboxOf().url);
    const ids = await organization.addCertificates(60);
    const first = await organization.listCertificates();
    expect(first.status).toBe(200);
    expect(first.json.items).toHaveLength(25);
    expect(first.headers.get("etag")).toMatch(/^"/);
    const result = await walkWithConcurrentWrites(organization, { seed: 0, limit: 25, steps: [] });
    expect(result.pages.map((page) => page.length)).toEqual([25, 25, 10]);
    expect(result.pages.flat()).toEqual(ids);
  });

  // @trace neither-skips-nor-repeats-under-concurrent-inser
  it("neither skips nor repeats under concurrent inserts and deletes", async () => {
    const organization = await createOrganization(sandboxOf().url);
    // Every page: two inserts and one or two deletions of certificates not read yet, at the same time as the read.
    const steps = Array.from({ length: 6 }, (_, page) => ({ inserts: 2, deletes: page % 2 === 0 ? [0, 3] : [5] }));
    const result = await walkWithConcurrentWrites(organization, { seed: 50, limit: 7, steps });
    expect(result.pages.length).toBeGreaterThan(steps.length);
    expect(result.deleted.size).toBe(9);
    expect(result.inserted).toHaveLength(12);
    expectConsistentWalk(result);
  });

  it("neither skips nor repeats for random interleavings of inserts and deletes", async () => {
    const step = fc.record({ inserts: fc.integer({ min: 0, max: 3 }), deletes: fc.array(fc.nat({ max: 40 }), { maxLength: 3 }) });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 10 }),
        fc.array(step, { maxLength: 10 }),
        async (seed, limit, steps) => {
          const organization = await createOrganization(sandboxOf().url);
          expectConsistentWalk(await walkWithConcurrentWrites(organization, { seed, limit, steps }));
        },
      ),
      { numRuns: 15 },
    );
  });

  it("keeps paging to the end while the certificates just ahead of the walk are being deleted", async () => {
    const organization = await createOrganization(sandboxOf().url);
    const seeded = await organization.addCertificates(300);
    const position = new Map(seeded.map((id, index) => [id, index]));
    const deleted = new Set<string>();
    const deletedBeforePage: Set<string>[] = [];
    let readUpTo = -1;
    let walking = true;
    // Three deleters, each removing certificates among the next few the walk will read, as fast as they can.
    const deleters = Array.from({ length: 3 }, async (_, deleter) => {
      while (walking) {
        const target = seeded.slice(readUpTo + 1 + deleter * 2, readUpTo + 12).find((id) => !deleted.has(id));
        if (target === undefined) {
          await new Promise((resolve) => setTimeout(resolve, 1));
          continue;
        }
        deleted.add(target);
        await organization.removeCertificate(target);
      }
    });
    const pages: string[][] = [];
    let cursor: string | null = null;
    try {
      do {
        deletedBeforePage.push(new Set(deleted));
        const response = await organization.listCertificates(cursor === null ? { limit: 5 } : { limit: 5, cursor });
        expect(response.status).toBe(200);
        const items: string[] = response.json.items.map((item: { id: string }) => item.id);
        pages.push(items);
        if (items.length > 0) readUpTo = position.get(items.at(-1)!)!;
        cursor = response.json.cursor;
        // A page short of the limit is the last one (the server looks one record ahead).
        if (cursor !== null) expect(items).toHaveLength(5);
      } while (cursor !== null);
    } finally {
      walking = false;
      await Promise.all(deleters);
    }
    const seen = pages.flat();
    expect(deleted.size).toBeGreaterThan(20);
    expect(new Set(seen).size).toBe(seen.length);
    // The walk reached the end: every certificate never deleted was read.
    for (const id of seeded.filter((candidate) => !deleted.has(candidate))) expect(seen).toContain(id);
    pages.forEach((items, page) => {
      for (const id of items) expect(deletedBeforePage[page]!.has(id), `${id} was read after its deletion`).toBe(false);
    });
  });
});

describe("GET /certificates", () => {
  it("gives an empty last page with null cursor and next for an organization with nothing", async () => {
    const organization = await createOrganization(sandbox.url);
    const response = await organization.listCertificates({ limit: 100 });
    expect(response.json).toEqual({ items: [], cursor: null, next: null });
  });

  it("ends with null cursor and next when the last page is exactly full", async () => {
    const organization = await createOrganization(sandbox.url);
    await organization.addCertificates(10);
    const result = await walkWithConcurrentWrites(organization, { seed: 0, limit: 5, steps: [] });
    // The server looks one record ahead, so an exactly full last page already says it is the last.
    expect(result.pages.map((page) => page.length)).toEqual([5, 5]);
  });

  it("answers each limit from 1 to 100 with at most that many items, and any other integer with 400 naming limit", async () => {
    const organization = await createOrganization(sandbox.url);
    await organization.addCertificates(120);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -1000, max: 1000 }), async (limit) => {
        const response = await organization.listCertificates({ limit });
        if (limit >= 1 && limit <= 100) {
          expect(response.status).toBe(200);
          expect(response.json.items).toHaveLength(limit);
        } else {
          expect(response.status).toBe(400);
          expect(response.json.error.code).toBe("bad_request");
          expect(response.json.error.details.map((detail: { field: string }) => detail.field)).toContain("limit");
        }
      }),
      { numRuns: 60, examples: [[0], [1], [100], [101]] },
    );
  });

  // (An empty `cursor=` reads as no cursor, the first page: not a cursor the client built.)
  it("refuses random strings as cursors with 400 bad_request naming cursor, never a 5xx", async () => {
    const organization = await createOrganization(sandbox.url);
    await organization.addCertificates(3);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ minLength: 1 }),
          fc.base64String({ minLength: 4 }),
          fc.stringMatching(/^[A-Za-z0-9_-]{1,40}\.[A-Za-z0-9_-]{43}$/),
        ),
        async (cursor) => {
          const response = await organization.listCertificates({ limit: 2, cursor });
          expect(response.status, response.text).toBe(400);
          expect(response.json.error.code).toBe("bad_request");
          expect(response.json.error.details.map((detail: { field: string }) => detail.field)).toContain("cursor");
        },
      ),
      { numRuns: 60 },
    );
  });

  it("refuses every one-character change of a real cursor (cursors are tamper-evident)", async () => {
    const organization = await createOrganization(sandbox.url);
    await organization.addCertificates(5);
    const cursor: string = (await organization.listCertificates({ limit: 2 })).json.cursor;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.";
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: cursor.length - 1 }), fc.constantFrom(...alphabet), async (index, character) => {
        fc.pre(cursor[index] !== character);
        const mutated = `${cursor.slice(0, index)}${character}${cursor.slice(index + 1)}`;
        const response = await organization.listCertificates({ limit: 2, cursor: mutated });
        expect(response.status, mutated).toBe(400);
        expect(response.json.error.code).toBe("bad_request");
      }),
      { numRuns: 60 },
    );
    // The cursor unchanged still pages on.
    expect((await organization.listCertificates({ limit: 2, cursor })).json.items).toHaveLength(2);
  });

  it("follows next as an absolute URL of this sandbox", async () => {
    const organization = await createOrganization(sandbox.url);
    await organization.addCertificates(3);
    const first = await organization.listCertificates({ limit: 2 });
    const next = new URL(first.json.next);
    expect(next.origin).toBe(new URL(sandbox.url).origin);
    const second = await organization.get(`${next.pathname}${next.search}`);
    expect(second.status).toBe(200);
    expect(second.json.items).toHaveLength(1);
    expect(second.json.next).toBeNull();
  });
});
