// What a subcommand of `signing-platform` is. One module per command under commands/; the
// dispatcher (cli.ts) lists them. Later commands (serve, generate) add a module and a line.

/** Exit statuses shared by every command. */
export const EXIT = {
  /** Done, nothing to report that fails the run. */
  ok: 0,
  /** Done, and found what fails the run: lint errors, breaking changes. */
  failed: 1,
  /** Could not do the job: unusable input or a wrong invocation. */
  unusable: 2,
} as const;

export interface Output {
  write(text: string): unknown;
}

/** Where a command writes: its output and its messages. */
export interface CommandIo {
  /** Where the command's output goes. */
  stdout: Output;
  /** Where the command's messages and errors go. */
  stderr: Output;
}

/** A subcommand of `signing-platform`: its name, summary, usage text and what it runs. */
export interface Command {
  /** The command's name, as typed after `signing-platform`. */
  name: string;
  /** One line for the command list. */
  summary: string;
  /** The full usage text of `signing-platform <name> --help`. */
  usage: string;
  /** Runs the command with its arguments, writing to `io`; resolves with the exit status. */
  run(args: string[], io: CommandIo): Promise<number>;
}
