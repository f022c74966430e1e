// The values a run sends, made from the document's schemas with fast-check and one seed, so
// that a report's seed replays the same requests: request bodies the schema accepts, bodies it
// refuses (one property of a declared type given a value of another), and idempotency keys.
import type { Json } from "@signing-platform/contract/openapi";
import fc from "fast-check";
import type { Contract, Operation } from "../contract.js";
import { arbitraryFor, wrongTypeValues } from "./schema-arbitrary.js";

export interface InvalidBody {
  body: Json;
  /** The JSONPath of the value that breaks the schema. */
  field: string;
}

export interface RequestValues {
  readonly seed: number;
  validBody(operation: Operation): unknown;
  invalidBodies(operation: Operation, count: number): InvalidBody[];
  /** A key the idempotency extension accepts: letters and digits, of its longest allowed length up to 32. */
  idempotencyKey(operation: Operation): string;
}

export function requestValues(contract: Contract, seed: number): RequestValues {
  let draw = 0;
  // Each draw its own seed from the run's: the same run replays the same values in order.
  const sample = <T>(arbitrary: fc.Arbitrary<T>): T => fc.sample(arbitrary, { seed: seed + draw++, numRuns: 1 })[0]!;
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

  return {
    seed,
    validBody(operation) {
      return operation.body ? sample(arbitraryFor(operation.body.schema, contract.resolve)) : undefined;
    },
    invalidBodies(operation, count) {
      if (!operation.body) return [];
      const valid = this.validBody(operation) as Json;
      const candidates = invalidVariants(operation.body.schema, valid, contract.resolve, "$");
      if (candidates.length === 0) return [];
      return sample(
        fc.shuffledSubarray(candidates, { minLength: Math.min(count, candidates.length), maxLength: Math.min(count, candidates.length) }),
      );
    },
    idempotencyKey(operation) {
      const length = Math.min(32, operation.extensions.idempotency?.max_length ?? 32);
      return sample(fc.string({ unit: fc.constantFrom(...alphabet), minLength: length, maxLength: length }));
    },
  };
}

/** Every body that differs from `valid` by one property holding a value of the wrong type. */
function invalidVariants(schema: Json, valid: unknown, resolve: (schema: Json) => Json, path: string): InvalidBody[] {
  const node = resolve(schema);
  const variants: InvalidBody[] = [];
  if (path === "$") for (const value of wrongTypeValues(node, resolve)) variants.push({ body: value as Json, field: "$" });
  if (!valid || typeof valid !== "object" || Array.isArray(valid)) return variants;
  for (const [name, property] of Object.entries<Json>(node.properties ?? {})) {
    const field = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `${path}.${name}` : `${path}['${name}']`;
    for (const value of wrongTypeValues(property, resolve).slice(0, 1)) {
      variants.push({ body: { ...(valid as Json), [name]: value }, field });
    }
    for (const nested of invalidVariants(property, (valid as Json)[name], resolve, field)) {
      if (nested.field === field) continue;
      variants.push({ body: { ...(valid as Json), [name]: nested.body }, field: nested.field });
    }
  }
  return variants;
}
