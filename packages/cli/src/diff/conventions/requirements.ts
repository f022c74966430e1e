// New requirements on an existing operation: a header it now requires, or an idempotency key
// it now requires (interface document › Endpoints; Errors › Idempotency). A client written for
// the old version sends neither and is rejected. New operations may require anything.
import { OPERATION_EXTENSIONS, readConventions } from "@signing-platform/rules/conventions";
import { isObject, type Json } from "@signing-platform/rules/openapi";
import type { ConventionChange } from "../change.js";
import { operationsByName, parametersOf, type ParameterAt } from "../document-walk.js";

function requiredHeaders(document: Json, parameters: ParameterAt[]): Map<string, ParameterAt> {
  return new Map(
    parameters
      .filter(({ parameter }) => parameter.in === "header" && parameter.required === true)
      .map((item) => [String(item.parameter.name).toLowerCase(), item] as const),
  );
}

function requiresIdempotency(operation: Json): boolean {
  const extension = operation[OPERATION_EXTENSIONS.idempotency];
  return isObject(extension) && extension.required === true;
}

export function requirementChanges(base: Json, head: Json): ConventionChange[] {
  const idempotencyHeader = readConventions(head).headers.idempotency_key.toLowerCase();
  const before = operationsByName(base);
  const changes: ConventionChange[] = [];
  for (const [name, operation] of operationsByName(head)) {
    const previous = before.get(name);
    if (!previous) continue;
    const wasRequired = requiredHeaders(base, parametersOf(base, previous));
    const nowRequired = requiredHeaders(head, parametersOf(head, operation));
    for (const [header, { parameter, entry, pointer }] of nowRequired) {
      if (wasRequired.has(header)) continue;
      const idempotency = header === idempotencyHeader;
      changes.push({
        rule: idempotency ? "idempotency-requirement-added" : "required-header-added",
        breaking: true,
        side: "head",
        pointer: entry,
        covers: [entry, pointer, `${pointer}/required`],
        message: `${name} now requires the ${parameter.name} header${idempotency ? ": clients that send no idempotency key are rejected" : ""}.`,
      });
    }
    const idempotencyReported = nowRequired.has(idempotencyHeader) && !wasRequired.has(idempotencyHeader);
    if (!idempotencyReported && requiresIdempotency(operation.operation.node) && !requiresIdempotency(previous.operation.node)) {
      changes.push({
        rule: "idempotency-requirement-added",
        breaking: true,
        side: "head",
        pointer: `${operation.operation.pointer}/${OPERATION_EXTENSIONS.idempotency}`,
        message: `${name} now requires an idempotency key (${OPERATION_EXTENSIONS.idempotency}).`,
      });
    }
  }
  return changes;
}
