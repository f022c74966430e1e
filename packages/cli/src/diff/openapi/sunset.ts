// Deprecation with a sunset date (RFC 8594's Sunset, written in the document as `x-sunset`):
// a deprecated operation, parameter or property may be removed once its date has passed.
// Removing it earlier, or removing one deprecated with no date, breaks clients that were told
// nothing about when it goes.
import { isObject } from "@signing-platform/rules/openapi";

export type Removal = { kind: "not-deprecated" } | { kind: "before-sunset"; reason: string } | { kind: "after-sunset"; sunset: string };

/** The day of an `x-sunset` value: an ISO date or date-time, or an HTTP-date. */
export function sunsetDate(value: unknown): Date | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time);
}

/** How the removal of `node` (an operation, parameter or property schema) is judged on `today`. */
export function judgeRemoval(node: unknown, today: Date): Removal {
  if (!isObject(node) || node.deprecated !== true) return { kind: "not-deprecated" };
  const sunset = node["x-sunset"];
  if (sunset === undefined)
    return { kind: "before-sunset", reason: "it is deprecated with no x-sunset date: give it one, and remove it after that date" };
  const date = sunsetDate(sunset);
  if (!date) return { kind: "before-sunset", reason: `its x-sunset ${JSON.stringify(sunset)} is not a date` };
  const day = date.toISOString().slice(0, 10);
  if (date.getTime() > today.getTime())
    return { kind: "before-sunset", reason: `it is deprecated with x-sunset ${day}: it may be removed from that date` };
  return { kind: "after-sunset", sunset: day };
}

/** The end of a removal's message: why a deprecated node's removal is or is not yet allowed ("" when it was not deprecated). */
export function removalReason(removal: Removal): string {
  if (removal.kind === "before-sunset") return `: ${removal.reason}`;
  return removal.kind === "after-sunset" ? ` after its x-sunset ${removal.sunset}` : "";
}
