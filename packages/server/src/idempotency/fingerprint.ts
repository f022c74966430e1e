// The payload fingerprint of docs/decisions.md#idempotency-keys: SHA-256 over the canonical JSON of the body, so
// `{"a":1,"b":2}` and `{"b":2,"a":1}` are the same payload and a retry whose client
// serialised the object in another key order is still a retry.
import { hash } from "node:crypto";

// A key JSON.stringify would write differently from `"key"`: control characters, quote,
// backslash, and surrogates (a lone one is escaped; a pair merely takes the slow path).
const needsEscape = /[\u0000-\u001f"\\\ud800-\udfff]/;
const quotedKey = (key: string) => (needsEscape.test(key) ? JSON.stringify(key) : `"${key}"`);

/** JSON with object keys sorted (by code unit) at every depth; arrays keep their order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) {
    let text = "[";
    for (let index = 0; index < value.length; index += 1) text += (index === 0 ? "" : ",") + canonicalJson(value[index]);
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  // Bodies are small and often already in order: check before sorting (this runs per request).
  for (let index = 1; index < keys.length; index += 1) {
    if (keys[index - 1]! > keys[index]!) {
      keys.sort();
      break;
    }
  }
  let text = "{";
  for (const key of keys) {
    const member = record[key];
    if (member === undefined) continue;
    text += (text.length === 1 ? "" : ",") + quotedKey(key) + ":" + canonicalJson(member);
  }
  return `${text}}`;
}

/** Hex SHA-256 of the canonical JSON of `body` (of the empty string when there is no body). */
export function payloadFingerprint(body: unknown): string {
  return hash("sha256", body === undefined ? "" : canonicalJson(body), "hex");
}
