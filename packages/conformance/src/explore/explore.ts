// The exploration: sequences of commands drawn from the document (./commands) run against
// the server with fast-check's model-based testing, each answer held to the conventions and
// to what the model says it should be. The first sequence that finds something is shrunk to
// the shortest that still does, and reported with the seed and the path that replay it:
// `--seed S --explore-path P` runs that one sequence again.
import fc from "fast-check";
import type { ActiveContext } from "../check.js";
import { SkipCheck } from "../outcome.js";
import { describeExchange } from "../exchange.js";
import { commandArbitraries } from "./commands/index.js";
import { initialModel } from "./model.js";
import { reads } from "./resources.js";
import { DEFAULT_EXPLORE_RUNS, DEFAULT_MAX_COMMANDS, type ExplorationOptions } from "./exploration-options.js";
import { Finding, Sender, Stop, type Step } from "./sender.js";

export type ExplorationResult =
  | { kind: "nothing-to-explore" }
  /** `stopped`: why the sequences ended before all ran (the request budget spent, a server that asked to wait). */
  | { kind: "passed"; runs: number; stopped?: string }
  | { kind: "found"; finding: string };

export async function explore(context: ActiveContext, options: ExplorationOptions = {}): Promise<ExplorationResult> {
  const { contract, target } = context;
  const seed = context.values.seed;
  const arbitraries = commandArbitraries(contract, seed);
  if (arbitraries.length === 0) return { kind: "nothing-to-explore" };
  const known = await knownIds(context);
  const [path, replayPath] = splitPath(options.path);

  let runs = 0;
  let stopped: string | undefined;
  let first: number | undefined;
  let last: { steps: Step[]; error: unknown } | undefined;
  const property = fc.asyncProperty(
    fc.commands(arbitraries, {
      maxCommands: options.maxCommands ?? DEFAULT_MAX_COMMANDS,
      size: "max",
      ...(replayPath ? { replayPath } : {}),
    }),
    async (commands) => {
      if (target.remaining <= 0) stopped ??= "the request budget was spent (--max-requests)";
      fc.pre(stopped === undefined);
      runs++;
      const sender = new Sender(target, contract);
      try {
        await fc.asyncModelRun(() => ({ model: initialModel(known), real: sender }), commands);
      } catch (error) {
        // The budget ran out mid-sequence, or the server asked to wait: nothing was found, and
        // nothing more is sent (the sequences left, shrinking included, are skipped).
        if (error instanceof SkipCheck) stopped ??= "the request budget was spent (--max-requests)";
        if (error instanceof Stop) stopped ??= error.reason;
        fc.pre(stopped === undefined);
        first ??= sender.steps.length;
        last = { steps: [...sender.steps], error };
        throw error;
      }
    },
  );
  const details = await fc.check(property, {
    seed,
    numRuns: path ? 1 : (options.runs ?? DEFAULT_EXPLORE_RUNS),
    ...(path ? { path, endOnFailure: true } : {}),
  });
  if (!details.failed || !details.counterexample || !last) return { kind: "passed", runs, ...(stopped ? { stopped } : {}) };
  const replay = replayPathOf(details.counterexample[0]);
  const found = `${details.counterexamplePath}${replay ? `@${replay}` : ""}`;
  return { kind: "found", finding: describeFinding(last, first ?? last.steps.length, seed, found) };
}

/** Ids to read before anything is created: the first of each list, or one given (`ids`). */
async function knownIds(context: ActiveContext): Promise<Map<string, string[]>> {
  const known = new Map<string, string[]>();
  for (const operation of reads(context.contract)) {
    try {
      const path = await context.known.pathWithId(operation);
      const prefix = operation.path.replace(/\{[^}]+\}$/, "");
      known.set(operation.path, [decodeURIComponent(path.slice(prefix.length))]);
    } catch (error) {
      if (!(error instanceof SkipCheck)) throw error;
    }
  }
  return known;
}

/** `3:0:1@AAB` → the path fast-check replays and the commands' replay path. */
function splitPath(path: string | undefined): [string | undefined, string | undefined] {
  if (!path) return [undefined, undefined];
  const at = path.indexOf("@");
  return at < 0 ? [path, undefined] : [path.slice(0, at), path.slice(at + 1)];
}

/** The commands' replay path, which fast-check prints with the sequence. */
function replayPathOf(commands: unknown): string | undefined {
  return /replayPath="([^"]*)"/.exec(fc.stringify(commands))?.[1];
}

/**
 * The finding: what was wrong, then the requests of the shortest sequence that shows it, as
 * they were sent, then how to replay it.
 */
function describeFinding({ steps, error }: { steps: Step[]; error: unknown }, first: number, seed: number, path: string): string {
  const headline = error instanceof Finding ? error.message : `the sequence could not finish: ${(error as Error)?.message ?? error}`;
  const count = (n: number) => `${n} request${n === 1 ? "" : "s"}`;
  const lines = [
    headline,
    `  the shortest sequence found that shows it, ${count(steps.length)}${first > steps.length ? ` (shrunk from ${count(first)})` : ""}:`,
    ...steps.map(({ request, exchange }, index) => {
      const line = describeExchange(exchange);
      return `    ${index + 1}. ${request}${line.slice(line.indexOf(" → "))}`;
    }),
    `  replay it: --only explore --seed ${seed} --explore-path '${path}'`,
  ];
  return lines.join("\n");
}
