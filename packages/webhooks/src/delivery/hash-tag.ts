// Redis Cluster runs a script, or a MULTI, only when every key it touches hashes to one slot.
// Only the part of a key between the first `{` and the next `}` is hashed when it is not
// empty (Redis Cluster specification, "Hash tags"), so keys that share such a tag share a slot.

/** Whether Redis Cluster hashes `prefix` by a tag: a `{` followed, later, by a `}` with something between. */
export function hasHashTag(prefix: string): boolean {
  const open = prefix.indexOf("{");
  if (open === -1) return false;
  const close = prefix.indexOf("}", open + 1);
  return close > open + 1;
}

/** `prefix` as a hash tag (`{prefix}`) unless it already carries one, so that every key made from it lands in one slot. */
export function hashTagged(prefix: string): string {
  return hasHashTag(prefix) ? prefix : `{${prefix}}`;
}
