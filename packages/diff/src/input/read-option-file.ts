// The entries of a file an option names (an ignore file, a severity-levels file): its lines,
// trimmed, less blank ones and `#` comments, each with its file and line number for messages.
// A file that cannot be read is unusable input, one line naming it.
import { readFileSync } from "node:fs";
import { UnusableInputError } from "@signing-platform/contract/input";

export interface OptionFileEntry {
  file: string;
  line: number;
  text: string;
}

export function readOptionFile(file: string): OptionFileEntry[] {
  let contents: string;
  try {
    contents = readFileSync(file, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message;
    throw new UnusableInputError(`${file}: ${reason}`);
  }
  return contents
    .split(/\r?\n/)
    .map((text, index) => ({ file, line: index + 1, text: text.trim() }))
    .filter((entry) => entry.text !== "" && !entry.text.startsWith("#"));
}
