// Input the commands cannot work with: a missing file, a YAML syntax error, a document that is
// not OpenAPI 3, a $ref to nowhere, an unknown option. The message is one line that names the
// file and the place; the dispatcher prints it and exits 2, never with a stack trace.
/** Input the commands cannot work with (a missing file, a syntax error, a $ref to nowhere, an unknown option); the message is one line naming the file and the place. */
export class UnusableInputError extends Error {
  /** The class name, `UnusableInputError`. */
  override readonly name: string = "UnusableInputError";
}

/**
 * "file:line:column" when the place is known, else "file".
 * @example
 * ```ts
 * import { place } from "@signing-platform/contract/input";
 *
 * place("openapi.yaml", { line: 12, column: 5 }); // "openapi.yaml:12:5"
 * ```
 */
export function place(file: string, position?: { line: number; column: number }): string {
  return position ? `${file}:${position.line}:${position.column}` : file;
}
