// A named value as the name=value pairs of a query string or a form body, by its OpenAPI
// style and explode. Values the style cannot express (an object in an object, objects in an
// array) fall back to the bracket convention of deepObject, as Stripe reads it:
// `metadata[key]=v`, `items[0][price]=p`, `expand[]=a`. Undefined and null are left out.
import { encodeName, encodeValue, isScalar, scalarText, type Scalar } from "./scalar-text.js";
import type { ParameterFormat } from "./wire-format.js";

/** An encoded name and an encoded value. */
export type Pair = [name: string, value: string];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !isScalar(value);
const present = (value: unknown) => value !== undefined && value !== null;
const text = (value: Scalar) => encodeValue(scalarText(value));

/** The bracket convention: nested objects and arrays under `name[...]`, a list of scalars as `name[]`. */
export function bracketPairs(name: string, value: unknown): Pair[] {
  if (!present(value)) return [];
  if (isScalar(value)) return [[encodeName(name), text(value)]];
  if (Array.isArray(value)) {
    if (value.every((item) => !present(item) || isScalar(item)))
      return value.filter(present).map((item) => [encodeName(`${name}[]`), text(item as Scalar)]);
    return value.flatMap((item, index) => bracketPairs(`${name}[${index}]`, item));
  }
  if (isPlainObject(value)) return Object.entries(value).flatMap(([key, item]) => bracketPairs(`${name}[${key}]`, item));
  return [[encodeName(name), encodeValue(String(value))]];
}

const DELIMITERS: Record<string, string> = { form: ",", spaceDelimited: "%20", pipeDelimited: "|" };

export function styledPairs(name: string, value: unknown, { style, explode }: ParameterFormat): Pair[] {
  if (!present(value)) return [];
  if (isScalar(value)) return [[encodeName(name), text(value)]];
  const delimiter = DELIMITERS[style];
  if (style === "deepObject" || delimiter === undefined) return bracketPairs(name, value);
  if (Array.isArray(value)) {
    const items = value.filter(present);
    if (!items.every(isScalar)) return bracketPairs(name, value);
    if (items.length === 0) return [];
    if (explode) return items.map((item) => [encodeName(name), text(item)]);
    return [[encodeName(name), items.map(text).join(delimiter)]];
  }
  if (!isPlainObject(value)) return [[encodeName(name), encodeValue(String(value))]];
  const entries = Object.entries(value).filter(([, item]) => present(item));
  // An object is spelled out by form only; the delimited styles define lists alone.
  if (style !== "form") return bracketPairs(name, value);
  if (explode)
    return entries.flatMap(([key, item]) =>
      isPlainObject(item) ? bracketPairs(key, item) : styledPairs(key, item, { style: "form", explode: true }),
    );
  if (!entries.every(([, item]) => isScalar(item))) return bracketPairs(name, value);
  if (entries.length === 0) return [];
  return [[encodeName(name), entries.map(([key, item]) => `${encodeValue(key)},${text(item as Scalar)}`).join(",")]];
}

/** The pairs joined as a query string or form body (without `?`). */
export const joinPairs = (pairs: Pair[]): string => pairs.map(([name, value]) => `${name}=${value}`).join("&");
