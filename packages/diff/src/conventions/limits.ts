// Limits between two versions: the `limit` bounds of list operations, the webhook retry
// schedule, and the numbers of x-signing-platform-limits (interface document › Limits;
// Endpoints, GET /certificates; Events › Delivery and retry rules; docs/decisions.md#retry-schedule). A tighter
// limit rejects or drops what the old one allowed: breaking. A looser one is not.
import { EXTENSIONS, type LimitsExtension } from "@signing-platform/contract";
import { encodeUriFragment as encodePointer, isJsonObject as isObject, type Json } from "@signing-platform/contract/openapi";
import type { RawFinding } from "../change.js";
import { follow, parametersOf, type OperationAt } from "../document-walk.js";
import type { OperationPair } from "../operation-pairs.js";
import { conventionsOf } from "./document-conventions.js";

function limitSchema(document: Json, at: OperationAt) {
  const pagination = at.operation.node[EXTENSIONS.pagination];
  const name = isObject(pagination) && typeof pagination.limit_parameter === "string" ? pagination.limit_parameter : "limit";
  const found = parametersOf(document, at).find(({ parameter }) => parameter.in === "query" && parameter.name === name);
  return found && follow(document, found.parameter.schema, `${found.pointer}/schema`);
}

/** Bounds of `limit`: a raised minimum or lowered maximum narrows what clients may ask for. */
export function limitParameterChanges(base: Json, head: Json, pairs: OperationPair[]): RawFinding[] {
  const changes: RawFinding[] = [];
  for (const pair of pairs) {
    if (!pair.base || !pair.head) continue;
    const name = pair.head.name;
    const [was, now] = [limitSchema(base, pair.base.at), limitSchema(head, pair.head.at)];
    if (!was || !now) continue;
    for (const [keyword, narrower] of [
      ["minimum", (a: number, b: number) => b > a],
      ["maximum", (a: number, b: number) => b < a],
    ] as const) {
      const [from, to] = [was.node[keyword], now.node[keyword]];
      if (from === to) continue;
      const narrowed = typeof to === "number" && (typeof from !== "number" || narrower(from, to));
      changes.push({
        id: narrowed ? "limit-bounds-narrowed" : "limit-bounds-widened",
        head: `${now.pointer}/${keyword}`,
        message: `\`limit\` of ${name}: ${keyword} changed from ${from ?? "none"} to ${to ?? "none"}.`,
      });
    }
  }
  return changes;
}

/**
 * Whether a larger value of a limit is the tighter one: floors (a minimum page size, a minimum
 * key length, how long a receiver must remember event ids) tighten upwards; ceilings and
 * windows (a maximum, a time allowed) tighten downwards. Defaults are not bounds.
 */
function tightensUpwards(key: string): boolean {
  return /(_minimum|_min_length|_min)$/.test(key) || key.includes("deduplication");
}

function limitTightened(key: string, from: unknown, to: unknown): boolean {
  if (typeof from === "number" && typeof to === "number") return tightensUpwards(key) ? to > from : to < from;
  if (typeof to === "number") return true; // a limit set where there was none
  if (typeof from === "number") return false; // a limit lifted
  return to !== undefined; // a pattern or a text changed: it cannot be ordered, so it is taken as tightening
}

function total(seconds: number[]): number {
  return seconds.reduce((sum, delay) => sum + delay, 0);
}

function duration(seconds: number): string {
  const parts = [
    [Math.floor(seconds / 3600), "h"],
    [Math.floor((seconds % 3600) / 60), "min"],
    [seconds % 60, "s"],
  ] as const;
  return (
    parts
      .filter(([value]) => value > 0)
      .map(([value, unit]) => `${value} ${unit}`)
      .join(" ") || "0 s"
  );
}

function retryScheduleChange(was: number[], now: number[], pointer: string): RawFinding[] {
  if (JSON.stringify(was) === JSON.stringify(now)) return [];
  const tightened = now.length < was.length || total(now) < total(was);
  const describe = (schedule: number[]) => `${schedule.length} retries over ${duration(total(schedule))}`;
  return [
    {
      id: tightened ? "retry-schedule-tightened" : "retry-schedule-changed",
      head: pointer,
      message: `The webhook retry schedule changed from ${describe(was)} to ${describe(now)}${tightened ? ": failing deliveries get fewer or earlier last chances" : ""}.`,
    },
  ];
}

export function limitsChanges(base: Json, head: Json): RawFinding[] {
  const was: LimitsExtension = conventionsOf(base).limits;
  const now: LimitsExtension = conventionsOf(head).limits;
  const at = (key: string) => encodePointer([EXTENSIONS.limits, key]);
  const changes: RawFinding[] = [];
  for (const key of new Set([...Object.keys(was), ...Object.keys(now)])) {
    const [from, to] = [was[key], now[key]];
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    if (key === "webhook_retry_schedule_seconds") {
      changes.push(...retryScheduleChange(Array.isArray(from) ? from : [], Array.isArray(to) ? to : [], at(key)));
      continue;
    }
    const isDefault = key.endsWith("_default");
    const tightened = !isDefault && limitTightened(key, from, to);
    changes.push({
      id: isDefault ? "limit-default-changed" : tightened ? "limit-tightened" : "limit-loosened",
      head: at(key),
      message: `Limit \`${key}\` changed from ${JSON.stringify(from ?? null)} to ${JSON.stringify(to ?? null)}.`,
    });
  }
  return changes;
}
