// The document a command works on is its first argument, the same for every command; an
// option that named it before (`--input`, `--document`) is still read, and says so.
import { UnusableInputError } from "./unusable-input.js";

/**
 * The document a command names: its one positional argument, or the option that was its old
 * spelling (`--document`, `--input`), which still works and says so on stderr. Named both ways,
 * it is unusable input.
 */
export function documentArgument(
  command: string,
  positionals: readonly string[],
  old: { option: string; value: string | undefined },
  io: { stderr: { write(text: string): unknown } },
): string | undefined {
  if (old.value === undefined) return positionals[0];
  if (positionals.length > 0)
    throw new UnusableInputError(`the document is named twice (${positionals[0]} and --${old.option} ${old.value}): name it once, first.`);
  io.stderr.write(
    `signing-platform ${command}: --${old.option} is the old spelling: name the document first, \`signing-platform ${command} <document> …\`.\n`,
  );
  return old.value;
}
