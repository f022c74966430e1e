// Error codes and event types between two versions. Removing a code, changing its status, or
// removing an event type breaks clients that handle them; adding either does not, because
// clients tolerate unknown codes and event types (interface document › Versioning; Errors ›
// Error codes: "Clients handle known codes and tolerate unknown ones").
import { EXTENSIONS } from "@signing-platform/contract";
import { statusOfCode } from "@signing-platform/contract/conventions";
import { encodeUriFragment as encodePointer, isJsonObject as isObject, type Json } from "@signing-platform/contract/openapi";
import type { RawFinding } from "../change.js";
import { conventionsOf } from "./document-conventions.js";

export function errorCodeChanges(base: Json, head: Json): RawFinding[] {
  const before = conventionsOf(base).errors;
  const after = conventionsOf(head).errors;
  const at = (index: number, key?: string) => encodePointer([EXTENSIONS.catalogue, "errors", index, ...(key ? [key] : [])]);
  const changes: RawFinding[] = [];
  before.forEach((entry, index) => {
    const next = after.findIndex((candidate) => candidate.code === entry.code);
    if (next < 0) {
      changes.push({
        id: "error-code-removed",
        base: at(index),
        message: `Error code \`${entry.code}\` was removed from the catalogue.`,
      });
      return;
    }
    const [was, now] = [statusOfCode(entry), statusOfCode(after[next]!)];
    if (was !== now) {
      changes.push({
        id: "error-code-status-changed",
        head: at(next, "status"),
        message: `Error code \`${entry.code}\` changed status from ${was ?? "unspecified"} to ${now ?? "unspecified"}.`,
      });
    }
  });
  after.forEach((entry, index) => {
    if (!before.some((candidate) => candidate.code === entry.code)) {
      changes.push({
        id: "error-code-added",
        head: at(index),
        message: `Error code \`${entry.code}\` was added to the catalogue.`,
      });
    }
  });
  return changes;
}

/** Event types: the catalogue's, and the keys of the `webhooks` map. */
function eventTypes(document: Json): Set<string> {
  return new Set([...conventionsOf(document).events, ...Object.keys(isObject(document.webhooks) ? document.webhooks : {})]);
}

function eventPointer(document: Json, type: string): string {
  if (isObject(document.webhooks) && type in document.webhooks) return encodePointer(["webhooks", type]);
  const index = conventionsOf(document).events.indexOf(type);
  return encodePointer([EXTENSIONS.catalogue, "events", Math.max(index, 0)]);
}

export function eventTypeChanges(base: Json, head: Json): RawFinding[] {
  const [before, after] = [eventTypes(base), eventTypes(head)];
  const changes: RawFinding[] = [];
  for (const type of before) {
    if (after.has(type)) continue;
    const pointer = eventPointer(base, type);
    changes.push({ id: "event-type-removed", base: pointer, message: `Event type \`${type}\` was removed.` });
  }
  for (const type of after) {
    if (before.has(type)) continue;
    const pointer = eventPointer(head, type);
    changes.push({ id: "event-type-added", head: pointer, message: `Event type \`${type}\` was added.` });
  }
  return changes;
}
