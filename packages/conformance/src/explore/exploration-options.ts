// How much the exploration runs: read by the check context and the command line, apart from
// the exploration itself.

export interface ExplorationOptions {
  /** Sequences to run (default 25). */
  runs?: number;
  /** Commands in a sequence at most (default 16). */
  maxCommands?: number;
  /** Replays one sequence: the path a finding printed. */
  path?: string;
}

/** The number of generated sequences the exploration runs by default. */
export const DEFAULT_EXPLORE_RUNS = 25;
export const DEFAULT_MAX_COMMANDS = 16;
