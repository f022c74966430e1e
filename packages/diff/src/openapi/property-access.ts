// readOnly and writeOnly: which properties a reader sees. A request never carries what only the
// server writes (readOnly), and a response never what only clients write (writeOnly), so a change
// to such a property reaches its reader differently, under oasdiff's ids of its own: a request's
// readOnly property narrowed is `request-read-only-property-…` (info), a response's writeOnly
// property added or removed is `response-…-write-only-property-…` (info).
import type { CheckId, Reader } from "../checks/index.js";
import type { Json } from "@signing-platform/contract/openapi";
import { follow } from "../document-walk.js";
import type { RawFinding } from "../change.js";
import type { Comparison } from "./finding.js";

export interface Access {
  readOnly: boolean;
  writeOnly: boolean;
}

export function accessOf(document: Json, schema: unknown, pointer: string): Access {
  const node = follow(document, schema, pointer)?.node;
  return { readOnly: node?.readOnly === true, writeOnly: node?.writeOnly === true };
}

/** Whether `reader` never sees a property of this access: readOnly ones in requests, writeOnly ones in responses and payloads. */
export const unseenBy = (reader: Reader, access: Access): boolean => (reader === "request" ? access.readOnly : access.writeOnly);

/** Constraints of a request's readOnly property narrowed, which oasdiff reports under ids of their own, at info: clients do not send it. */
const READ_ONLY_NARROWED: Partial<Record<CheckId, CheckId>> = {
  "request-property-enum-value-removed": "request-read-only-property-enum-value-removed",
  "request-property-max-decreased": "request-read-only-property-max-decreased",
  "request-property-exclusive-max-decreased": "request-read-only-property-exclusive-max-decreased",
  "request-property-min-increased": "request-read-only-property-min-increased",
  "request-property-exclusive-min-increased": "request-read-only-property-exclusive-min-increased",
  "request-property-max-length-decreased": "request-read-only-property-max-length-decreased",
};

/** Changes to a request's readOnly property that oasdiff does not report, as clients do not send it. */
const READ_ONLY_IGNORED = new Set<CheckId>([
  "request-property-type-changed",
  "request-property-type-generalized",
  "request-property-type-specialized",
  "request-property-type-compatible",
  "request-property-list-of-types-widened",
  "request-property-list-of-types-narrowed",
  "request-property-max-set",
  "request-property-min-set",
  "request-property-max-length-set",
  "request-property-min-items-increased",
  "request-property-min-items-set",
]);

/**
 * The comparison for what lies inside a property its reader never sees. In a request, the
 * readOnly property's narrowed constraints are renamed and its type changes dropped; the rest
 * (a pattern added, an enum set) is still judged as oasdiff judges it, since servers that
 * validate what clients echo back reject it. In a response, only a value added to an enum is
 * reported (oasdiff's `response-write-only-property-enum-value-added`); webhook payloads carry
 * nothing of a writeOnly property.
 */
export function unseenView(comparison: Comparison, reader: Reader): Comparison {
  return comparison.through((finding: RawFinding) => {
    if (reader === "request") {
      if (READ_ONLY_IGNORED.has(finding.id)) return undefined;
      const narrowed = READ_ONLY_NARROWED[finding.id];
      return narrowed ? { ...finding, id: narrowed } : finding;
    }
    if (reader === "response" && finding.id === "response-property-enum-value-added")
      return { ...finding, id: "response-write-only-property-enum-value-added" };
    return undefined;
  });
}

/** The checks of a property that became readOnly or writeOnly, or stopped being one, by reader and whether the base required it. */
const ACCESS_CHANGE_IDS = {
  request: {
    required: {
      readOnly: { became: "request-required-property-became-read-only", stopped: "request-required-property-became-not-read-only" },
      writeOnly: { became: "request-required-property-became-write-only", stopped: "request-required-property-became-not-write-only" },
    },
    optional: {
      readOnly: { became: "request-optional-property-became-read-only", stopped: "request-optional-property-became-not-read-only" },
      writeOnly: { became: "request-optional-property-became-write-only", stopped: "request-optional-property-became-not-write-only" },
    },
  },
  response: {
    required: {
      readOnly: { became: "response-required-property-became-read-only", stopped: "response-required-property-became-not-read-only" },
      writeOnly: { became: "response-required-property-became-write-only", stopped: "response-required-property-became-not-write-only" },
    },
    optional: {
      readOnly: { became: "response-optional-property-became-read-only", stopped: "response-optional-property-became-not-read-only" },
      writeOnly: { became: "response-optional-property-became-write-only", stopped: "response-optional-property-became-not-write-only" },
    },
  },
} as const satisfies Record<
  Exclude<Reader, "webhook">,
  Record<"required" | "optional", Record<keyof Access, Record<"became" | "stopped", CheckId>>>
>;

/**
 * A property that became readOnly or writeOnly, or stopped being one, in a request or a
 * response (oasdiff's `…-property-became-[not-]read-only` and `…-write-only`): named by whether
 * the base required it.
 */
export function reportAccessChange(
  comparison: Comparison,
  at: { reader: Reader; operation: string; where: string; required: boolean; base: string; head: string },
  was: Access,
  now: Access,
): void {
  if (at.reader === "webhook") return;
  for (const keyword of ["readOnly", "writeOnly"] as const) {
    if (was[keyword] === now[keyword]) continue;
    const ids = ACCESS_CHANGE_IDS[at.reader][at.required ? "required" : "optional"][keyword];
    comparison.report({
      id: now[keyword] ? ids.became : ids.stopped,
      operation: at.operation,
      message: `${at.where}: the property ${now[keyword] ? "became" : "is no longer"} ${keyword}.`,
      base: at.base,
      head: at.head,
    });
  }
}
