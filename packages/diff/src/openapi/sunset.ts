// Deprecation with a sunset date (RFC 8594's Sunset, written in the document as `x-sunset`):
// a deprecated operation, parameter or property may be removed once its date has passed, or at
// any time when it was deprecated with no date (as oasdiff judges it: a project that wants a date
// asks for a period of notice, and a deprecation with none is then refused). Removing it before
// its date breaks clients that were told when it goes. A project may also ask for a period of notice per stability level
// (oasdiff's --deprecation-days-beta and --deprecation-days-stable): a deprecation must then carry
// an x-sunset at least that many days ahead, and a date once given may not be moved sooner.
import type { CheckId } from "../checks/index.js";
import type { Period } from "./deprecation-period.js";
import { SUNSET_EXTENSION } from "@signing-platform/contract";
import { isJsonObject as isObject } from "@signing-platform/contract/openapi";
import type { Comparison } from "./finding.js";

export type Removal =
  | { kind: "not-deprecated" }
  | { kind: "before-sunset"; reason: string }
  /** Deprecated, and past its x-sunset or with none. */
  | { kind: "deprecated"; sunset?: string };

/** The day of an `x-sunset` value: an ISO date or date-time, or an HTTP-date. */
export function sunsetDate(value: unknown): Date | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time);
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const DAY = 24 * 60 * 60 * 1000;

/** Whole days from `today`'s date to `date`'s (negative when it is past), as oasdiff counts them. */
function daysFrom(today: Date, date: Date): number {
  return Math.round((Date.parse(dayOf(date)) - Date.parse(dayOf(today))) / DAY);
}

/** How the removal of `node` (an operation, parameter or property schema) is judged on `today`. */
export function judgeRemoval(node: unknown, today: Date): Removal {
  if (!isObject(node) || node.deprecated !== true) return { kind: "not-deprecated" };
  const sunset = node[SUNSET_EXTENSION];
  if (sunset === undefined) return { kind: "deprecated" };
  const date = sunsetDate(sunset);
  if (!date) return { kind: "before-sunset", reason: `its x-sunset ${JSON.stringify(sunset)} is not a date` };
  const day = dayOf(date);
  if (date.getTime() > today.getTime())
    return { kind: "before-sunset", reason: `it is deprecated with x-sunset ${day}: it may be removed from that date` };
  return { kind: "deprecated", sunset: day };
}

/** The x-sunset of a deprecated node when it is not a date: oasdiff's …-sunset-parse on removal. */
function unreadableSunset(node: unknown): unknown {
  if (!isObject(node) || node.deprecated !== true || node[SUNSET_EXTENSION] === undefined) return undefined;
  return sunsetDate(node[SUNSET_EXTENSION]) ? undefined : node[SUNSET_EXTENSION];
}

/** A removed element: its operation, the sentence that says it was removed, and where it was. */
export interface Removed {
  operation: string;
  /** "GET /certificates was removed", "GET /certificates: the query parameter `q` was removed". */
  removed: string;
  /** The element's pointer in the base document. */
  pointer: string;
}

/**
 * Reports the removal of a deprecated `node` whose x-sunset is not a date, under `id` (oasdiff's
 * …-sunset-parse): whether it did, since such a removal is then judged no further.
 */
export function reportUnreadableSunsetRemoval(comparison: Comparison, id: CheckId, subject: Removed, node: unknown): boolean {
  const unreadable = unreadableSunset(node);
  if (unreadable === undefined) return false;
  comparison.report({
    id,
    operation: subject.operation,
    message: `${subject.removed}, but its x-sunset ${JSON.stringify(unreadable)} is not a date.`,
    base: `${subject.pointer}/x-sunset`,
  });
  return true;
}

/** The end of a removal's message: why a deprecated node's removal is or is not yet allowed ("" when it was not deprecated). */
export function removalReason(removal: Removal): string {
  if (removal.kind === "before-sunset") return `: ${removal.reason}`;
  if (removal.kind !== "deprecated") return "";
  return removal.sunset ? ` after its x-sunset ${removal.sunset}` : " after its deprecation, which gave no x-sunset date";
}

/** How a new deprecation of a node is judged against the period of notice (`days` 0: none asked). */
export type Deprecation =
  | { kind: "announced"; sunset?: string }
  | { kind: "sunset-missing" }
  | { kind: "not-a-date"; value: unknown }
  | { kind: "too-soon"; sunset: string };

export function judgeDeprecation(node: Record<string, unknown>, period: Period, today: Date): Deprecation {
  const value = node[SUNSET_EXTENSION];
  if (value === undefined) return period.days > 0 ? { kind: "sunset-missing" } : { kind: "announced" };
  const date = sunsetDate(value);
  if (!date) return { kind: "not-a-date", value };
  // oasdiff's rule: fewer days ahead than the period is too soon, so with no period a date already past is too.
  if (daysFrom(today, date) < period.days) return { kind: "too-soon", sunset: dayOf(date) };
  return { kind: "announced", sunset: dayOf(date) };
}

/** A new deprecation that does not give the notice the period asks for. */
export type DeprecationProblem = Exclude<Deprecation, { kind: "announced" }>;

/** The sentence a deprecation that gives too little notice ends with. */
function deprecationProblem(verdict: DeprecationProblem, period: Period): string {
  const asked = `${period.days} day${period.days === 1 ? "" : "s"} ahead (${period.option})`;
  switch (verdict.kind) {
    case "sunset-missing":
      return `with no x-sunset date: give it one at least ${asked}`;
    case "not-a-date":
      return `with x-sunset ${JSON.stringify(verdict.value)}, which is not a date`;
    case "too-soon":
      return period.days > 0
        ? `with x-sunset ${verdict.sunset}: it must be at least ${asked}`
        : `with x-sunset ${verdict.sunset}, already past: clients get no notice`;
  }
}

/** How the x-sunset of a node deprecated in both versions changed. */
export type SunsetChange =
  | { kind: "kept" }
  | { kind: "deleted"; was: string }
  | { kind: "not-a-date"; value: unknown }
  | { kind: "was-not-a-date"; value: unknown }
  | { kind: "too-soon"; was: string; now: string };

function judgeSunsetChange(was: Record<string, unknown>, now: Record<string, unknown>, period: Period, today: Date): SunsetChange {
  const [before, after] = [was[SUNSET_EXTENSION], now[SUNSET_EXTENSION]];
  if (before === undefined || JSON.stringify(before) === JSON.stringify(after)) return { kind: "kept" };
  if (after === undefined) return { kind: "deleted", was: String(before) };
  const [from, to] = [sunsetDate(before), sunsetDate(after)];
  if (!to) return { kind: "not-a-date", value: after };
  // A date that could not be read before cannot be said to have moved sooner; oasdiff reports the unreadable one.
  if (!from) return { kind: "was-not-a-date", value: before };
  if (to.getTime() < from.getTime() && daysFrom(today, to) < period.days) return { kind: "too-soon", was: dayOf(from), now: dayOf(to) };
  return { kind: "kept" };
}

/** The sentence a changed x-sunset that breaks the promise ends with. */
function sunsetChangeProblem(change: Exclude<SunsetChange, { kind: "kept" }>, period: Period): string {
  switch (change.kind) {
    case "deleted":
      return `its x-sunset ${change.was} was removed while it stays deprecated: clients no longer know when it goes`;
    case "not-a-date":
      return `its x-sunset became ${JSON.stringify(change.value)}, which is not a date`;
    case "was-not-a-date":
      return `its x-sunset was ${JSON.stringify(change.value)}, which is not a date, so clients could not know when it goes`;
    case "too-soon":
      return period.days > 0
        ? `its x-sunset moved sooner, from ${change.was} to ${change.now}, less than ${period.days} day${period.days === 1 ? "" : "s"} ahead (${period.option})`
        : `its x-sunset moved sooner, from ${change.was} to ${change.now}, a day already past`;
  }
}

/** Where a report about the x-sunset of `node` at `pointer` points: the x-sunset when it has one, else the node. */
export function sunsetPointer(node: Record<string, unknown>, pointer: string): string {
  return node[SUNSET_EXTENSION] !== undefined ? `${pointer}/${SUNSET_EXTENSION}` : pointer;
}

/** Where a deprecated element is, for the report of its deprecation or its x-sunset's change. */
export interface SunsetSubject {
  operation: string;
  /** The sentence's subject: "GET /certificates", "GET /certificates: the query parameter `q`". */
  what: string;
  base: string;
  head: string;
}

/**
 * Reports how the x-sunset of an element deprecated in both versions changed against the
 * period asked for, under the id `ids` gives the kind of change; nothing when it kept its promise.
 */
export function reportSunsetChange(
  comparison: Comparison,
  ids: Record<Exclude<SunsetChange, { kind: "kept" }>["kind"], CheckId>,
  subject: SunsetSubject,
  was: Record<string, unknown>,
  now: Record<string, unknown>,
  period: Period,
): void {
  const change = judgeSunsetChange(was, now, period, comparison.today);
  if (change.kind === "kept") return;
  comparison.report({
    id: ids[change.kind],
    operation: subject.operation,
    message: `${subject.what} is deprecated, but ${sunsetChangeProblem(change, period)}.`,
    base: subject.base,
    head: subject.head,
  });
}

/**
 * Reports a new deprecation of an element that does not give the notice the period asks for,
 * under the id `ids` gives the kind of problem.
 */
export function reportDeprecationProblem(
  comparison: Comparison,
  ids: Record<DeprecationProblem["kind"], CheckId>,
  subject: SunsetSubject,
  verdict: DeprecationProblem,
  period: Period,
): void {
  comparison.report({
    id: ids[verdict.kind],
    operation: subject.operation,
    message: `${subject.what} is now deprecated ${deprecationProblem(verdict, period)}.`,
    base: subject.base,
    head: subject.head,
  });
}
