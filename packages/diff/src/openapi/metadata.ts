// What names an operation or a schema without changing the wire: an operation's operationId and
// tags, the names under components.schemas. Info, as in oasdiff: generated clients name their
// methods and types after them, so a release note says when they move.
import { encodeUriFragment as encodePointer, isJsonObject as isObject, type Json } from "@signing-platform/contract/openapi";
import type { PathOperation } from "../operation-pairs.js";
import type { Comparison } from "./finding.js";

const tagsOf = (operation: Json): string[] =>
  Array.isArray(operation.tags) ? operation.tags.filter((tag) => typeof tag === "string") : [];
const operationIdOf = (operation: Json): string | undefined =>
  typeof operation.operationId === "string" ? operation.operationId : undefined;

/** An operationId added, or removed (replaced by another counts as removed, as in oasdiff); a tag added or removed. */
export function compareOperationNames(comparison: Comparison, was: PathOperation, now: PathOperation): void {
  const [before, after] = [was.at.operation, now.at.operation];
  const at = { operation: now.name, base: before.pointer, head: after.pointer };
  const [oldId, newId] = [operationIdOf(before.node), operationIdOf(after.node)];
  if (oldId !== newId)
    comparison.report(
      oldId === undefined
        ? { id: "api-operation-id-added", message: `${now.name}: operationId \`${newId}\` added.`, ...at }
        : {
            id: "api-operation-id-removed",
            message: `${now.name}: operationId \`${oldId}\` ${newId === undefined ? "removed" : `replaced by \`${newId}\``}.`,
            ...at,
          },
    );
  const [oldTags, newTags] = [tagsOf(before.node), tagsOf(after.node)];
  for (const tag of oldTags.filter((tag) => !newTags.includes(tag)))
    comparison.report({ id: "api-tag-removed", message: `${now.name}: tag \`${tag}\` removed.`, ...at });
  for (const tag of newTags.filter((tag) => !oldTags.includes(tag)))
    comparison.report({ id: "api-tag-added", message: `${now.name}: tag \`${tag}\` added.`, ...at });
}

/** A schema name gone from components.schemas: what used it is judged where it is used. */
export function compareSchemaNames(comparison: Comparison): void {
  const names = (document: Json): string[] =>
    isObject(document.components) && isObject(document.components.schemas) ? Object.keys(document.components.schemas) : [];
  const kept = new Set(names(comparison.head));
  for (const name of names(comparison.base).filter((name) => !kept.has(name)))
    comparison.report({
      id: "api-schema-removed",
      message: `components.schemas: schema \`${name}\` removed.`,
      base: encodePointer(["components", "schemas", name]),
    });
}
