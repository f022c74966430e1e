// Following the `$ref`s inside one document (`#/components/...`), as the generator reads
// parameters, request bodies and responses that a document writes once and refers to.
import { GeneratorInputError } from "./generator-input-error.js";

type Node = Record<string, unknown>;

/** A token of a `$ref` as written in a URI fragment: percent-decoded, then unescaped as a JSON pointer token. */
export const unescapeToken = (token: string) => decodeURIComponent(token).replace(/~1/g, "/").replace(/~0/g, "~");

/** The component schema a `$ref` names, when it is one (the token unescaped as a URI fragment, then as a JSON pointer). */
export function componentName(ref: unknown): string | undefined {
  if (typeof ref !== "string" || !ref.startsWith("#/components/schemas/")) return undefined;
  const token = ref.slice("#/components/schemas/".length);
  return token.includes("/") ? undefined : unescapeToken(token);
}

/** The node `value` stands for, after its chain of internal `$ref`s; `where` names it in errors. */
export function resolveRef(document: Node, value: unknown, where: string): Node | undefined {
  let node = value as Node | undefined;
  for (let hops = 0; node && typeof node.$ref === "string"; hops++) {
    const ref = node.$ref as string;
    if (hops > 32) throw new GeneratorInputError(`${where}: $ref ${ref} is part of a cycle of references.`);
    if (!ref.startsWith("#/")) {
      throw new GeneratorInputError(`${where}: $ref ${ref} points outside the document; give the generator one bundled document.`);
    }
    let target: unknown = document;
    for (const token of ref.slice(2).split("/")) target = (target as Node | undefined)?.[unescapeToken(token)];
    if (target === undefined) throw new GeneratorInputError(`${where}: $ref ${ref} points to nothing.`);
    node = target as Node;
  }
  return node && typeof node === "object" ? node : undefined;
}
