// The `signing-platform` dispatcher: finds the command, runs it, and turns unusable input into
// one line on stderr and exit status 2.
import { EXIT, type Command, type CommandIo } from "./command.js";
import { changelog } from "./commands/changelog.js";
import { comment } from "./commands/comment.js";
import { conformance } from "./commands/conformance.js";
import { diff } from "./commands/diff.js";
import { generate } from "./commands/generate.js";
import { serve } from "./commands/serve.js";
import { lint } from "./commands/lint.js";
import { listen } from "./commands/listen.js";
import { login } from "./commands/login.js";
import { trigger } from "./commands/trigger.js";
import { didYouMean, UnusableInputError } from "@signing-platform/contract/input";
import { version } from "./version.js";

/** Every command of `signing-platform`, in the order `--help` lists them. */
export const commands: Command[] = [lint, diff, changelog, comment, generate, serve, login, listen, trigger, conformance];

function usage(): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  const list = commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`).join("\n");
  return `Usage: signing-platform <command> [options]\n\nCommands:\n${list}\n\nRun \`signing-platform <command> --help\` for a command's options, \`signing-platform --version\` for the version.\n`;
}

/**
 * Runs `signing-platform` with `argv` (the arguments after the program name), writing to `io`; resolves with the exit status (0 done, 1 found what fails the run, 2 unusable input or invocation).
 * @example
 * ```ts
 * import { run } from "@signing-platform/cli";
 *
 * process.exitCode = await run(["lint", "openapi.yaml", "--format", "json"], process);
 * ```
 */
export async function run(argv: string[], io: CommandIo): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.stdout.write(usage());
    return name === undefined ? EXIT.unusable : EXIT.ok;
  }
  if (name === "--version" || name === "-v" || name === "version") {
    io.stdout.write(`${version()}\n`);
    return EXIT.ok;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    const what = name.startsWith("-") ? `unknown option ${name}` : `unknown command "${name}"`;
    const hint = didYouMean(name, name.startsWith("-") ? ["--help", "--version"] : commands.map((candidate) => candidate.name));
    io.stderr.write(`signing-platform: ${what}.${hint} Run \`signing-platform --help\` for the commands.\n`);
    return EXIT.unusable;
  }
  if (args.includes("--help") || args.includes("-h")) {
    io.stdout.write(command.usage);
    return EXIT.ok;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    // Bad input is the user's to fix: one line. Anything else is ours: one line too, and the
    // stack only when SIGNING_PLATFORM_DEBUG is set.
    const message = error instanceof Error ? error.message : String(error);
    const internal = error instanceof UnusableInputError ? "" : "internal error: ";
    io.stderr.write(`signing-platform ${command.name}: ${internal}${message.split("\n")[0]}\n`);
    if (internal && process.env.SIGNING_PLATFORM_DEBUG && error instanceof Error) io.stderr.write(`${error.stack}\n`);
    return EXIT.unusable;
  }
}
