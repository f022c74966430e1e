// The text of one value on the wire and its percent-encoding, the same in every SDK:
// booleans as JSON writes them, numbers in their shortest form, dates in ISO 8601; every
// byte outside RFC 3986's unreserved set percent-encoded (UTF-8), so that a value cannot
// be read as a delimiter.

export type Scalar = string | number | boolean | bigint | Date;

export const isScalar = (value: unknown): value is Scalar =>
  ["string", "number", "boolean", "bigint"].includes(typeof value) || value instanceof Date;

export function scalarText(value: Scalar): string {
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** Percent-encodes all but A-Z a-z 0-9 - . _ ~ (encodeURIComponent also spares ! ' ( ) *). */
export const encodeValue = (text: string): string =>
  encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/** A parameter name, with the brackets of `metadata[key]` kept as they are. */
export const encodeName = (text: string): string => encodeValue(text).replace(/%5B/g, "[").replace(/%5D/g, "]");
