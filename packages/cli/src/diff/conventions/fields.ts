// Fields removed from an event payload or from a resource (a 2xx response body). A receiver or
// client that reads the field breaks. Adding a field, optional or not, breaks nobody who
// tolerates unknown fields. Removals in a shared schema are reported once, naming every event
// type or operation that loses the field.
import type { Json } from "@signing-platform/rules/openapi";
import type { ConventionChange } from "../change.js";
import { fieldsOf, operationsByName, payloadSchema, successSchemas, type Located } from "../document-walk.js";

interface Removal {
  field: string;
  pointer: string;
  owners: string[];
}

/** Whether `field` lies under `ancestor` ("documents[].id" under "documents"). */
function isUnder(field: string, ancestor: string): boolean {
  return field.startsWith(`${ancestor}.`) || field.startsWith(`${ancestor}[]`);
}

function removedFields(base: Json, head: Json, before: Located<unknown>, after: Located<unknown>, owner: string, removals: Map<string, Removal>): void {
  const kept = fieldsOf(head, after.node, after.pointer);
  const removed = [...fieldsOf(base, before.node, before.pointer)].filter(([field]) => !kept.has(field));
  for (const [field, pointer] of removed) {
    // The fields of a removed field go with it: report the outermost only.
    if (removed.some(([other]) => isUnder(field, other))) continue;
    const key = `${pointer} ${field}`;
    const removal = removals.get(key) ?? { field, pointer, owners: [] };
    if (!removal.owners.includes(owner)) removal.owners.push(owner);
    removals.set(key, removal);
  }
}

function list(owners: string[]): string {
  return owners.length <= 3 ? owners.join(", ") : `${owners.slice(0, 3).join(", ")} and ${owners.length - 3} more`;
}

function toChanges(removals: Map<string, Removal>, rule: string, describe: (owners: string) => string): ConventionChange[] {
  return [...removals.values()].map(({ field, pointer, owners }) => ({
    rule,
    breaking: true,
    side: "base",
    pointer,
    covers: [pointer],
    message: `Field \`${field}\` was removed from ${describe(list(owners))}.`,
  }));
}

export function eventFieldChanges(base: Json, head: Json): ConventionChange[] {
  const after = operationsByName(head, "webhooks");
  const removals = new Map<string, Removal>();
  for (const [name, operation] of operationsByName(base, "webhooks")) {
    const next = after.get(name);
    const [was, now] = [payloadSchema(base, operation), next && payloadSchema(head, next)];
    if (was && now) removedFields(base, head, was, now, name.split(" ")[1]!, removals);
  }
  return toChanges(removals, "event-field-removed", (owners) => `the payload of event ${owners}`);
}

export function resourceFieldChanges(base: Json, head: Json): ConventionChange[] {
  const after = operationsByName(head);
  const removals = new Map<string, Removal>();
  for (const [name, operation] of operationsByName(base)) {
    const next = after.get(name);
    if (!next) continue;
    const nowByStatus = successSchemas(head, next);
    for (const [status, was] of successSchemas(base, operation)) {
      const now = nowByStatus.get(status);
      if (now) removedFields(base, head, was, now, `the ${status} response of ${name}`, removals);
    }
  }
  return toChanges(removals, "resource-field-removed", (owners) => owners);
}
