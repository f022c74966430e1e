// readOnly and writeOnly: which properties a reader sees. A request never carries what only the
// server writes (readOnly), and a response never what only clients write (writeOnly), so a change
// to such a property reaches its reader differently, under oasdiff's ids of its own: a request's
// readOnly property narrowed is `request-read-only-property-…` (info), a response's writeOnly
// property added or removed is `response-…-write-only-property-…` (info).
import type { Json } from "../json.js";
import type { Reader } from "../checks.js";
import { follow } from "../document-walk.js";
import type { Comparison, RawFinding } from "./finding.js";

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

/** Constraints of a request's readOnly property that oasdiff reports under ids of their own, at info: clients do not send it. */
const READ_ONLY_NARROWED = new Set([
  "enum-value-removed",
  "max-decreased",
  "exclusive-max-decreased",
  "min-increased",
  "exclusive-min-increased",
  "max-length-decreased",
]);

/** Changes to a request's readOnly property that oasdiff does not report, as clients do not send it. */
const READ_ONLY_IGNORED = /^request-property-(type-|list-of-types-|max-length-set$|max-set$|min-set$|min-items-increased$|min-items-set$)/;

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
      if (READ_ONLY_IGNORED.test(finding.id)) return undefined;
      const facet = finding.id.replace(/^request-property-/, "");
      return finding.id.startsWith("request-property-") && READ_ONLY_NARROWED.has(facet)
        ? { ...finding, id: `request-read-only-property-${facet}` }
        : finding;
    }
    if (reader === "response" && finding.id === "response-property-enum-value-added")
      return { ...finding, id: "response-write-only-property-enum-value-added" };
    return undefined;
  });
}

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
    const name = keyword === "readOnly" ? "read-only" : "write-only";
    comparison.report({
      id: `${at.reader}-${at.required ? "required" : "optional"}-property-became-${now[keyword] ? "" : "not-"}${name}`,
      operation: at.operation,
      message: `${at.where}: the property ${now[keyword] ? "became" : "is no longer"} ${keyword}.`,
      base: at.base,
      head: at.head,
    });
  }
}
