// The idempotency store key (docs/decisions.md#idempotency-keys: a key is scoped to the organization, method and
// path): two different scopes never share a store key, whatever the organization id holds.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { idempotencyScopeKey } from "../../src/idempotency/idempotency.js";

// What reaches the function: any organization id (the resolver's), an HTTP method, a request
// path as the HTTP parser lets it through (no spaces or controls), a key of letters and digits.
const scope = fc.tuple(
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.constantFrom("POST", "PUT", "PATCH"),
  fc.stringMatching(/^\/[!-~]{0,12}$/),
  fc.stringMatching(/^[A-Za-z0-9]{16,20}$/),
);

describe("idempotencyScopeKey", () => {
  it("gives different scopes different keys", () => {
    fc.assert(
      fc.property(scope, scope, (a, b) => {
        fc.pre(a.join("\u0000") !== b.join("\u0000"));
        expect(idempotencyScopeKey(...a)).not.toBe(idempotencyScopeKey(...b));
      }),
    );
  });

  it("does not let an organization id that imitates the separators reach another organization's key", () => {
    const key = "k".repeat(16);
    expect(idempotencyScopeKey("a POST /v1/x", "POST", "/v1/enrollments", key)).not.toBe(
      idempotencyScopeKey("a", "POST", "/v1/x POST /v1/enrollments", key),
    );
    expect(idempotencyScopeKey("1:a", "POST", "/p", key)).not.toBe(idempotencyScopeKey("1", "POST", ":a /p", key));
  });
});
