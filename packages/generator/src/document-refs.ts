// The component schema a `$ref` names, as the generator names types after components: read
// with the contract's JSON pointers (its `$ref`s are followed by the contract's resolveRef).
import { decodePointer } from "@signing-platform/contract/openapi";

/** The component schema a `$ref` names, when it is one: `#/components/schemas/Certificate` → `Certificate`. */
export function componentName(ref: unknown): string | undefined {
  if (typeof ref !== "string" || !ref.startsWith("#/components/schemas/")) return undefined;
  const tokens = decodePointer(ref);
  return tokens.length === 3 ? tokens[2] : undefined;
}

/** The component schema a JSON pointer lies in, at any depth: `#/components/schemas/Pet/properties/id` → `Pet`. */
export function schemaHolding(pointer: string): string | undefined {
  if (!pointer.startsWith("#/components/schemas/")) return undefined;
  return decodePointer(pointer)[2];
}
