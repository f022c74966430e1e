// A reader of the bracket convention (`a[b][0][c]=v`, `list[]=v`), written for the tests as
// a server such as Stripe's reads a form: values are text, a run of `[]` or of indices is a
// list. `wireValue` is what a value becomes on the wire: scalars as their text, nothing for
// null or for an empty object or list.
import fc from "fast-check";

type Tree = string | Tree[] | { [key: string]: Tree };

export function parseBrackets(text: string): Record<string, Tree> {
  const root: Record<string, Tree> = {};
  if (text === "") return root;
  for (const pair of text.split("&")) {
    const at = pair.indexOf("=");
    const name = decodeURIComponent(pair.slice(0, at));
    const value = decodeURIComponent(pair.slice(at + 1));
    const [head, ...rest] = name.match(/^[^[]*|\[[^\]]*\]/g)!.map((token) => token.replace(/^\[|\]$/g, ""));
    let node: any = root;
    let key: string | number = head!;
    for (const token of rest) {
      const next = token === "" || /^\d+$/.test(token) ? [] : {};
      node[key] ??= next;
      node = node[key];
      key = token === "" ? node.length : /^\d+$/.test(token) ? Number(token) : token;
    }
    node[key] = value;
  }
  return root;
}

export function wireValue(value: unknown): Tree | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== "object") return String(value);
  if (Array.isArray(value)) {
    const items = value.map(wireValue).filter((item) => item !== undefined);
    return items.length > 0 ? (items as Tree[]) : undefined;
  }
  const entries = Object.entries(value)
    .map(([key, item]) => [key, wireValue(item)] as const)
    .filter(([, item]) => item !== undefined);
  return entries.length > 0 ? (Object.fromEntries(entries) as Tree) : undefined;
}

const scalar = fc.oneof(fc.string({ unit: "grapheme" }), fc.integer(), fc.boolean());
/**
 * A key the convention can carry back: no brackets, and not only digits, which a reader takes
 * for a list's index (`a[0]=v` is a list for Stripe and qs alike).
 */
export const bracketKey = fc
  .string({ unit: "grapheme", minLength: 1, maxLength: 6 })
  .filter((text) => !/[[\]]/.test(text) && !/^\d+$/.test(text));

/** Nested objects and lists of scalars; lists of objects hold no nulls, whose indices a reader could not place. */
export const nestedValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small" }, scalar, tie("object"), tie("list"), tie("objects")),
  object: fc.dictionary(bracketKey, tie("value"), { maxKeys: 3 }),
  list: fc.array(scalar, { maxLength: 3 }),
  objects: fc.array(fc.dictionary(bracketKey, scalar, { minKeys: 1, maxKeys: 2 }), { maxLength: 2 }),
})).value;
