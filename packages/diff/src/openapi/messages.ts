// Request bodies, responses and their headers and media types, in both versions of one
// operation (or webhook). What clients send is read by the server; what the server answers is
// read by clients; a webhook's payload is read by the receiver, so it is judged as a response.
import type { CheckId, Reader } from "../checks/index.js";
import { encodeUriFragment as encodePointer, isJsonObject as isObject, type Json } from "@signing-platform/contract/openapi";
import { follow, type Located, type OperationAt } from "../document-walk.js";
import type { Comparison } from "./finding.js";
import { compareSchemas } from "./schemas.js";
import type { Period } from "./deprecation-period.js";

const child = (pointer: string, key: string) => `${pointer}/${encodePointer([key]).slice(2)}`;
// Sorted, so that a document with two keys that match alike ("ETag" and "etag") is read the
// same whatever order its keys are written in.
const entries = (value: unknown) => (isObject(value) ? Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) : []);
/** The checks of a response status removed or added: a 2xx one is a success, any other ("4XX", "default") is not. */
const STATUS_IDS = {
  success: { removed: "response-success-status-removed", added: "response-success-status-added" },
  other: { removed: "response-non-success-status-removed", added: "response-non-success-status-added" },
} as const satisfies Record<string, Record<"removed" | "added", CheckId>>;
const statusIds = (status: string) => (/^2/.test(status) ? STATUS_IDS.success : STATUS_IDS.other);

/**
 * The checks of a media type no longer taken, or taken now, and of a schema put on one or taken
 * off, by who reads the message. A webhook receiver is not hurt by a payload it may also get in
 * another form, and its payload's schema is compared as it is.
 */
const MEDIA_TYPE_IDS = {
  request: {
    removed: "request-body-media-type-removed",
    added: "request-body-media-type-added",
    schemaAdded: "request-body-media-type-schema-added",
    schemaRemoved: "request-body-media-type-schema-removed",
  },
  response: {
    removed: "response-media-type-removed",
    added: "response-media-type-added",
    schemaAdded: "response-body-media-type-schema-added",
    schemaRemoved: "response-body-media-type-schema-removed",
  },
  webhook: { removed: "webhook-media-type-removed" },
} as const satisfies Record<Reader, Partial<Record<"removed" | "added" | "schemaAdded" | "schemaRemoved", CheckId>>>;

interface OperationScope {
  comparison: Comparison;
  operation: string;
  done: Set<string>;
  /** The notice a deprecation in this operation must give; undefined when its stability level is invalid. */
  period: Period | undefined;
}

/** The media types of a `content` map, keyed without regard to case or parameters' spacing. */
function mediaTypes(content: unknown, pointer: string): Map<string, { name: string; media: Json; pointer: string }> {
  return new Map(
    entries(content)
      .filter(([, media]) => isObject(media))
      .map(
        ([name, media]) => [name.toLowerCase().replace(/\s+/g, ""), { name, media: media as Json, pointer: child(pointer, name) }] as const,
      ),
  );
}

function compareContent(scope: OperationScope, reader: Reader, where: string, was: Located, now: Located): void {
  const before = mediaTypes(was.node.content, `${was.pointer}/content`);
  const after = mediaTypes(now.node.content, `${now.pointer}/content`);
  for (const [key, old] of before) {
    const next = after.get(key);
    if (!next) {
      scope.comparison.report({
        id: MEDIA_TYPE_IDS[reader].removed,
        operation: scope.operation,
        message: `${where}: media type ${old.name} is no longer ${reader === "request" ? "accepted" : "sent"}.`,
        base: old.pointer,
      });
      continue;
    }
    if (reader !== "webhook" && (old.media.schema === undefined) !== (next.media.schema === undefined)) {
      // A schema put on a media type that had none narrows what is valid; taken off, it widens it (oasdiff's #1050).
      const added = next.media.schema !== undefined;
      scope.comparison.report({
        id: added ? MEDIA_TYPE_IDS[reader].schemaAdded : MEDIA_TYPE_IDS[reader].schemaRemoved,
        operation: scope.operation,
        message: `${where}: media type ${next.name} ${added ? "now has a schema" : "no longer has a schema"}.`,
        ...(added ? { head: `${next.pointer}/schema` } : { base: `${old.pointer}/schema` }),
      });
      continue;
    }
    // oasdiff names an enum value removed from a response body after its media type.
    const comparison =
      reader === "response"
        ? scope.comparison.renamed(({ id }) => (id === "response-body-enum-value-removed" ? "response-mediatype-enum-value-removed" : id))
        : scope.comparison;
    const schemaScope = {
      ...scope,
      comparison,
      place: `${reader}-body` as const,
      where: `${where} ${next.name}`,
      looselyTyped: !isJsonMediaType(next.name),
    };
    compareSchemas(schemaScope, old.media.schema, `${old.pointer}/schema`, next.media.schema, `${next.pointer}/schema`);
  }
  if (reader === "webhook") return; // a receiver is not hurt by a payload it may also get in another form
  for (const [key, added] of after) {
    if (!before.has(key))
      scope.comparison.report({
        id: MEDIA_TYPE_IDS[reader].added,
        operation: scope.operation,
        message: `${where}: media type ${added.name} is now ${reader === "request" ? "accepted" : "sent"}.`,
        head: added.pointer,
      });
  }
}

/** The request body: added, removed, required or not, its media types and schemas. */
/** JSON, where 1 and "1" differ; in any other media type (XML, a form, text) every value is text. */
const isJsonMediaType = (name: string) => {
  const essence = name.split(";")[0]!.trim().toLowerCase();
  return essence === "application/json" || essence.endsWith("+json");
};

export function compareRequestBodies(scope: OperationScope, reader: "request" | "webhook", was: OperationAt, now: OperationAt): void {
  const { comparison, operation } = scope;
  const before = follow(comparison.base, was.operation.node.requestBody, `${was.operation.pointer}/requestBody`);
  const after = follow(comparison.head, now.operation.node.requestBody, `${now.operation.pointer}/requestBody`);
  const where = reader === "webhook" ? `${operation} payload` : `${operation} request body`;
  if (reader === "request") {
    if (!before && after) {
      const required = after.node.required === true;
      comparison.report({
        id: required ? "request-body-added-required" : "request-body-added-optional",
        operation,
        message: `${where}: ${required ? "a required" : "an optional"} request body was added.`,
        head: after.pointer,
      });
      return;
    }
    if (before && !after) {
      comparison.report({
        id: "request-body-removed",
        operation,
        message: `${where}: the request body was removed.`,
        base: before.pointer,
      });
      return;
    }
  }
  if (!before || !after) return;
  if (reader === "request" && (before.node.required === true) !== (after.node.required === true)) {
    const required = after.node.required === true;
    comparison.report({
      id: required ? "request-body-became-required" : "request-body-became-optional",
      operation,
      message: `${where}: the request body became ${required ? "required" : "optional"}.`,
      base: before.pointer,
      head: after.pointer,
    });
  }
  compareContent(scope, reader, where, before, after);
}

const headerKey = (name: string) => name.toLowerCase();

function compareHeaders(scope: OperationScope, where: string, was: Located, now: Located): void {
  const { comparison, operation } = scope;
  const after = new Map(
    entries(now.node.headers).map(([name, header]) => [headerKey(name), { name, header, pointer: child(`${now.pointer}/headers`, name) }]),
  );
  const before = new Map(
    entries(was.node.headers).map(([name, header]) => [headerKey(name), { name, header, pointer: child(`${was.pointer}/headers`, name) }]),
  );
  for (const [key, old] of before) {
    const located = follow(comparison.base, old.header, old.pointer);
    const next = after.get(key);
    const nextLocated = next && follow(comparison.head, next.header, next.pointer);
    const wasRequired = located?.node.required === true;
    if (!next || !nextLocated) {
      comparison.report({
        id: wasRequired ? "required-response-header-removed" : "optional-response-header-removed",
        operation,
        message: `${where}: the ${wasRequired ? "required" : "optional"} header ${old.name} was removed.`,
        base: old.pointer,
      });
      continue;
    }
    if (!located) continue;
    if (wasRequired && nextLocated.node.required !== true) {
      comparison.report({
        id: "response-header-became-optional",
        operation,
        message: `${where}: the header ${old.name} is no longer always sent.`,
        base: located.pointer,
        head: nextLocated.pointer,
      });
    }
    const [from, to] = [
      follow(comparison.base, located.node.schema, `${located.pointer}/schema`),
      follow(comparison.head, nextLocated.node.schema, `${nextLocated.pointer}/schema`),
    ];
    const describe = (schema: Json | undefined) => `${JSON.stringify(schema?.type ?? "any")}${schema?.format ? ` (${schema.format})` : ""}`;
    if (from && to && describe(from.node) !== describe(to.node)) {
      comparison.report({
        id: "response-header-type-changed",
        operation,
        message: `${where}: the header ${old.name} changed type from ${describe(from.node)} to ${describe(to.node)}.`,
        base: from.pointer,
        head: to.pointer,
      });
    }
  }
  for (const [key, added] of after) {
    if (!before.has(key))
      comparison.report({
        id: "response-header-added",
        operation,
        message: `${where}: the header ${added.name} was added.`,
        head: added.pointer,
      });
  }
}

/** The responses: statuses removed or added, and for each kept one its headers and content. */
export function compareResponses(scope: OperationScope, was: OperationAt, now: OperationAt): void {
  const { comparison, operation } = scope;
  const at = (side: OperationAt) => `${side.operation.pointer}/responses`;
  const before = entries(was.operation.node.responses);
  const after = new Map(entries(now.operation.node.responses));
  for (const [status, response] of before) {
    const old = follow(comparison.base, response, child(at(was), status));
    if (!after.has(status)) {
      comparison.report({
        id: statusIds(status).removed,
        operation,
        message: `${operation}: the ${status} response was removed.`,
        base: child(at(was), status),
      });
      continue;
    }
    const next = follow(comparison.head, after.get(status), child(at(now), status));
    if (!old || !next) continue;
    const where = `${operation} › ${status}`;
    compareHeaders(scope, where, old, next);
    compareContent(scope, "response", where, old, next);
  }
  const kept = new Set(before.map(([status]) => status));
  for (const status of after.keys()) {
    if (!kept.has(status)) {
      comparison.report({
        id: statusIds(status).added,
        operation,
        message: `${operation}: a ${status} response was added.`,
        head: child(at(now), status),
      });
    }
  }
}
