// The generic OpenAPI checks of `signing-platform diff`: paths and operations, parameters,
// request bodies, responses, security, and webhooks, with oasdiff's check ids. Which operations
// are compared, and which is which, is ../operation-pairs.ts's; whether a kept or removed one is
// judged at all depends on its stability level (./stability.ts).
import { HTTP_METHODS, SUNSET_EXTENSION } from "@signing-platform/contract";
import type { CheckId } from "../checks/index.js";
import { encodeUriFragment as encodePointer, isJsonObject as isObject, type Json } from "@signing-platform/contract/openapi";
import { follow } from "../document-walk.js";
import type { OperationPair, PathOperation } from "../operation-pairs.js";
import type { RawFinding } from "../change.js";
import { Comparison } from "./finding.js";
import { unchangedReferences } from "./unchanged-references.js";
import { compareRequestBodies, compareResponses } from "./messages.js";
import { compareOperationNames, compareSchemaNames } from "./metadata.js";
import { compareParameters } from "./parameters.js";
import { compareGlobalSecurity, compareSecurity, compareSecuritySchemes } from "./security.js";
import { type DeprecationDays, type Period, periodFor } from "./deprecation-period.js";
import { STABILITY_EXTENSION, isJudged, readStability, stabilityMove, type Stability, type StabilityMove } from "./stability.js";
import {
  judgeDeprecation,
  judgeRemoval,
  removalReason,
  reportDeprecationProblem,
  reportSunsetChange,
  reportUnreadableSunsetRemoval,
  sunsetPointer,
  type Removal,
} from "./sunset.js";

export type { DeprecationDays } from "./deprecation-period.js";

/** The check of a removal, by how it is judged: a path removed whole, or an operation from a path that stays. */
const REMOVAL_IDS = {
  path: {
    "not-deprecated": "api-path-removed-without-deprecation",
    "before-sunset": "api-path-removed-before-sunset",
    deprecated: "api-path-removed-with-deprecation",
  },
  operation: {
    "not-deprecated": "api-removed-without-deprecation",
    "before-sunset": "api-removed-before-sunset",
    deprecated: "api-removed-with-deprecation",
  },
} as const satisfies Record<"path" | "operation", Record<Removal["kind"], CheckId>>;

/** The check of an operation's stability level taken back or raised. */
const STABILITY_MOVE_IDS = {
  decreased: "api-stability-decreased",
  increased: "api-stability-increased",
} as const satisfies Record<StabilityMove, CheckId>;

function reportRemoval(comparison: Comparison, removed: PathOperation, pathRemoved: boolean): void {
  const { node, pointer } = removed.at.operation;
  const what = pathRemoved ? `${removed.name} was removed with its path` : `${removed.name} was removed`;
  // oasdiff's id for an operation or path removed while its x-sunset cannot be read.
  if (reportUnreadableSunsetRemoval(comparison, "api-path-sunset-parse", { operation: removed.name, removed: what, pointer }, node)) return;
  const removal = judgeRemoval(node, comparison.today);
  const id = REMOVAL_IDS[pathRemoved ? "path" : "operation"][removal.kind];
  const why =
    removal.kind === "before-sunset"
      ? `, but ${removal.reason}`
      : removal.kind === "deprecated"
        ? removalReason(removal)
        : ", and it was not deprecated first";
  comparison.report({ id, operation: removed.name, message: `${what}${why}.`, base: pointer });
}

/** Deprecated or no longer, and an x-sunset that gives the notice the period asks for (none asked when `period` is undefined). */
function compareDeprecation(comparison: Comparison, was: PathOperation, now: PathOperation, period: Period | undefined): void {
  const [oldNode, newNode] = [was.at.operation.node, now.at.operation.node];
  const [base, head] = [was.at.operation.pointer, now.at.operation.pointer];
  if ((oldNode.deprecated === true) !== (newNode.deprecated === true)) {
    if (newNode.deprecated !== true) {
      comparison.report({ id: "endpoint-reactivated", operation: now.name, message: `${now.name} is no longer deprecated.`, base, head });
      return;
    }
    // With an invalid stability level no period is known: the deprecation is only reported.
    const verdict = period && judgeDeprecation(newNode, period, comparison.today);
    if (!period || !verdict || verdict.kind === "announced") {
      const sunset = verdict?.kind === "announced" ? verdict.sunset : undefined;
      comparison.report({
        id: sunset ? "endpoint-deprecated-with-sunset" : "endpoint-deprecated",
        operation: now.name,
        message: `${now.name} is now deprecated${sunset ? ` (x-sunset ${sunset})` : newNode[SUNSET_EXTENSION] !== undefined ? ` (x-sunset ${newNode[SUNSET_EXTENSION]})` : ""}.`,
        base,
        head: sunset ? sunsetPointer(newNode, head) : head,
      });
      return;
    }
    const ids = {
      "sunset-missing": "api-deprecated-sunset-missing",
      "not-a-date": "api-deprecated-sunset-parse",
      "too-soon": "api-sunset-date-too-small",
    } as const;
    reportDeprecationProblem(
      comparison,
      ids,
      { operation: now.name, what: now.name, base, head: sunsetPointer(newNode, head) },
      verdict,
      period,
    );
    return;
  }
  if (newNode.deprecated !== true || !period) return;
  // An x-sunset changed from or to one that is not a date: oasdiff's api-path-sunset-parse, the id it also gives removals.
  const ids = {
    deleted: "sunset-deleted",
    "not-a-date": "api-path-sunset-parse",
    "was-not-a-date": "api-path-sunset-parse",
    "too-soon": "api-sunset-date-changed-too-small",
  } as const;
  const subject = { operation: now.name, what: now.name, base: sunsetPointer(oldNode, base), head: sunsetPointer(newNode, head) };
  reportSunsetChange(comparison, ids, subject, oldNode, newNode, period);
}

function compareOperation(comparison: Comparison, was: PathOperation, now: PathOperation): void {
  const period = periodFor(readStability(now.at.operation.node), comparison.deprecationDays);
  const scope = { comparison, operation: now.name, done: new Set<string>(), period };
  compareDeprecation(comparison, was, now, period);
  compareParameters(comparison, now.name, was, now, scope.done, period);
  compareRequestBodies(scope, "request", was.at, now.at);
  compareResponses(scope, was.at, now.at);
  compareSecurity(comparison, now.name, was.at, now.at);
  compareOperationNames(comparison, was, now);
}

/** Whether two JSON values are equal, whatever the order of their keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const [x, y] = [a as Record<string, unknown>, b as Record<string, unknown>];
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((key) => Object.hasOwn(y, key) && sameJson(x[key], y[key]));
}

const stabilityAt = (operation: PathOperation) => {
  const { node, pointer } = operation.at.operation;
  return node[STABILITY_EXTENSION] !== undefined ? `${pointer}/${STABILITY_EXTENSION}` : pointer;
};

function reportInvalidStability(comparison: Comparison, operation: PathOperation, side: "base" | "head", reason: string): void {
  comparison.report({
    id: "api-invalid-stability-level",
    operation: operation.name,
    message: `${operation.name}: ${reason}.`,
    [side]: stabilityAt(operation),
  });
}

/**
 * A kept operation: its stability level, then (unless the head marks it below the comparison's
 * --stability-level) all the rest. An invalid level is reported when the operation changed, as
 * oasdiff reports it for the operations of its diff.
 */
function compareKept(comparison: Comparison, was: PathOperation, now: PathOperation): void {
  const from = comparison.stabilityLevel;
  const [before, after] = [readStability(was.at.operation.node), readStability(now.at.operation.node)];
  if (!("invalid" in before) && !("invalid" in after)) {
    const move = stabilityMove(before.level, after.level);
    // Judged from the level the operation leaves: a draft made stable was promised nothing before.
    if (move && isJudged(before.level, from))
      comparison.report({
        id: STABILITY_MOVE_IDS[move],
        operation: now.name,
        message: `${now.name}: its stability level ${move} from ${before.level} to ${after.level}${move === "decreased" ? ": clients relied on the promise of the higher level" : ""}.`,
        base: stabilityAt(was),
        head: stabilityAt(now),
      });
  }
  const count = comparison.findings.length;
  if ("invalid" in after || isJudged(after.level, from)) compareOperation(comparison, was, now);
  const changed = comparison.findings.length > count || !sameJson(was.at.operation.node, now.at.operation.node);
  if (!changed) return;
  if ("invalid" in before) reportInvalidStability(comparison, was, "base", before.invalid);
  if ("invalid" in after) reportInvalidStability(comparison, now, "head", after.invalid);
}

/**
 * Whether the removal of an operation at `level` is judged. An operation removed from a path
 * that stays is judged from `from`. A path removed whole is judged as oasdiff does: it counts
 * when one of its operations is at or above `from`, and then each of its beta and stable
 * operations is reported, draft and alpha ones never, whatever `from` is (oasdiff's
 * checkRemovedPaths skips them on its own).
 */
function removalJudged(level: Stability, pathRemoved: boolean, pathCounts: boolean, from: Stability): boolean {
  return pathRemoved ? pathCounts && isJudged(level) : isJudged(level, from);
}

function comparePaths(comparison: Comparison, pairs: OperationPair[]): void {
  const from = comparison.stabilityLevel;
  const removedPathsThatCount = new Set<string>();
  for (const { base, head, pathRemoved } of pairs) {
    const reading = base && !head && pathRemoved ? readStability(base.at.operation.node) : undefined;
    if (base && reading && !("invalid" in reading) && isJudged(reading.level, from)) removedPathsThatCount.add(base.path);
  }
  for (const { base, head, pathRemoved } of pairs) {
    if (base && head) compareKept(comparison, base, head);
    else if (base) {
      const stability = readStability(base.at.operation.node);
      if ("invalid" in stability) reportInvalidStability(comparison, base, "base", stability.invalid);
      else if (removalJudged(stability.level, pathRemoved, removedPathsThatCount.has(base.path), from))
        reportRemoval(comparison, base, pathRemoved);
    } else if (head)
      comparison.report({
        id: "endpoint-added",
        operation: head.name,
        message: `${head.name} was added.`,
        head: head.at.operation.pointer,
      });
  }
}

/** Webhooks by name: removed or added, and each kept one's payload, as its receiver reads it. */
function compareWebhooks(comparison: Comparison): void {
  const webhooks = (document: Json) => (isObject(document.webhooks) ? document.webhooks : {});
  const [before, after] = [webhooks(comparison.base), webhooks(comparison.head)];
  for (const [name, item] of Object.entries(before)) {
    const pointer = encodePointer(["webhooks", name]);
    const operation = `webhook ${name}`;
    if (!Object.hasOwn(after, name)) {
      comparison.report({
        id: "webhook-removed",
        operation,
        message: `Webhook ${name} was removed: receivers subscribed to it get nothing.`,
        base: pointer,
      });
      continue;
    }
    const [was, now] = [follow(comparison.base, item, pointer), follow(comparison.head, after[name], pointer)];
    if (!was || !now) continue;
    for (const method of HTTP_METHODS) {
      const [old, next] = [
        follow(comparison.base, was.node[method], `${was.pointer}/${method}`),
        follow(comparison.head, now.node[method], `${now.pointer}/${method}`),
      ];
      if (!old || !next) continue;
      const period = periodFor(readStability(next.node), comparison.deprecationDays);
      const scope = { comparison, operation, done: new Set<string>(), period };
      compareRequestBodies(
        scope,
        "webhook",
        { name: operation, operation: old, pathItem: was },
        { name: operation, operation: next, pathItem: now },
      );
    }
  }
  for (const name of Object.keys(after)) {
    if (!Object.hasOwn(before, name))
      comparison.report({
        id: "webhook-added",
        operation: `webhook ${name}`,
        message: `Webhook ${name} was added.`,
        head: encodePointer(["webhooks", name]),
      });
  }
}

/**
 * Every generic change from `base` to `head` over the paired operations, deprecations judged on
 * `today`, the operations below `stabilityLevel` left free (webhooks are not: oasdiff adds them
 * to its diff only after it leaves those operations out).
 */
export function openApiFindings(
  base: Json,
  head: Json,
  pairs: OperationPair[],
  options: { today: Date; deprecationDays: DeprecationDays; stabilityLevel: Stability; everySchema?: boolean },
): RawFinding[] {
  // `everySchema` compares references to places written alike too: for tests that hold the shortcut to finding nothing there.
  const unchanged = options.everySchema ? () => false : unchangedReferences(base, head);
  const comparison = new Comparison(base, head, options.today, options.deprecationDays, options.stabilityLevel, unchanged);
  comparePaths(comparison, pairs);
  compareWebhooks(comparison);
  compareGlobalSecurity(comparison);
  compareSecuritySchemes(comparison);
  compareSchemaNames(comparison);
  return comparison.findings;
}
