// A choice the command line can name in more than one way: its spelling, and the spellings it
// had before, which still work and say once on stderr what to write now. Named twice, in any
// two spellings, it is unusable input: the command does not guess which one was meant.
import { UnusableInputError } from "./unusable-input.js";

/** One way of naming a choice on the command line, as {@link namedOnce} reads it. */
export interface Spelling<T> {
  /** What the command line says, as a message quotes it: `--state memory`, `--memory`, `openapi.yaml`. */
  written: string;
  /** The value this spelling gives the choice; undefined when the command line does not use it. */
  value: T | undefined;
  /** For an old spelling: its option, and what to write now, said once on stderr when it is used. */
  old?: { option: string; instead: string };
}

/**
 * The value of a choice the command line names at most once: in its spelling, or in an old one,
 * which still works and says once on stderr what to write now. Named twice, it throws
 * {@link UnusableInputError}, naming both.
 * @example
 * ```ts
 * import { namedOnce } from "@signing-platform/contract/input";
 *
 * const state = namedOnce("serve", { choice: "the state", once: "with --state" }, [
 *   { written: "--state memory", value: undefined },
 *   { written: "--memory", value: "memory", old: { option: "--memory", instead: "write `--state memory`" } },
 * ], process); // "memory", and on stderr: signing-platform serve: --memory is the old spelling: write `--state memory`.
 * ```
 */
export function namedOnce<T>(
  command: string,
  named: { choice: string; once: string },
  spellings: readonly Spelling<T>[],
  io: { stderr: { write(text: string): unknown } },
): T | undefined {
  const given = spellings.filter((spelling) => spelling.value !== undefined);
  if (given.length > 1)
    throw new UnusableInputError(
      `${named.choice} is named twice (${given[0]!.written} and ${given[1]!.written}): name it once, ${named.once}.`,
    );
  const [spelling] = given;
  if (spelling?.old) io.stderr.write(`signing-platform ${command}: ${spelling.old.option} is the old spelling: ${spelling.old.instead}.\n`);
  return spelling?.value;
}
