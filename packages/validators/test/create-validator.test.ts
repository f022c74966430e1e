// src/create-validator.ts: the result shape and the type guard over a compiled schema, and
// the dispatch of a discriminated union.
import { describe, expect, it } from "vitest";
import type { CompiledSchema } from "../src/compiled-schema.js";
import { createDiscriminatedValidator, createValidator } from "../src/create-validator.js";

/** A compiled schema that accepts objects with `ok: true`, and otherwise fails on /ok. */
function fakeCompiled(name: string): CompiledSchema & { calls: number } {
  const compiled = Object.assign(
    (data: unknown) => {
      compiled.calls++;
      const valid = (data as { ok?: unknown })?.ok === true;
      compiled.errors = valid
        ? null
        : [{ keyword: "const", instancePath: "/ok", schemaPath: `${name}#/ok`, params: { allowedValue: true } }];
      return valid;
    },
    { calls: 0, errors: null as CompiledSchema["errors"] },
  );
  return compiled;
}

describe("createValidator", () => {
  const validate = createValidator<{ ok: true }>(fakeCompiled("A"), "A.json");

  it("returns the value itself on success", () => {
    const value = { ok: true };
    const result = validate(value);
    expect(result).toEqual({ ok: true, value });
    expect(result.ok && result.value).toBe(value);
  });

  it("returns the issues on failure", () => {
    expect(validate({ ok: false })).toEqual({ ok: false, errors: [{ field: "$.ok", code: "const", message: "must be true" }] });
  });

  it("has a type guard and its schema id", () => {
    expect(validate.is({ ok: true })).toBe(true);
    expect(validate.is({ ok: 1 })).toBe(false);
    expect(validate.schemaId).toBe("A.json");
  });
});

describe("createDiscriminatedValidator", () => {
  const branches = { a: fakeCompiled("A"), b: fakeCompiled("B") };
  const validate = createDiscriminatedValidator<{ kind: "a" | "b" }>("kind", branches, "AB.json");

  it("runs only the branch the property names", () => {
    const before = branches.b.calls;
    expect(validate({ kind: "a", ok: true }).ok).toBe(true);
    expect(validate({ kind: "a", ok: false })).toEqual({
      ok: false,
      errors: [{ field: "$.ok", code: "const", message: "must be true" }],
    });
    expect(branches.b.calls).toBe(before);
  });

  it.each([
    ["not an object", [], { field: "$", code: "type", message: "must be an object" }],
    ["null", null, { field: "$", code: "type", message: "must be an object" }],
    ["no discriminator", { ok: true }, { field: "$.kind", code: "required", message: "is required" }],
    ["a discriminator that is not a string", { kind: 1 }, { field: "$.kind", code: "type", message: "must be a string" }],
    ["an unknown discriminator", { kind: "c" }, { field: "$.kind", code: "enum", message: 'must be one of "a", "b"' }],
    ["a name inherited by every object", { kind: "constructor" }, { field: "$.kind", code: "enum", message: 'must be one of "a", "b"' }],
  ])("fails on %s", (_name, value, issue) => {
    expect(validate(value)).toEqual({ ok: false, errors: [issue] });
    expect(validate.is(value)).toBe(false);
  });
});
