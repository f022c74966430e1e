// Opaque, tamper-evident cursors (docs/decisions.md#cursor-pagination).
import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiErrorResponse, createCursorCodec } from "../../src/index.js";

const secret = "cursor-secret-for-tests-0123456789abcdef";
const codec = createCursorCodec(secret);
const scope = "listCertificates\norg_a";

describe("cursors", () => {
  it.each([
    ["a string key", { key: "2026-01-01T00:00:00.000Z", id: "cert_001" }],
    ["a number key", { key: 1234567, id: "cert_9" }],
    ["a negative fractional key", { key: -1.5, id: "x" }],
    ["an id with quotes and unicode", { key: "k", id: 'a"b\\c✓' }],
  ])("round-trips %s, as opaque base64url", (_name, position) => {
    const cursor = codec.encode(position, scope);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(codec.decode(cursor, scope)).toEqual(position);
  });

  it("refuses a cursor of another scope (list or organization) or another secret", () => {
    const cursor = codec.encode({ key: 1, id: "a" }, scope);
    expect(codec.decode(cursor, "listCertificates\norg_b")).toBeNull();
    expect(codec.decode(cursor, "listEnrollments\norg_a")).toBeNull();
    expect(createCursorCodec("another-secret-0123456789abcdefghijk").decode(cursor, scope)).toBeNull();
  });

  it("verifies cursors of the previous secret while rotating, and signs with the new one", () => {
    const old = codec.encode({ key: 1, id: "a" }, scope);
    const rotating = createCursorCodec(["the-new-secret-0123456789abcdefghijk", secret]);
    expect(rotating.decode(old, scope)).toEqual({ key: 1, id: "a" });
    expect(codec.decode(rotating.encode({ key: 1, id: "a" }, scope), scope)).toBeNull();
  });

  it.each([
    [
      "shorter than 32 characters",
      "short",
      /^createCursorCodec: secret must be a string of at least 32 characters.*; got a string of 5 characters\.$/,
    ],
    ["an empty list", [], /^createCursorCodec: secret must be .*; got an array\.$/],
    ["undefined", undefined, /^createCursorCodec: secret must be .*; got undefined\.$/],
  ])("refuses a secret %s with a TypeError naming it", (_name, given, want) => {
    expect(() => createCursorCodec(given as string)).toThrow(TypeError);
    expect(() => createCursorCodec(given as string)).toThrow(want);
  });

  it("verify gives the position, or throws the 400 of a bad cursor naming the parameter", () => {
    const cursor = codec.encode({ key: 1, id: "a" }, scope);
    expect(codec.verify(cursor, scope)).toEqual({ key: 1, id: "a" });
    const refused = (() => {
      try {
        codec.verify(cursor, "listCertificates\norg_b", "starting_after");
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(ApiErrorResponse);
    expect(refused).toMatchObject({ status: 400, code: "bad_request", details: [{ field: "starting_after", code: "invalid_cursor" }] });
  });

  it("verify throws only the 400 on junk (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (junk) => {
        expect(() => codec.verify(junk, scope)).toThrow(ApiErrorResponse);
      }),
    );
  });

  // @trace refuses-any-change-to-a-cursor-and-never-throws
  it("refuses any change to a cursor, and never throws on junk (property)", () => {
    const position = fc.record({ key: fc.oneof(fc.string(), fc.integer()), id: fc.string() });
    fc.assert(
      fc.property(position, fc.nat(), fc.string({ minLength: 1, maxLength: 1 }), (value, at, replacement) => {
        const cursor = codec.encode(value, scope);
        const index = at % cursor.length;
        fc.pre(cursor[index] !== replacement);
        const tampered = cursor.slice(0, index) + replacement + cursor.slice(index + 1);
        expect(codec.decode(tampered, scope)).toBeNull();
        expect(codec.decode(cursor + replacement, scope)).toBeNull();
        expect(codec.decode(cursor.slice(0, -1), scope)).toBeNull();
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (junk) => {
        expect(codec.decode(junk, scope)).toBeNull();
      }),
    );
  });

  it.each([
    ["an object", { key: 1, id: "a" }],
    ["one element", [1]],
    ["an id that is not a string", [1, 2]],
    ["a key that is not a number or string", [null, "a"]],
    ["not JSON", "\u0000"],
  ])("refuses a validly signed payload that is not a position: %s", (_name, payload) => {
    // Signed with the real secret and scope, so only the shape check can refuse it.
    const body = Buffer.from(typeof payload === "string" ? payload : JSON.stringify(payload)).toString("base64url");
    const signature = createHmac("sha256", secret).update(`cursor.v1\n${scope}\n${body}`).digest("base64url");
    expect(codec.decode(`${body}.${signature}`, scope)).toBeNull();
    const valid = Buffer.from(JSON.stringify([1, "a"])).toString("base64url");
    const validSignature = createHmac("sha256", secret).update(`cursor.v1\n${scope}\n${valid}`).digest("base64url");
    expect(codec.decode(`${valid}.${validSignature}`, scope)).toEqual({ key: 1, id: "a" });
  });
});
