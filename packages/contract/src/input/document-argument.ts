// The document a command works on is its first argument, the same for every command; an
// option that named it before (`--input`, `--document`) is still read, and says so.
import { namedOnce } from "./named-once.js";

/**
 * The document a command names: its one positional argument, or the option that was its old
 * spelling (`--document`, `--input`), which still works and says so on stderr. Named both ways,
 * it is unusable input.
 * @example
 * ```ts
 * import { documentArgument } from "@signing-platform/contract/input";
 *
 * // `signing-platform generate --input openapi.yaml`: "openapi.yaml", and a line on stderr.
 * const document = documentArgument("generate", [], { option: "input", value: "openapi.yaml" }, process);
 * ```
 */
export function documentArgument(
  command: string,
  positionals: readonly string[],
  old: { option: string; value: string | undefined },
  io: { stderr: { write(text: string): unknown } },
): string | undefined {
  const option = `--${old.option}`;
  return namedOnce(
    command,
    { choice: "the document", once: "first" },
    [
      { written: positionals[0] ?? "", value: positionals[0] },
      {
        written: `${option} ${old.value}`,
        value: old.value,
        old: { option, instead: `name the document first, \`signing-platform ${command} <document> …\`` },
      },
    ],
    io,
  );
}
