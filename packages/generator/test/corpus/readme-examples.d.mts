// Types of readme-examples.mjs, for the TypeScript tests that import it (it runs as plain Node,
// with no build). TypeScript resolves an import of readme-examples.mjs to these declarations,
// from the corpus' modules too: they name every export, as the module's JSDoc types them.

/** A fenced block of a README. */
export interface Block {
  /** The fence's language, lower case. */
  language: string;
  code: string;
  /** The line of its opening fence (1-based). */
  line: number;
  /** The heading above it. */
  section: string;
}

/** A block as a module of its own. */
export interface ExampleFile {
  /** Its name: `example-01.ts`, `example_01.py`. */
  file: string;
  source: string;
  block: Block;
}

export function fencedBlocks(markdown: string): Block[];
export function languageBlocks(markdown: string, language: "typescript" | "python"): Block[];
export function typeScriptExampleFiles(markdown: string, packageName: string): ExampleFile[];
export function pythonExampleFiles(markdown: string, packageName: string): ExampleFile[];
export function failingFiles(output: string, files: ExampleFile[]): Set<string>;
