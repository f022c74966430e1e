// A conformance run: read the contract from the document, say what the run will create, make
// sure the run can start (the token can be had, the server answers, accepts the credentials
// and has the API under the base URL: ./setup.ts), run the chosen active checks one after
// another (each request counted against the budget), then judge every exchange with the
// passive checks.
import { randomInt } from "node:crypto";
import { AREAS, type ActiveContext, type Check, type CheckResult } from "./check.js";
import { SkipCheck, type Outcome } from "./outcome.js";
import { CHECKS } from "./checks/index.js";
import { idempotentOperations, label } from "./checks/operations.js";
import { readContract } from "./contract.js";
import { discovery } from "./discovery.js";
import { exploreCheck } from "./explore/explore-check.js";
import { DEFAULT_EXPLORE_RUNS, DEFAULT_MAX_COMMANDS } from "./explore/exploration-options.js";
import { creates as creatingWrites } from "./explore/resources.js";
import { RunLog, Target, type TargetOptions } from "./target.js";
import { checkSetup } from "./setup.js";
import { requestValues } from "./values/request-values.js";

/** Options of {@link runConformance}: the implementation, the document it claims to keep, and which checks to run. */
export interface ConformanceOptions extends TargetOptions {
  /** The parsed OpenAPI document the implementation claims to keep. */
  document: Record<string, unknown>;
  /** A second organization's token, for the isolation check. */
  otherToken?: string;
  /** Ids of existing resources by path template, for operations with a path parameter no list or create of the document gives ids for: `{ "/v1/signing-requests/{id}": "sr_…" }`. */
  ids?: Readonly<Record<string, string>>;
  /** Run only these check ids (opt-in checks included when named). */
  only?: readonly string[];
  /** Include the opt-in checks that spend quota (the rate-limit burst). */
  burst?: boolean;
  /** Requests the run may send at most (default 1000). */
  maxRequests?: number;
  /** Replays the values of an earlier run (its report prints the seed). */
  seed?: number;
  /** Runs the exploration (the opt-in `explore` check) with this many generated sequences, beside the other checks. */
  exploreRuns?: number;
  /** Replays one sequence of the exploration: the path its finding printed (with the same `seed`). */
  explorePath?: string;
  /** Told before the run starts what it will create, and as each check ends. */
  onPlan?(plan: string): void;
  /** Told of each check as it ends. */
  onResult?(result: CheckResult): void;
}

/** What a run found: every check's result, with the requests sent and the time taken. */
export interface ConformanceReport {
  /** The implementation checked; for deliveries, the receiver's URL. */
  baseUrl: string;
  /** The seed of the generated values; absent where none were generated (deliveries). */
  seed?: number;
  /** Requests sent, or deliveries received. */
  requests: number;
  /** How long the run took, in milliseconds. */
  durationMs: number;
  /** Every check of the run with what it found, in the order they ran. */
  results: CheckResult[];
}

/** The server could not be reached at all: nothing to check. */
export class UnreachableError extends Error {
  constructor(baseUrl: string, cause: unknown) {
    super(`${baseUrl} cannot be reached (${(cause as { code?: string })?.code ?? (cause as Error)?.message ?? cause}).`);
    this.name = "UnreachableError";
  }
}

/** The number of requests a run may send by default. */
export const DEFAULT_MAX_REQUESTS = 1000;

/**
 * The checks `only` names, or every check that is not opt-in (those that spend quota too with
 * `burst`, the exploration too with `explore`); unknown ids throw.
 * @example
 * ```ts
 * import { chooseChecks } from "@signing-platform/conformance";
 *
 * const ids = chooseChecks(undefined, true).map((check) => check.id); // every check, the rate-limit burst included
 * ```
 */
export function chooseChecks(only: readonly string[] | undefined, burst = false, explore = false): Check[] {
  if (only && only.length > 0) {
    const unknown = only.filter((id) => !CHECKS.some((check) => check.id === id));
    if (unknown.length > 0)
      throw new RangeError(`unknown check ${unknown.join(", ")}: the checks are ${CHECKS.map((check) => check.id).join(", ")}.`);
    return CHECKS.filter((check) => only.includes(check.id) || (explore && check === exploreCheck));
  }
  return CHECKS.filter((check) => (check === exploreCheck ? explore : !check.optIn || burst));
}

/**
 * Runs the conformance checks against the implementation at `baseUrl`: reads the contract from `document`, makes sure the run can start (throws SetupError or UnreachableError if not), runs the active checks, then judges every exchange with the passive ones.
 * @example
 * ```ts
 * import { readFileSync } from "node:fs";
 * import { parse } from "yaml";
 * import { exitStatusOf, formatConformance, runConformance } from "@signing-platform/conformance";
 *
 * const report = await runConformance({
 *   baseUrl: "http://127.0.0.1:4010",
 *   token: process.env.TOKEN,
 *   document: parse(readFileSync("openapi.yaml", "utf8")),
 * });
 * process.stdout.write(formatConformance(report, "stylish"));
 * process.exitCode = exitStatusOf(report);
 * ```
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const started = performance.now();
  if (options.exploreRuns !== undefined && !(Number.isInteger(options.exploreRuns) && options.exploreRuns > 0))
    throw new RangeError("exploreRuns must be a whole number above 0.");
  if (options.explorePath !== undefined && options.seed === undefined)
    throw new RangeError("explorePath replays a sequence of the seed it was found with: give the seed too.");
  if (options.explorePath !== undefined && !/^\d+(?::\d+)*(?:@\S+)?$/.test(options.explorePath))
    throw new RangeError(`explorePath ${options.explorePath}: give the path a finding of the exploration printed, e.g. 3:0:1@AAB.`);
  const checks = chooseChecks(options.only, options.burst, options.exploreRuns !== undefined || options.explorePath !== undefined);
  const contract = readContract(options.document);
  for (const template of Object.keys(options.ids ?? {})) {
    if (!contract.operations.some((operation) => operation.path === template)) {
      throw new RangeError(
        `--id ${template}: no operation of the document has this path; the paths are ${[...new Set(contract.operations.map((operation) => operation.path))].join(", ")}.`,
      );
    }
  }
  const seed = options.seed ?? randomInt(2 ** 31 - 1);
  const log = new RunLog(options.maxRequests ?? DEFAULT_MAX_REQUESTS);
  const target = new Target(options, contract, log);
  const otherTarget = options.otherToken
    ? new Target({ ...options, token: options.otherToken }, contract, log, "the other organization's bearer token")
    : null;
  const values = requestValues(contract, seed);
  const context: ActiveContext = {
    contract,
    target,
    otherTarget,
    values,
    known: discovery(contract, target, options.ids, values),
    exchanges: log.exchanges,
    exploration: {
      ...(options.exploreRuns !== undefined ? { runs: options.exploreRuns } : {}),
      ...(options.explorePath !== undefined ? { path: options.explorePath } : {}),
    },
  };

  options.onPlan?.(
    planOf(contract, checks, log.maxRequests, seed, options.explorePath !== undefined ? 1 : (options.exploreRuns ?? DEFAULT_EXPLORE_RUNS)),
  );
  // The first request tells a server that answers from one that cannot be reached: a read
  // without credentials, which any implementation answers (401 where it asks for them).
  const probe = contract.operations.find((operation) => operation.method === "get") ?? contract.operations[0];
  try {
    await target.ready();
    await otherTarget?.ready();
    try {
      if (probe) await target.send({ method: probe.method.toUpperCase(), path: context.known.pathWithPlaceholder(probe), anonymous: true });
    } catch (error) {
      throw new UnreachableError(options.baseUrl, error);
    }
    await checkSetup(context, options.baseUrl);
  } catch (error) {
    await Promise.all([target.close(), otherTarget?.close()]);
    throw error;
  }

  const results: CheckResult[] = [];
  const record = (check: Check, outcome: Outcome) => {
    const { kind: _kind, ...info } = check as Check & { run?: unknown; judge?: unknown };
    const result: CheckResult = {
      id: info.id,
      area: info.area,
      clause: info.clause,
      title: info.title,
      ...(info.optIn ? { optIn: true } : {}),
      outcome,
    };
    results.push(result);
    options.onResult?.(result);
  };
  try {
    for (const check of checks) {
      if (check.kind !== "active") continue;
      record(check, await settle(() => check.run(context)));
    }
    for (const check of checks) if (check.kind === "passive") record(check, check.judge(log.exchanges, contract));
  } finally {
    await Promise.all([target.close(), otherTarget?.close()]);
  }
  results.sort((a, b) => AREAS.indexOf(a.area) - AREAS.indexOf(b.area));
  return { baseUrl: options.baseUrl, seed, requests: log.sent, durationMs: Math.round(performance.now() - started), results };
}

/** A check's outcome; a skip it throws is a skip, a network failure during it a failure. */
async function settle(run: () => Promise<Outcome>): Promise<Outcome> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SkipCheck) return { status: "skip", reason: error.reason };
    return { status: "fail", failures: [`the check could not finish: ${(error as Error)?.message ?? error}`] };
  }
}

/** The resources each check that creates may create, for each write that takes a key. */
const CREATING: Readonly<Record<string, number>> = {
  "idempotent-replay": 1,
  "idempotency-key-reused": 1,
  "idempotent-concurrency": 1,
  "idempotency-key-scope": 2,
  "error-code-status": 1,
};

/** `A`, `A and B`, `A, B and C`. */
const listed = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/**
 * What the run will do, said before it starts: every write it may send (it creates resources
 * only through writes that take a key, a resource for a write to one, a cancel, included).
 */
function planOf(
  contract: ReturnType<typeof readContract>,
  checks: Check[],
  maxRequests: number,
  seed: number,
  exploreRuns: number,
): string {
  const writes = idempotentOperations(contract);
  // The idempotency checks create one resource each for each keyed write (idempotency-key-scope
  // one in each organization, other-organization one for each write to a resource); a write
  // with a path parameter is sent to a resource made for it; error-code-status one more
  // should a write take an empty body.
  const toResources = writes.filter((operation) => operation.parameters.some((parameter) => parameter.in === "path"));
  const creating =
    checks.reduce((sum, check) => sum + (CREATING[check.id] ?? 0), 0) * writes.length +
    (checks.some((check) => check.id === "other-organization") ? toResources.length : 0);
  const creates =
    creating > 0 && writes.length > 0
      ? `It may create up to ${creating} resource${creating === 1 ? "" : "s"} through ${listed(writes.map(label))}, each with its own Idempotency-Key.`
      : "It creates nothing.";
  // The exploration's creates: at most one per command of each sequence, each with a key of its own.
  const exploring = creatingWrites(contract);
  if (checks.includes(exploreCheck) && exploring.length > 0) {
    const most = exploreRuns * DEFAULT_MAX_COMMANDS;
    const explored = `The exploration (${exploreRuns} sequence${exploreRuns === 1 ? "" : "s"}) may create up to ${most} resources through ${listed(exploring.map(label))}, each with its own Idempotency-Key.`;
    return `Running ${checks.length} checks with at most ${maxRequests} requests (seed ${seed}). ${creating > 0 ? `${creates} ` : ""}${explored}`;
  }
  return `Running ${checks.length} checks with at most ${maxRequests} requests (seed ${seed}). ${creates}`;
}
