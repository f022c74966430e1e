// Keyset paging (docs/decisions.md#cursor-pagination; Limits: "cursor paging neither skips nor repeats records
// under concurrent writes").
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createCursorCodec } from "../../src/pagination/cursor.js";
import { compareKeysetPositions, keysetSlice, readKeysetPage, type KeysetPosition } from "../../src/pagination/keyset.js";

interface Row {
  id: string;
  at: number;
}
const positionOf = (row: Row): KeysetPosition => ({ key: row.at, id: row.id });
const codec = createCursorCodec("keyset-test-secret-0123456789abcdefgh");
const link = {
  cursorOf: (position: KeysetPosition) => codec.encode(position, "s"),
  urlOf: (cursor: string) => `https://api.example.test/rows?cursor=${cursor}`,
};

describe("compareKeysetPositions", () => {
  it.each([
    [{ key: 1, id: "a" }, { key: 2, id: "a" }, -1],
    [{ key: 10, id: "a" }, { key: 9, id: "z" }, 1],
    [{ key: "b", id: "a" }, { key: "a", id: "z" }, 1],
    [{ key: 1, id: "a" }, { key: 1, id: "b" }, -1],
    [{ key: 1, id: "b" }, { key: 1, id: "b" }, 0],
  ])("%o vs %o → %i", (a, b, want) => {
    expect(Math.sign(compareKeysetPositions(a, b))).toBe(want);
  });

  it("refuses to compare a number key with a string key", () => {
    expect(() => compareKeysetPositions({ key: 1, id: "a" }, { key: "1", id: "a" })).toThrow(TypeError);
  });
});

describe("readKeysetPage", () => {
  const rows: Row[] = [5, 1, 3, 2, 4].map((at) => ({ id: `r${at}`, at }));
  const source = (query: { after: KeysetPosition | null; limit: number }) => keysetSlice(rows, positionOf, query);

  it("reads pages in order and ends with a null cursor and next", async () => {
    const first = await readKeysetPage({ limit: 2, after: null }, { positionOf, source }, link);
    expect(first.items.map((row) => row.id)).toEqual(["r1", "r2"]);
    expect(first.next).toBe(`https://api.example.test/rows?cursor=${first.cursor}`);
    const second = await readKeysetPage({ limit: 2, after: codec.decode(first.cursor!, "s") }, { positionOf, source }, link);
    expect(second.items.map((row) => row.id)).toEqual(["r3", "r4"]);
    const last = await readKeysetPage({ limit: 2, after: codec.decode(second.cursor!, "s") }, { positionOf, source }, link);
    expect(last).toEqual({ items: [rows[0]], cursor: null, next: null });
  });

  it("gives a null cursor when the last page is exactly full", async () => {
    const page = await readKeysetPage({ limit: 5, after: null }, { positionOf, source }, link);
    expect([page.items.length, page.cursor, page.next]).toEqual([5, null, null]);
  });

  it("refuses a source that answers out of order or not after the position", async () => {
    const unordered = () => [rows[2]!, rows[1]!];
    await expect(readKeysetPage({ limit: 5, after: null }, { positionOf, source: unordered }, link)).rejects.toThrow(/out of order/);
    const behind = () => [rows[1]!];
    await expect(readKeysetPage({ limit: 5, after: { key: 3, id: "r3" } }, { positionOf, source: behind }, link)).rejects.toThrow();
  });

  // @trace neither-skips-nor-repeats-a-record-while-others
  it("neither skips nor repeats a record while others are written between pages (property)", async () => {
    const row = fc.record({ id: fc.string({ minLength: 1, maxLength: 4 }), at: fc.integer({ min: 0, max: 50 }) });
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(row, { selector: (item) => item.id, maxLength: 40 }),
        fc.array(fc.array(row, { maxLength: 3 }), { maxLength: 20 }),
        fc.integer({ min: 1, max: 7 }),
        async (initial, writes, limit) => {
          const table = new Map(initial.map((item) => [item.id, item]));
          const seen: string[] = [];
          let after: KeysetPosition | null = null;
          for (let pageIndex = 0; pageIndex < 200; pageIndex += 1) {
            const page = await readKeysetPage(
              { limit, after },
              { positionOf, source: (query) => keysetSlice(table.values(), positionOf, query) },
              link,
            );
            seen.push(...page.items.map((item) => item.id));
            // Concurrent writes: new records, at any position, never changing an existing key.
            for (const write of writes[pageIndex] ?? []) if (!table.has(write.id)) table.set(write.id, write);
            if (page.cursor === null) break;
            after = codec.decode(page.cursor, "s");
          }
          expect(new Set(seen).size).toBe(seen.length);
          for (const item of initial) expect(seen).toContain(item.id);
        },
      ),
      { numRuns: 200 },
    );
  });
});
