// Option parsing for the commands, with node:util's parseArgs. A wrong invocation is unusable
// input: one line, exit 2.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { didYouMean, UnusableInputError } from "@signing-platform/contract/input";

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
    throw new UnusableInputError(describeParseError(error, options));
  }
  const count = parsed.positionals.length;
  if (count < positionals.min || count > positionals.max) {
    throw new UnusableInputError(`expected ${positionals.names}, got ${count === 0 ? "nothing" : parsed.positionals.join(" ")}.`);
  }
  return parsed;
}

/** node:util's parse errors in one line of ours: which option, and the one meant when it is a typo. */
function describeParseError(error: unknown, options: Options): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string }).code;
  const flag = /'(-{1,2}[^' ,]+)/.exec(message)?.[1];
  const known = Object.keys(options).map((name) => `--${name}`);
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && flag)
    return `unknown option ${flag}.${didYouMean(flag, [...known, "--help"])} Run with --help for the options.`;
  const long = /--[\w-]+/.exec(message)?.[0] ?? flag;
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && long) return `option ${long} needs a value.`;
  return message.split("\n")[0]!;
}

/** The value of an option with a fixed set of values (`--format`, `--fail-on`), checked against that set. */
export function chooseFormat<F extends string>(value: unknown, formats: readonly F[], fallback: F, option = "format"): F {
  if (value === undefined) return fallback;
  if (!formats.includes(value as F)) throw new UnusableInputError(`unknown ${option} "${value}": use one of ${formats.join(", ")}.`);
  return value as F;
}

/** A whole-number option from `min` to `max`; undefined when it was not given. */
export function wholeNumberOption(value: string | undefined, option: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max)
    throw new UnusableInputError(`--${option} must be a whole number from ${min} to ${max}.`);
  return parsed;
}

/** The time scale of the webhook retry schedule: above 0 and at most 1, real time (1) when not given. */
export function timeScaleOption(value: string | undefined, option: string): number {
  const timeScale = value === undefined ? 1 : Number(value);
  if (!(timeScale > 0 && timeScale <= 1)) throw new UnusableInputError(`--${option} must be a number above 0 and at most 1.`);
  return timeScale;
}
