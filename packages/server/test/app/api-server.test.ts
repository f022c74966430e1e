// What the instance answers before any route runs, over plain TCP with raw sockets: a head over
// Node's 64 KiB limit is 414 when the request target alone took it over and 431 when header
// fields did, whatever chunks it arrives in; a `*` target on any method but OPTIONS is 400.
// Each with the error body, request_id equal to Request-Id, and the rate-limit headers
// (Errors › Headers on every response). Then fast-check throws heads of sizes around the
// limit at it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_HEADER_BYTES } from "../../src/app/api-server.js";
import { DEFAULT_MAX_URI_LENGTH } from "../../src/validation/request-limits.js";
import { tokens } from "../support/fixture-app.js";
import { expectError, expectStandardHeaders, type Answer } from "../support/http.js";
import { rawExchange, type RawStep } from "../support/raw-http.js";
import { serveFixture } from "../support/serve.js";

const server = serveFixture();

const credentials = `Authorization: Bearer ${tokens.a}\r\n`;
const request = (target: string, fields = "", method = "GET") =>
  `${method} ${target} HTTP/1.1\r\nHost: x\r\n${credentials}${fields}Connection: close\r\n\r\n`;
/** `text` written in pieces of `size` bytes, a moment apart, so the server reads it in many chunks. */
const inPieces = (text: string, size: number): RawStep[] =>
  Array.from({ length: Math.ceil(text.length / size) }, (_, index) => [
    text.slice(index * size, (index + 1) * size),
    { pauseMs: 1 },
  ]).flat();

/** The one answer of an exchange, which must come: a connection closed without one fails. */
async function answerOf(steps: readonly RawStep[], options?: { end?: boolean }): Promise<Answer> {
  const answers = await rawExchange(server.url, steps, options);
  expect(answers).toHaveLength(1);
  return answers[0]!;
}

type Case = [name: string, steps: () => RawStep[], status: number, code: string];

const bigField = `X-Big: ${"a".repeat(70_000)}\r\n`;
const longTarget = `/certificates?pad=${"x".repeat(70_000)}`;

const heads: Case[] = [
  ["one header field of 70,000 bytes", () => [request("/certificates", bigField)], 431, "request_header_fields_too_large"],
  [
    "one header field of 1,000,000 bytes",
    () => [request("/certificates", `X-Big: ${"a".repeat(1_000_000)}\r\n`)],
    431,
    "request_header_fields_too_large",
  ],
  [
    "700 header fields of 100 bytes",
    () => [request("/certificates", Array.from({ length: 700 }, (_, index) => `X-F${index}: ${"a".repeat(100)}\r\n`).join(""))],
    431,
    "request_header_fields_too_large",
  ],
  [
    "a header field name of 70,000 bytes",
    () => [request("/certificates", `X-${"n".repeat(70_000)}: v\r\n`)],
    431,
    "request_header_fields_too_large",
  ],
  [
    "a header field of 70,000 bytes in 1 KiB pieces",
    () => inPieces(request("/certificates", bigField), 1024),
    431,
    "request_header_fields_too_large",
  ],
  [
    "a header field of 70,000 bytes whose end comes after a pause",
    () => {
      const head = request("/certificates", bigField);
      const cut = head.indexOf("\r\n", 68_000);
      return [head.slice(0, cut), { pauseMs: 300 }, head.slice(cut)];
    },
    431,
    "request_header_fields_too_large",
  ],
  ["a request target of 70,000 characters", () => [request(longTarget)], 414, "uri_too_long"],
  ["a request target of 1,000,000 characters", () => [request(`/certificates?pad=${"x".repeat(1_000_000)}`)], 414, "uri_too_long"],
  ["a request target of 70,000 characters in 1 KiB pieces", () => inPieces(request(longTarget), 1024), 414, "uri_too_long"],
  [
    "a request target of 70,000 characters whose end comes after a pause",
    () => {
      const head = request(longTarget);
      const cut = head.indexOf(" HTTP/1.1");
      return [head.slice(0, cut), { pauseMs: 300 }, head.slice(cut)];
    },
    414,
    "uri_too_long",
  ],
  ["a request target of 70,000 characters and a header field of 70,000 bytes", () => [request(longTarget, bigField)], 414, "uri_too_long"],
  [
    "a request target of 5,000 characters in a head under the limit",
    () => [request(`/certificates/cert_${"9".repeat(5000)}`)],
    414,
    "uri_too_long",
  ],
];

const asterisks: Case[] = [
  ...(["GET", "POST", "PUT", "PATCH", "DELETE"] as const).map(
    (method): Case => [
      `${method} *`,
      () => [request("*", method === "GET" || method === "DELETE" ? "" : "Content-Length: 0\r\n", method)],
      400,
      "bad_request",
    ],
  ),
  ["GET * without credentials", () => ["GET * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"], 400, "bad_request"],
  ["GET *?a=1", () => [request("*?a=1")], 400, "bad_request"],
  ["OPTIONS *x (not the asterisk-form)", () => [request("*x", "", "OPTIONS")], 400, "bad_request"],
];

describe("a request head over Node's 64 KiB limit", () => {
  it.each(heads)("answers %s with the typed error", async (_name, steps, status, code) => {
    expectError(await answerOf(steps()), status, code);
  });

  it("answers 431 on a kept-alive connection, after a request served on it", async () => {
    const answers = await rawExchange(server.url, [
      `GET /certificates HTTP/1.1\r\nHost: x\r\n${credentials}\r\n`,
      { answers: 1 },
      request("/certificates", bigField),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 431]);
    expectError(answers[1]!, 431, "request_header_fields_too_large");
  });

  it("answers 431 when the client ends its side inside the field that overflowed", async () => {
    expectError(
      await answerOf([`GET /certificates HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(70_000)}`]),
      431,
      "request_header_fields_too_large",
    );
  });

  it("answers 431 when the client goes quiet inside the field that overflowed, before closing the connection", async () => {
    const answer = await answerOf([`GET /certificates HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(70_000)}`], { end: false });
    expectError(answer, 431, "request_header_fields_too_large");
  });
});

describe("a request target of *", () => {
  it.each(asterisks)("answers %s with the typed error", async (_name, steps, status, code) => {
    expectError(await answerOf(steps()), status, code);
  });

  it("answers HEAD * 400 with Request-Id and the rate-limit headers", async () => {
    const answer = await answerOf([request("*", "", "HEAD")]);
    expect(answer.status).toBe(400);
    expectStandardHeaders(answer);
  });

  // OPTIONS * asks about the server as a whole, and no operation answers OPTIONS: it is
  // answered as any other method and path no operation has, credentials first.
  it.each([
    ["without credentials", "OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 401, "unauthenticated"],
    ["with credentials", request("*", "", "OPTIONS"), 404, "not_found"],
  ])("answers OPTIONS * %s as a path no operation has", async (_name, head, status, code) => {
    expectError(await answerOf([head]), status, code);
  });
});

describe("heads of sizes around the limit (fast-check)", () => {
  const pieceSize = fc.constantFrom(512, 4096, 16_384, 1 << 20);

  it("serves a head under the limit and answers one over it 431, never 414, never dropping the connection", async () => {
    const fields = fc.array(fc.integer({ min: 1, max: 20_000 }), { minLength: 1, maxLength: 8 });
    const total = fc.integer({ min: MAX_HEADER_BYTES - 5_000, max: MAX_HEADER_BYTES + 5_000 });
    await fc.assert(
      fc.asyncProperty(fields, total, pieceSize, async (weights, size, piece) => {
        const target = "/certificates";
        const fixed: [string, string][] = [
          ["Host", "x"],
          ["Authorization", `Bearer ${tokens.a}`],
          ["Connection", "close"],
        ];
        // What Node counts toward the limit: the request target and every field name and value.
        const countedOf = (all: [string, string][]) => all.reduce((sum, [name, value]) => sum + name.length + value.length, target.length);
        // Spread what remains of `size` over the drawn fields by weight.
        const room = size - countedOf(fixed);
        const sum = weights.reduce((a, b) => a + b, 0);
        const drawn = weights.map((weight, index): [string, string] => {
          const name = `X-F${index}`;
          return [name, "a".repeat(Math.max(1, Math.floor((room * weight) / sum) - name.length))];
        });
        const fields = [...fixed, ...drawn];
        const head = `GET ${target} HTTP/1.1\r\n${fields.map(([name, value]) => `${name}: ${value}\r\n`).join("")}\r\n`;
        const answer = await answerOf(inPieces(head, piece));
        if (countedOf(fields) < MAX_HEADER_BYTES) {
          expect(answer.status).toBe(200);
          expectStandardHeaders(answer);
        } else expectError(answer, 431, "request_header_fields_too_large");
      }),
      { numRuns: 40 },
    );
  });

  it("answers a request target over the longest URI 414, whether the head fits or the target alone is over the limit", async () => {
    // Between the two, a target that fits the head but leaves no room for the fields is a head
    // whose header fields took it over: 431, not drawn here.
    const targetLength = fc.oneof(
      fc.integer({ min: DEFAULT_MAX_URI_LENGTH + 1, max: MAX_HEADER_BYTES - 1_000 }),
      fc.integer({ min: MAX_HEADER_BYTES, max: 3 * MAX_HEADER_BYTES }),
    );
    const fieldLength = fc.integer({ min: 0, max: 100_000 });
    await fc.assert(
      fc.asyncProperty(targetLength, fieldLength, pieceSize, async (length, field, piece) => {
        const target = `/certificates?pad=${"x".repeat(length - "/certificates?pad=".length)}`;
        // The big field follows only a target over the limit on its own: after a shorter one, it
        // would take the head over itself (431).
        const fields = length >= MAX_HEADER_BYTES && field > 0 ? `X-Big: ${"a".repeat(field)}\r\n` : "";
        expectError(await answerOf(inPieces(request(target, fields), piece)), 414, "uri_too_long");
      }),
      { numRuns: 40 },
    );
  });
});
