// Option parsing for the commands, with node:util's parseArgs. A wrong invocation is unusable
// input: one line, exit 2.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { didYouMean, namedOnce, UnusableInputError } from "@signing-platform/contract/input";
import type { CommandIo } from "./command.js";

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

/** The value of an option with a fixed set of values (`--format`, `--fail-on`), checked against that set, with the one meant when it is a typo. */
export function chooseFormat<F extends string>(value: unknown, formats: readonly F[], fallback: F, option = "format"): F {
  if (value === undefined) return fallback;
  if (!formats.includes(value as F))
    throw new UnusableInputError(`unknown ${option} "${value}": use one of ${formats.join(", ")}.${didYouMean(String(value), formats)}`);
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

/** What a command line says of the webhook time scale: `--webhook-time-scale`, and `--time-scale` where it was its old spelling. */
export interface TimeScaleOptions {
  "webhook-time-scale"?: string | undefined;
  "time-scale"?: string | undefined;
}

/**
 * The time scale of the webhook retry schedule, one option wherever it is given: the
 * sandbox's (`serve`, the sender) and the one `conformance webhooks` judges a sender by take
 * the same value. Above 0 and at most 1; real time (1) when not given. `--time-scale`, its old
 * spelling, still works and says so once; named both ways, it is unusable input.
 */
export function webhookTimeScale(values: TimeScaleOptions, command: string, io: CommandIo): number {
  const scale = (option: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    const timeScale = Number(value);
    if (!(timeScale > 0 && timeScale <= 1)) throw new UnusableInputError(`--${option} must be a number above 0 and at most 1.`);
    return timeScale;
  };
  const { "webhook-time-scale": given, "time-scale": old } = values;
  const spellings = [
    { written: `--webhook-time-scale ${given}`, value: scale("webhook-time-scale", given) },
    {
      written: `--time-scale ${old}`,
      value: scale("time-scale", old),
      old: { option: "--time-scale", instead: `write \`--webhook-time-scale ${old}\`, as serve takes it` },
    },
  ];
  return namedOnce(command, { choice: "the webhook time scale", once: "with --webhook-time-scale" }, spellings, io) ?? 1;
}
