// Reading the access token (RFC 6750 §2.1) from the Authorization header.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { accessTokenOf } from "../../src/auth/credentials.js";

describe("accessTokenOf", () => {
  it.each([
    ["no header", undefined, { kind: "none" }],
    ["a bearer token", "Bearer abc.DEF-123_~+/=", { kind: "token", token: "abc.DEF-123_~+/=" }],
    ["a lower-case scheme", "bearer abc", { kind: "token", token: "abc" }],
    ["two spaces", "Bearer  abc", { kind: "token", token: "abc" }],
    ["an empty header", "", { kind: "malformed" }],
    ["the scheme alone", "Bearer", { kind: "malformed" }],
    ["Basic credentials", "Basic dXNlcjpwYXNz", { kind: "malformed" }],
    ["two tokens", "Bearer abc def", { kind: "malformed" }],
    ["a token with a comma", "Bearer abc,def", { kind: "malformed" }],
    ["padding inside", "Bearer ab=c", { kind: "malformed" }],
  ])("reads %s", (_name, header, want) => {
    expect(accessTokenOf(header)).toEqual(want);
  });

  it("never throws, and takes a token only from a well-formed header (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (header) => {
        const presented = accessTokenOf(header);
        if (presented.kind === "token") {
          expect(header.toLowerCase().startsWith("bearer ")).toBe(true);
          expect(presented.token).toMatch(/^[A-Za-z0-9\-._~+/]+=*$/);
        } else expect(presented.kind).toBe("malformed");
      }),
    );
  });
});
