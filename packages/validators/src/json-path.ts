// The `field` of an issue: a JSONPath (RFC 9535) to the offending value, as the API's error
// details write it (ErrorDetail.field: "for example `$.identity_evidence.issuing_office`").
//   - `$` is the validated value itself;
//   - a member whose name is an identifier is `.name`; any other name is `['name']`, with
//     `'` and `\` escaped by a backslash, as in RFC 9535 normalized paths;
//   - an array element is `[index]`.
// ajv reports a JSON Pointer, which cannot tell the element `0` of an array from the member
// `"0"` of an object; the value itself can, so the path is built by walking it. The pointer is
// read by the contract's decoder (RFC 6901), as every package reads one.
import { decodePointer } from "@signing-platform/contract/openapi";

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/;

export function jsonPath(pointer: string, root: unknown, child?: string): string {
  const segments = decodePointer(pointer);
  if (child !== undefined) segments.push(child);
  let path = "$";
  let node: unknown = root;
  for (const segment of segments) {
    if (Array.isArray(node) && ARRAY_INDEX.test(segment)) path += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) path += `.${segment}`;
    else path += `['${escapeName(segment)}']`;
    node = node !== null && typeof node === "object" ? (node as Record<string, unknown>)[segment] : undefined;
  }
  return path;
}

function escapeName(name: string): string {
  return name.replace(/[\\']/g, (character) => `\\${character}`).replace(/[\u0000-\u001f]/g, controlEscape);
}

function controlEscape(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
}
