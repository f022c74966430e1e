// `signing-platform diff` itself: the generic OpenAPI checks (./openapi, oasdiff's catalogue)
// and the convention checks (./conventions), run in this process on the two loaded documents.
// Nothing here reads a configuration file or the working directory, so the verdict is the same
// wherever the command runs.
import { isObject, type Json } from "@signing-platform/rules/openapi";
import type { LoadedDocument } from "../input/load-document.js";
import { UnusableInputError } from "../unusable-input.js";
import { LEVELS, levelOf } from "./checks.js";
import type { Finding, Place, Side } from "./change.js";
import { conventionChanges } from "./conventions/index.js";
import { openApiFindings } from "./openapi/index.js";

export interface CompareOptions {
  /** The day deprecations are judged on (x-sunset); today by default. */
  today?: Date;
}

function placeIn(document: LoadedDocument, pointer: string | undefined): Place | undefined {
  return pointer === undefined ? undefined : document.bundled().placeOf(pointer);
}

/** What both versions name: path templates, webhooks, schemas. Two versions of one API share some. */
function names(document: Json): Set<string> {
  const keys = (value: unknown, prefix: string) =>
    isObject(value) ? Object.keys(value).map((key) => `${prefix} ${key.replace(/\{[^}]*\}/g, "{}")}`) : [];
  return new Set([...keys(document.paths, "path"), ...keys(document.webhooks, "webhook"), ...keys(document.components?.schemas, "schema")]);
}

function checkRelated(base: LoadedDocument, head: LoadedDocument): void {
  const [before, after] = [names(base.data), names(head.data)];
  if (before.size === 0 || after.size === 0 || [...before].some((name) => after.has(name))) return;
  throw new UnusableInputError(`${head.file}: shares no path, webhook or schema with ${base.file}: these are not two versions of one API.`);
}

export function compareDocuments(base: LoadedDocument, head: LoadedDocument, options: CompareOptions = {}): Finding[] {
  const { today = new Date() } = options;
  checkRelated(base, head);
  // The generic checks compare whole documents: files the documents reference included.
  const generic: Finding[] = openApiFindings(base.bundled().data, head.bundled().data, today).map((raw) => ({
    id: raw.id,
    level: levelOf(raw.id),
    ...(raw.operation !== undefined ? { operation: raw.operation } : {}),
    message: raw.message,
    source: "openapi",
    ...(raw.base !== undefined ? { base: placeIn(base, raw.base) } : {}),
    ...(raw.head !== undefined ? { head: placeIn(head, raw.head) } : {}),
  }));
  const conventions: Finding[] = conventionChanges(base.data, head.data).map((change) => {
    const side: Side = change.side;
    return {
      id: change.id,
      level: levelOf(change.id),
      message: change.message,
      source: "conventions",
      [side]: placeIn(side === "base" ? base : head, change.pointer),
    };
  });
  const all = [...generic, ...conventions];
  return LEVELS.flatMap((level) => all.filter((finding) => finding.level === level));
}
