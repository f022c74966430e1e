// Declarations of typescript.mjs for the TypeScript tests that compile projects in their process.
import type { CompilerOptions } from "typescript";

export interface Compiled {
  /** 0 without errors, 1 with (tsc's statuses, less the distinction of whether it emitted). */
  status: number;
  /** The diagnostics, as tsc prints them when its output is not a terminal. */
  stdout: string;
  /** Always empty: tsc prints its diagnostics to stdout. */
  stderr: string;
}

/**
 * Compiles the project of `project` (a tsconfig.json, or the folder holding one), as
 * `tsc -p <project>` with `options` given on the command line (`{ noEmit: true, strict: true }`;
 * paths in them absolute).
 */
export function compileProject(project: string, options?: CompilerOptions): Compiled;
