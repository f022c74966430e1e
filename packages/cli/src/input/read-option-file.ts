// The text of a file an option names (an ignore file, a severity-levels file): a file that
// cannot be read is unusable input, one line naming it.
import { readFileSync } from "node:fs";
import { UnusableInputError } from "../unusable-input.js";

export function readOptionFile(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message;
    throw new UnusableInputError(`${file}: ${reason}`);
  }
}
