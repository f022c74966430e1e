// What a conformance check is: a stable id, the area of the contract it belongs to, the
// clause of the interface document it tests (by heading), and what it found. Checks that send
// requests of their own are active; the rest read every exchange the run made (passive).
import type { Contract } from "./contract.js";
import type { Discovery } from "./discovery.js";
import type { Exchange } from "./exchange.js";
import type { ExplorationOptions } from "./explore/exploration-options.js";
import type { Outcome } from "./outcome.js";
import type { Target } from "./target.js";
import type { RequestValues } from "./values/request-values.js";

/** The areas of the contract the checks are grouped by, in the order reports list them. */
export const AREAS = [
  "headers",
  "errors",
  "schemas",
  "authentication",
  "idempotency",
  "conditional requests",
  "pagination",
  "limits",
  "rate limits",
  "exploration",
  "webhooks",
] as const;

/** One area of the contract a check belongs to, such as `"idempotency"`. */
export type Area = (typeof AREAS)[number];

/** What a check is: its id, area, the clause of the interface document it tests, and what it asks of an implementation. */
export interface CheckInfo {
  /** Stable: for --only, reports and CI annotations. */
  id: string;
  /** The area of the contract the check belongs to. */
  area: Area;
  /** The heading of the interface document the check tests, e.g. "Errors › Idempotency". */
  clause: string;
  /** What an implementation must do, in one sentence. */
  title: string;
  /** Spends quota or time: run only when named with --only (or --burst for rate limits). */
  optIn?: boolean;
}

/** A check with what it found. */
export interface CheckResult extends CheckInfo {
  /** What the check found. */
  outcome: Outcome;
}

/** What an active check has to work with. */
export interface ActiveContext {
  contract: Contract;
  target: Target;
  /** Values made from the document's schemas, seeded. */
  values: RequestValues;
  /** Ids of resources the run has found, by the path template of the operation that reads one. */
  known: Discovery;
  /** A second organization's credentials, when given. */
  otherTarget: Target | null;
  /** Every exchange of the run so far, for a check that judges what the others were answered. */
  exchanges: readonly Exchange[];
  /** How many sequences the exploration runs, or the one it replays. */
  exploration?: ExplorationOptions;
}

export interface ActiveCheck extends CheckInfo {
  kind: "active";
  run(context: ActiveContext): Promise<Outcome>;
}

export interface PassiveCheck extends CheckInfo {
  kind: "passive";
  /** Every exchange of the run, in order. */
  judge(exchanges: readonly Exchange[], contract: Contract): Outcome;
}

export type Check = ActiveCheck | PassiveCheck;
