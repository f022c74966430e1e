// The fenced code blocks of the READMEs, as a user copies them: each with its file, its line and
// its language, so a test can run or type-check it exactly as written and name it when it fails.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repositoryRoot } from "./installed-packages.js";

export interface ReadmeBlock {
  /** Relative to the repository root: "README.md", "packages/webhooks/README.md". */
  file: string;
  /** The line of the opening fence. */
  line: number;
  language: string;
  code: string;
}

/** Every fenced block of a README, in order. */
export function readmeBlocks(file: string): ReadmeBlock[] {
  const lines = readFileSync(join(repositoryRoot, file), "utf8").split("\n");
  const blocks: ReadmeBlock[] = [];
  let open: { line: number; language: string; body: string[] } | undefined;
  lines.forEach((text, index) => {
    const fence = /^```(\S*)\s*$/.exec(text);
    if (open && text.startsWith("```")) {
      blocks.push({ file, line: open.line, language: open.language, code: `${open.body.join("\n")}\n` });
      open = undefined;
    } else if (open) open.body.push(text);
    else if (fence) open = { line: index + 1, language: fence[1] ?? "", body: [] };
  });
  return blocks;
}

/** The one block of `file` in `language` that contains `needle`; throws naming the README otherwise. */
export function blockWith(file: string, language: string, needle: string): ReadmeBlock {
  const found = readmeBlocks(file).filter((block) => block.language === language && block.code.includes(needle));
  if (found.length !== 1) throw new Error(`${file}: ${found.length} ${language} blocks contain ${JSON.stringify(needle)}, expected one.`);
  return found[0]!;
}

export const where = (block: ReadmeBlock) => `${block.file}:${block.line}`;
