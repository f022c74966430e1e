// Entity tags (docs/decisions.md#entity-tags): a strong validator, the quoted SHA-256 of the representation's
// bytes, and If-None-Match evaluated as RFC 9110 §13.1.2 says: `*`, or a list of tags
// compared weakly (a `W/` prefix is ignored on either side).
import { hash } from "node:crypto";

/** `"<base64url SHA-256 of the bytes>"`. The same bytes always give the same tag. */
export function entityTagOf(representation: string | Uint8Array): string {
  return `"${hash("sha256", representation, "base64url")}"`;
}

export type IfNoneMatch = { any: true } | { any: false; tags: string[] };

/**
 * Parses an If-None-Match field value: `*`, or `#entity-tag` where
 * entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE and etagc excludes DQUOTE, controls and space
 * (RFC 9110 §8.8.3). Returns the opaque tags (quotes kept, `W/` dropped), or null when the
 * value is not valid: a malformed precondition is ignored rather than guessed at.
 */
export function parseIfNoneMatch(value: string): IfNoneMatch | null {
  const text = value.trim();
  if (text === "*") return { any: true };
  const tags: string[] = [];
  let index = 0;
  const skipSeparators = () => {
    while (index < text.length && (text[index] === "," || text[index] === " " || text[index] === "\t")) index += 1;
  };
  skipSeparators();
  while (index < text.length) {
    if (text.startsWith("W/", index)) index += 2;
    if (text[index] !== '"') return null;
    const end = text.indexOf('"', index + 1);
    if (end < 0) return null;
    const tag = text.slice(index, end + 1);
    if (!/^"[\x21\x23-\x7e\x80-\xff]*"$/.test(tag)) return null;
    tags.push(tag);
    index = end + 1;
    if (index < text.length && text[index] !== "," && text[index] !== " " && text[index] !== "\t") return null;
    skipSeparators();
  }
  return tags.length > 0 ? { any: false, tags } : null;
}

/** Whether If-None-Match `value` matches the current representation's tag (weak comparison). */
export function ifNoneMatchMatches(value: string | undefined, currentTag: string): boolean {
  if (value === undefined) return false;
  const parsed = parseIfNoneMatch(value);
  if (!parsed) return false;
  if (parsed.any) return true;
  const opaque = currentTag.startsWith("W/") ? currentTag.slice(2) : currentTag;
  return parsed.tags.includes(opaque);
}
