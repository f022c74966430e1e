// An application/x-www-form-urlencoded body: each property by its Encoding Object's style and
// explode (Stripe's documents give deepObject: `metadata[key]=v`, `expand[]=a`). Where the
// document gives none, a list of scalars repeats its name (`MediaUrl=a&MediaUrl=b`, OpenAPI's
// default, as Twilio reads it) and nested objects and lists of objects take Stripe's bracket
// convention (`metadata[key]=v`, `items[0][price]=p`). Spaces are sent as %20, which every
// form decoder reads as a space.
import { bracketPairs, joinPairs, styledPairs } from "./styled-pairs.js";
import { scalarText, isScalar } from "./scalar-text.js";
import type { PropertyEncoding } from "./wire-format.js";

export function formBody(body: unknown, encoding: Record<string, PropertyEncoding> = {}): string {
  if (isScalar(body)) return scalarText(body);
  if (typeof body !== "object" || body === null) return "";
  const pairs = Object.entries(body).flatMap(([name, value]) => {
    const { style, explode } = encoding[name] ?? {};
    if (style === undefined && explode === undefined)
      return Array.isArray(value) && value.every((item) => item === null || item === undefined || isScalar(item))
        ? styledPairs(name, value, { style: "form", explode: true })
        : bracketPairs(name, value);
    const chosen = style ?? "form";
    return styledPairs(name, value, { style: chosen, explode: explode ?? chosen === "form" });
  });
  return joinPairs(pairs);
}
