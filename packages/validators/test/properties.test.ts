// Property tests (fast-check) against the schemas themselves: values generated from each
// schema pass; single mutations of them fail or pass exactly as the schema says, where the
// schema's verdict is ajv compiling it at run time (test/support/reference.ts), independent
// of the build's standalone code, bundling and dispatch. Fed from the network, a validator
// must never throw, never accept what the schema rejects, and never quote the value.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eventTypes, validEvent } from "../../../test/support/events.js";
import * as validators from "../src/index.js";
import { ISSUE_CODE_BY_KEYWORD, validateErrorDetail, validateEvent, type ValidationResult, type Validator } from "../src/index.js";
import { applyMutation, mutationArbitrary, SENTINEL } from "./support/mutations.js";
import { referenceAccepts, schemas, schemasById } from "./support/reference.js";
import { schemaArbitrary } from "./support/schema-arbitrary.js";

const byName = validators as unknown as Record<string, Validator<unknown>>;
const validatorOf = (schemaId: string) =>
  byName[schemaId === "Event.json" ? "validateEventEnvelope" : `validate${schemaId.replace(/\.json$/, "")}`]!;
const ISSUE_CODES = new Set<string>([...Object.values(ISSUE_CODE_BY_KEYWORD), "forbidden_property", "invalid"]);
const schemaIds = schemas.map((schema) => [schema.$id as string]);

/** The result is the schema's verdict, and a failure is a list of well-formed error details. */
function expectSchemaVerdict(result: ValidationResult<unknown>, schemaAccepts: boolean) {
  expect(result.ok).toBe(schemaAccepts);
  if (result.ok) return;
  expect(result.errors.length).toBeGreaterThan(0);
  for (const issue of result.errors) {
    expect(issue.field.startsWith("$")).toBe(true);
    expect(ISSUE_CODES.has(issue.code)).toBe(true);
    expect(issue.message).not.toContain(SENTINEL);
    expect(validateErrorDetail(issue).ok).toBe(true);
  }
}

describe("values generated from a schema", () => {
  it.each(schemaIds)("%s: pass", (schemaId) => {
    const validate = validatorOf(schemaId);
    fc.assert(
      fc.property(schemaArbitrary(schemaId, schemasById), (value) => {
        expect(referenceAccepts(schemaId, value)).toBe(true);
        expect(validate(value)).toEqual({ ok: true, value });
        expect(validate.is(value)).toBe(true);
      }),
      { numRuns: 60 },
    );
    // The schema's own examples (what the reference shows) pass too.
    for (const example of (schemasById.get(schemaId)?.examples as unknown[] | undefined) ?? []) {
      expect(validate(example), JSON.stringify(example)).toEqual({ ok: true, value: example });
    }
  });
});

describe("single mutations of generated values", () => {
  it.each(schemaIds)("%s: fail or pass exactly as the schema says", (schemaId) => {
    const validate = validatorOf(schemaId);
    const mutated = schemaArbitrary(schemaId, schemasById).chain((value) =>
      mutationArbitrary(value).map((mutation) => applyMutation(value, mutation)),
    );
    let rejected = 0;
    fc.assert(
      fc.property(mutated, (value) => {
        const schemaAccepts = referenceAccepts(schemaId, value);
        if (!schemaAccepts) rejected++;
        expectSchemaVerdict(validate(value), schemaAccepts);
        expect(validate.is(value)).toBe(schemaAccepts);
      }),
      { numRuns: 120 },
    );
    // Not a vacuous pass: the mutations did produce values the schema rejects.
    expect(rejected).toBeGreaterThan(0);
  });
});

describe("validateEvent", () => {
  const knownSchema = (value: any): string | undefined =>
    eventTypes.includes(value?.type) && !Array.isArray(value) ? byName[`validate${schemaNameOfType(value.type)}`]!.schemaId : undefined;

  it("on mutated events: the event type's schema when the type is known, the envelope otherwise", () => {
    const mutated = fc
      .constantFrom(...eventTypes)
      .map((type) => validEvent(type))
      .chain((event) => mutationArbitrary(event).map((mutation) => applyMutation(event, mutation)));
    fc.assert(
      fc.property(mutated, (value) => {
        const schemaId = knownSchema(value) ?? "Event.json";
        expectSchemaVerdict(validateEvent(value), referenceAccepts(schemaId, value));
      }),
      { numRuns: 500 },
    );
  });

  it("on any JSON at all: never throws, and agrees with the schema", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => {
        const schemaId = knownSchema(value) ?? "Event.json";
        expectSchemaVerdict(validateEvent(value), referenceAccepts(schemaId, value));
      }),
      { numRuns: 300 },
    );
  });

  it("names the path of any required property that is deleted", () => {
    const withDeletion = fc
      .constantFrom(...eventTypes.filter((type) => type !== "ping"))
      .chain((type) =>
        fc.constantFrom(
          ...[
            ["id"],
            ["object"],
            ["type"],
            ["livemode"],
            ["created_at"],
            ["data"],
            ["data", "object"],
            ...["id", "object", "status", "documents"].map((key) => ["data", "object", key]),
          ].map((path) => ({ type, path })),
        ),
      );
    fc.assert(
      fc.property(withDeletion, ({ type, path }) => {
        const event = validEvent(type);
        const parent = path.slice(0, -1).reduce<any>((node, key) => node[key], event);
        delete parent[path.at(-1)!];
        const result = validateEvent(event);
        expect(result.ok ? [] : result.errors).toContainEqual(expect.objectContaining({ field: `$.${path.join(".")}`, code: "required" }));
      }),
      { numRuns: 100 },
    );
  });
});

function schemaNameOfType(type: string): string {
  const validate = (validators.eventValidators as Record<string, Validator<unknown>>)[type]!;
  return validate.schemaId.replace(/\.json$/, "");
}
