// Redocly's report as our changes. Its verdicts are kept, with one reading of ours: a value
// added to an enum that sits in an open union (`anyOf: [string, {enum: …}]`, as ErrorCode and
// EventType are) does not narrow or widen anything clients must accept, since any string was
// already allowed (interface document › Versioning: unknown codes are tolerated). Redocly
// rates every enum addition major; that one is not breaking.
import { resolve } from "node:path";
import { isObject, type Json } from "@signing-platform/rules/openapi";
import type { LoadedDocument } from "../input/load-document.js";
import { decodePointer, encodePointer, resolvePointer } from "../input/json-pointer.js";
import type { Change, Side } from "./change.js";
import type { RedoclyChange, RedoclyLocation, RedoclyReport } from "./redocly.js";

/** Whether the schema at `pointer` is one branch of an anyOf/oneOf that has a plain, unconstrained branch too. */
export function isOpenUnionBranch(document: Json, pointer: string): boolean {
  const tokens = decodePointer(pointer);
  const union = tokens.at(-2);
  if (union !== "anyOf" && union !== "oneOf") return false;
  const branches = resolvePointer(document, encodePointer(tokens.slice(0, -1)));
  if (!Array.isArray(branches)) return false;
  return branches.some((branch) => {
    const plain = isObject(branch) && branch.$ref === undefined && branch.enum === undefined && branch.const === undefined;
    return plain && (branch.type === undefined || branch.type === "string") && branch.pattern === undefined && branch.format === undefined;
  });
}

/** Every pointer a Redocly change names, to match it with ours. */
export function pointersOf(change: RedoclyChange): string[] {
  return [change.path, change.base?.pointer, change.revision?.pointer, ...change.verdicts.map((verdict) => verdict.location?.pointer)].filter(
    (pointer): pointer is string => typeof pointer === "string",
  );
}

function locate(location: RedoclyLocation | undefined, base: LoadedDocument, head: LoadedDocument): Change["location"] {
  // Redocly names files as it was given them; both sides may even be one file.
  const file = location?.file !== undefined ? resolve(location.file) : undefined;
  const side: Side = file === base.path && file !== head.path ? "base" : "head";
  const document = side === "base" ? base : head;
  return {
    side,
    file: document.file,
    pointer: location?.pointer ?? "#",
    ...(location?.line !== undefined ? { line: location.line, column: location.col ?? 1 } : {}),
  };
}

function describeUnrated(change: RedoclyChange): string {
  const where = decodePointer(change.path).join(" › ");
  const what = change.property ? ` (${change.property})` : "";
  return `${change.kind.charAt(0).toUpperCase()}${change.kind.slice(1)}: ${where}${what}.`;
}

export function redoclyChanges(report: RedoclyReport, base: LoadedDocument, head: LoadedDocument): { change: Change; pointers: string[]; raw: RedoclyChange }[] {
  return report.changes.flatMap((raw) => {
    const pointers = pointersOf(raw);
    if (raw.verdicts.length === 0) {
      const location = locate(raw.revision ?? raw.base, base, head);
      return [{ raw, pointers, change: { rule: raw.kind, source: "openapi" as const, breaking: raw.impact === "major", message: describeUnrated(raw), location } }];
    }
    return raw.verdicts.map((verdict) => {
      const enumInOpenUnion =
        verdict.ruleId === "enum-values-added" && raw.revision?.pointer !== undefined && isOpenUnionBranch(head.data, raw.revision.pointer.replace(/\/enum$/, ""));
      const breaking = verdict.impact === "major" && !enumInOpenUnion;
      const message = enumInOpenUnion ? `${verdict.message} The enum is an open set (any string is allowed), so this is not breaking.` : verdict.message;
      return { raw, pointers, change: { rule: verdict.ruleId, source: "openapi" as const, breaking, message, location: locate(verdict.location ?? raw.revision ?? raw.base, base, head) } };
    });
  });
}
