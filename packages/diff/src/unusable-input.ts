// Input the commands cannot work with: a missing file, a YAML syntax error, a document that is
// not OpenAPI 3, a $ref to nowhere, an unknown option. The message is one line that names the
// file and the place; the dispatcher prints it and exits 2, never with a stack trace.
export class UnusableInputError extends Error {
  override readonly name = "UnusableInputError";
}

/** "file:line:column" when the place is known, else "file". */
export function place(file: string, position?: { line: number; column: number }): string {
  return position ? `${file}:${position.line}:${position.column}` : file;
}
