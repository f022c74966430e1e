// A discriminator without a mapping names each member by its schema's name (OpenAPI 3,
// Discriminator Object), and openapi-typescript types the discriminating property so:
// OpenAI's `role` became `"ChatCompletionRequestDeveloperMessage"` where the API and the
// member's own schema say `"developer"`. Documents that leave the mapping out almost always
// give each member its value as a one-valued enum or a const: that value is written into the
// mapping of the copy the types are made from, as the document means it.
import { resolveRef } from "@signing-platform/contract/openapi";

type Node = Record<string, unknown>;

/** The one value a member's schema allows for `property` (through its `allOf` parts), if it names one. */
export function singleValue(document: Node, member: unknown, property: string, depth = 0): string | undefined {
  if (depth > 8) return undefined;
  let schema: Node | undefined;
  try {
    schema = resolveRef(document, member, "discriminator");
  } catch {
    return undefined;
  }
  if (!schema) return undefined;
  const own = resolveRef(document, (schema.properties as Node | undefined)?.[property], "discriminator");
  if (own) {
    if (typeof own.const === "string") return own.const;
    if (Array.isArray(own.enum) && own.enum.length === 1 && typeof own.enum[0] === "string") return own.enum[0];
  }
  for (const part of Array.isArray(schema.allOf) ? schema.allOf : []) {
    const value = singleValue(document, part, property, depth + 1);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** Maps each discriminator's unmapped members that name their own value to it; edits `document` in place. */
export function withMemberDiscriminatorValues(document: Node): void {
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(visit);
    const schema = node as Node;
    const discriminator = schema.discriminator as Node | undefined;
    const members = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
    if (discriminator && typeof discriminator.propertyName === "string" && Array.isArray(members)) {
      const mapping = { ...((discriminator.mapping as Record<string, string> | undefined) ?? {}) };
      const mapped = new Set(Object.values(mapping));
      const refs = members.map((member) => (member as Node | undefined)?.$ref).filter((ref) => typeof ref === "string");
      const unmapped = refs.filter((ref) => !mapped.has(ref));
      let added = false;
      for (const ref of unmapped) {
        const value = singleValue(document, { $ref: ref }, discriminator.propertyName);
        // A member without a value of its own keeps the name openapi-typescript gives it.
        if (value === undefined || value in mapping) continue;
        mapping[value] = ref;
        added = true;
      }
      if (added) schema.discriminator = { ...discriminator, mapping };
    }
    Object.values(schema).forEach(visit);
  };
  visit(document);
}
