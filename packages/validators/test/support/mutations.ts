// Single mutations of a JSON value, for the property tests: delete one property, replace
// one value, or add one property, anywhere in the value. Each replacement or added value
// can be a sentinel string, so a test can check that no message quotes it.
import fc from "fast-check";

export const SENTINEL = "S3NT1NEL-value-not-to-be-quoted";

type Path = (string | number)[];
export interface Mutation {
  kind: "delete" | "replace" | "add";
  path: Path;
  value: unknown;
}

/** Every path in a value, the root included. */
function pathsOf(value: unknown, path: Path = []): Path[] {
  const children = Array.isArray(value)
    ? value.flatMap((item, index) => pathsOf(item, [...path, index]))
    : value !== null && typeof value === "object"
      ? Object.keys(value).flatMap((key) => pathsOf((value as Record<string, unknown>)[key], [...path, key]))
      : [];
  return [path, ...children];
}

const get = (value: unknown, path: Path): any => path.reduce<any>((node, key) => node?.[key], value);

export function mutationArbitrary(value: unknown): fc.Arbitrary<Mutation> {
  const paths = pathsOf(value);
  const objectPaths = paths.filter((path) => {
    const node = get(value, path);
    return node !== null && typeof node === "object" && !Array.isArray(node);
  });
  const propertyPaths = paths.filter((path) => path.length > 0 && typeof path.at(-1) === "string");
  const newValue = fc.oneof(fc.constant(SENTINEL), fc.jsonValue({ maxDepth: 2 }));
  const kinds: fc.Arbitrary<Mutation>[] = [
    fc.record({ kind: fc.constant("replace" as const), path: fc.constantFrom(...paths), value: newValue }),
  ];
  if (propertyPaths.length > 0) {
    kinds.push(fc.record({ kind: fc.constant("delete" as const), path: fc.constantFrom(...propertyPaths), value: fc.constant(undefined) }));
  }
  if (objectPaths.length > 0) {
    kinds.push(
      fc
        .tuple(fc.constantFrom(...objectPaths), fc.string({ minLength: 1, maxLength: 10 }), newValue)
        .map(([path, key, added]) => ({ kind: "add" as const, path: [...path, key], value: added })),
    );
  }
  return fc.oneof(...kinds);
}

/** The value with the mutation applied (the original is left as it was). */
export function applyMutation(value: unknown, { kind, path, value: newValue }: Mutation): unknown {
  if (path.length === 0) return kind === "replace" ? newValue : value;
  const copy = structuredClone(value);
  const parent = get(copy, path.slice(0, -1));
  const key = path.at(-1)!;
  if (kind === "delete") delete parent[key];
  else Object.defineProperty(parent, key, { value: newValue, enumerable: true, writable: true, configurable: true });
  return copy;
}
