// Option parsing for the commands, with node:util's parseArgs. A wrong invocation is unusable
// input: one line, exit 2.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { UnusableInputError } from "./unusable-input.js";

type Options = NonNullable<ParseArgsConfig["options"]>;
type Parsed<T extends Options> = ReturnType<typeof parseArgs<{ args: string[]; options: T; allowPositionals: true; strict: true }>>;

export function parseCommandArguments<T extends Options>(
  args: string[],
  options: T,
  positionals: { min: number; max: number; names: string },
): Parsed<T> {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UnusableInputError(error instanceof Error ? error.message : String(error));
  }
  const count = parsed.positionals.length;
  if (count < positionals.min || count > positionals.max) {
    throw new UnusableInputError(`expected ${positionals.names}, got ${count === 0 ? "nothing" : parsed.positionals.join(" ")}.`);
  }
  return parsed;
}

/** The value of an option with a fixed set of values (`--format`, `--fail-on`), checked against that set. */
export function chooseFormat<F extends string>(value: unknown, formats: readonly F[], fallback: F, option = "format"): F {
  if (value === undefined) return fallback;
  if (!formats.includes(value as F)) throw new UnusableInputError(`unknown ${option} "${value}": use one of ${formats.join(", ")}.`);
  return value as F;
}
