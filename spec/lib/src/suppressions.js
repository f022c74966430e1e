// @ts-check
// The `#suppress` directives of the project's own .tsp files: the linter asks each for a
// reason, and the source map lists them so that `signing-platform lint` can show them.
import { getSourceLocation } from "@typespec/compiler";
import { visitChildren } from "@typespec/compiler/ast";

/**
 * @typedef {object} Suppression
 * @property {string} code the diagnostic code it silences
 * @property {string | undefined} reason the text after the code
 * @property {import("@typespec/compiler/ast").Node} node the directive
 */

/**
 * Every `#suppress` in the project's .tsp files (not in libraries).
 * @param {import("@typespec/compiler").Program} program
 * @returns {Suppression[]}
 */
export function suppressionsOf(program) {
  /** @type {Suppression[]} */
  const found = [];
  /** @param {import("@typespec/compiler/ast").Node} node */
  const visit = (node) => {
    for (const directive of "directives" in node && Array.isArray(node.directives) ? node.directives : []) {
      if (directive.target.sv !== "suppress") continue;
      const [code, reason] = directive.arguments.map((/** @type {any} */ argument) => ("sv" in argument ? argument.sv : argument.value));
      found.push({ code: String(code), reason: reason === undefined ? undefined : String(reason), node: directive });
    }
    visitChildren(node, (child) => {
      visit(child);
    });
  };
  for (const file of program.sourceFiles.values()) {
    if (program.getSourceFileLocationContext(file.file).type === "project") visit(file);
  }
  return found;
}

/**
 * Where a type or node is: its file, line and column (from 1). A declaration is placed at its
 * name, as the compiler's own diagnostics are, not at the doc comment above it.
 * @param {import("@typespec/compiler").Type | import("@typespec/compiler/ast").Node} target
 */
export function locationOf(target) {
  const node = "entityKind" in target ? target.node : target;
  const name = node && "id" in node && node.id && typeof node.id === "object" ? node.id : undefined;
  const location = getSourceLocation(/** @type {import("@typespec/compiler").DiagnosticTarget} */ (name ?? target));
  const { line, character } = location.file.getLineAndCharacterOfPosition(location.pos);
  return { path: location.file.path, line: line + 1, column: character + 1 };
}
