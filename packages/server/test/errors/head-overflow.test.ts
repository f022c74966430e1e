// Which part of a head over the limit overflowed, from the chunk the parser stopped in and the
// chunks after it: table-driven, then fast-check cuts the same heads anywhere and must get the
// same verdict.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineAt, overflowedPartReader, type OverflowedPart } from "../../src/errors/head-overflow.js";

/** The verdict for `chunks`, the first read from the line holding byte `stoppedAt`; null while the line goes on. */
function verdictOf(chunks: readonly string[], stoppedAt: number): OverflowedPart | null {
  const read = overflowedPartReader();
  const [first = Buffer.alloc(0), ...rest] = chunks.map((chunk) => Buffer.from(chunk, "latin1"));
  let verdict = read(lineAt(first, stoppedAt));
  for (const chunk of rest) verdict ??= read(chunk);
  return verdict;
}

const cases: [name: string, given: { chunks: string[]; stoppedAt: number }, want: OverflowedPart | null][] = [
  [
    "the target ends in the chunk, at the byte the parser stopped",
    { chunks: ["xxxx HTTP/1.1\r\nHost: x\r\n\r\n"], stoppedAt: 4 },
    "request_target",
  ],
  ["a field value ends in the chunk", { chunks: ["aaaa\r\n\r\n"], stoppedAt: 5 }, "header_fields"],
  ["a field name ends in the chunk", { chunks: ["nnnn: v\r\n\r\n"], stoppedAt: 4 }, "header_fields"],
  ["the target goes on into the next chunk", { chunks: ["xxxx", "xxxx HTTP/1.1\r\n"], stoppedAt: 4 }, "request_target"],
  ["a field goes on into the next chunk", { chunks: ["aaaa", "aaaa\r\n\r\n"], stoppedAt: 4 }, "header_fields"],
  ["the HTTP version is cut between chunks", { chunks: ["xxxx HT", "TP/1", ".1\r\n"], stoppedAt: 7 }, "request_target"],
  ["the line has not ended", { chunks: ["aaaa", "aaaa"], stoppedAt: 4 }, null],
  [
    "a field line after the request line, in the same chunk",
    { chunks: ["/x HTTP/1.1\r\nX-Big: aaaa\r\n"], stoppedAt: 24 },
    "header_fields",
  ],
  ["a line ending in a bare LF", { chunks: ["xxxx HTTP/1.0\n"], stoppedAt: 4 }, "request_target"],
  ["a field value that merely mentions HTTP", { chunks: ["see HTTP/1.1 docs\r\n"], stoppedAt: 17 }, "header_fields"],
  ["from the chunk's start, a position past it", { chunks: ["aaaa\r\nxxxx HTTP/1.1\r\n"], stoppedAt: 99 }, "header_fields"],
  ["from the chunk's start, a position before it", { chunks: ["xxxx HTTP/1.1\r\naaaa\r\n"], stoppedAt: -3 }, "request_target"],
];

describe("overflowedPartReader", () => {
  it.each(cases)("reads %s", (_name, { chunks, stoppedAt }, want) => {
    expect(verdictOf(chunks, stoppedAt)).toBe(want);
  });

  it("gives the same verdict however the rest of the head is cut into chunks", () => {
    const head = fc.record({
      line: fc.constantFrom("x".repeat(300) + " HTTP/1.1", "a".repeat(300), `${"a".repeat(290)} HTTP`),
      cuts: fc.uniqueArray(fc.integer({ min: 1, max: 330 }), { maxLength: 12 }),
    });
    fc.assert(
      fc.property(head, ({ line, cuts }) => {
        const text = `${line}\r\nHost: x\r\n\r\n`;
        const points = [0, ...cuts.filter((cut) => cut < text.length).sort((a, b) => a - b), text.length];
        const chunks = points.slice(1).map((end, index) => text.slice(points[index], end));
        const want: OverflowedPart = line.endsWith(" HTTP/1.1") ? "request_target" : "header_fields";
        expect(verdictOf(chunks, 0)).toBe(want);
      }),
      { numRuns: 200 },
    );
  });
});
