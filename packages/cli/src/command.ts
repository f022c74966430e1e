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

export interface CommandIo {
  stdout: Output;
  stderr: Output;
}

export interface Command {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** The full usage text of `signing-platform <name> --help`. */
  usage: string;
  run(args: string[], io: CommandIo): Promise<number>;
}
