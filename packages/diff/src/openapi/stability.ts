// Stability levels (oasdiff's x-stability-level, docs/STABILITY.md there): an operation marked
// draft or alpha may still change in any way, so its changes and its removal are not judged; one
// marked beta or stable, or not marked (stable), is. Taking a level back (stable to beta, beta to
// alpha) breaks what clients were promised. A value other than the four is reported, and the
// operation is then judged as stable when kept, and left out when removed, as oasdiff does.
// Where judging starts is oasdiff's --stability-level (beta by default): a project that promises
// its alpha operations too lowers it to alpha, one that promises only stable ones raises it.
import type { Json } from "@signing-platform/contract/openapi";

export const STABILITY_EXTENSION = "x-stability-level";
/** The values of x-stability-level, from the least settled to the most. */
export const STABILITY_LEVELS = ["draft", "alpha", "beta", "stable"] as const;
/** An x-stability-level, or the --stability-level from which operations are judged. */
export type Stability = (typeof STABILITY_LEVELS)[number];

/** The lowest level whose changes are judged unless --stability-level says otherwise: oasdiff's default. */
export const DEFAULT_STABILITY_LEVEL: Stability = "beta";

export type StabilityReading = { level: Stability; written: boolean } | { invalid: string };

/** The stability of an operation: its x-stability-level, stable when it has none. */
export function readStability(operation: Json): StabilityReading {
  const value = operation[STABILITY_EXTENSION];
  if (value === undefined || value === null) return { level: "stable", written: false };
  if (typeof value === "string" && (STABILITY_LEVELS as readonly string[]).includes(value))
    return { level: value as Stability, written: true };
  return { invalid: `${STABILITY_EXTENSION} ${JSON.stringify(value)} is not one of ${STABILITY_LEVELS.join(", ")}` };
}

const rank = (level: Stability) => STABILITY_LEVELS.indexOf(level);

/** Whether changes of an operation at `level` are judged (at or above `from`: beta and stable by default) or free. */
export const isJudged = (level: Stability, from: Stability = DEFAULT_STABILITY_LEVEL): boolean => rank(level) >= rank(from);

/** How a stability level moved: taken back (stable to beta), or raised. */
export type StabilityMove = "decreased" | "increased";

/** Whether the stability went down, up, or stayed. */
export function stabilityMove(was: Stability, now: Stability): StabilityMove | undefined {
  return rank(now) < rank(was) ? "decreased" : rank(now) > rank(was) ? "increased" : undefined;
}

/**
 * Whether an operation's changes (or its removal) are judged at all: not when the head marks a
 * kept operation below `from` (draft or alpha by default), nor when the base marked a removed one
 * so, nor when the base's mark of a removed one is invalid (that is reported instead). Added
 * operations always are.
 */
export function isJudgedPair(
  pair: {
    base?: { at: { operation: { node: Json } } };
    head?: { at: { operation: { node: Json } } };
  },
  from: Stability = DEFAULT_STABILITY_LEVEL,
): boolean {
  const side = pair.head ?? pair.base;
  if (!side) return false;
  if (!pair.base) return true;
  const reading = readStability(side.at.operation.node);
  if ("invalid" in reading) return pair.head !== undefined;
  return isJudged(reading.level, from);
}
