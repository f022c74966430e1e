// A new requirement on an existing operation: an idempotency key it now requires (interface
// document › Endpoints; Errors › Idempotency). A client written for the old version sends none
// and is rejected. New operations may require anything.
import { EXTENSIONS } from "@signing-platform/contract";
import { isJsonObject, type Json } from "@signing-platform/contract/openapi";
import type { RawFinding } from "../change.js";
import { parametersOf, type ParameterAt } from "../document-walk.js";
import type { OperationPair } from "../operation-pairs.js";
import { conventionsOf } from "./document-conventions.js";

function requiredHeaders(document: Json, parameters: ParameterAt[]): Map<string, ParameterAt> {
  return new Map(
    parameters
      .filter(({ parameter }) => parameter.in === "header" && parameter.required === true)
      .map((item) => [String(item.parameter.name).toLowerCase(), item] as const),
  );
}

function requiresIdempotency(operation: Json): boolean {
  const extension = operation[EXTENSIONS.idempotency];
  return isJsonObject(extension) && extension.required === true;
}

export function requirementChanges(base: Json, head: Json, pairs: OperationPair[]): RawFinding[] {
  const idempotencyHeader = conventionsOf(head).headers.idempotency_key.toLowerCase();
  const changes: RawFinding[] = [];
  for (const pair of pairs) {
    if (!pair.base || !pair.head) continue;
    const [previous, operation, name] = [pair.base.at, pair.head.at, pair.head.name];
    const wasRequired = requiredHeaders(base, parametersOf(base, previous));
    const nowRequired = requiredHeaders(head, parametersOf(head, operation));
    // Any other new required header is the generic new-required-request-parameter check's.
    const added = nowRequired.get(idempotencyHeader);
    if (added && !wasRequired.has(idempotencyHeader)) {
      changes.push({
        id: "idempotency-requirement-added",
        head: added.entry,
        message: `${name} now requires the ${added.parameter.name} header: clients that send no idempotency key are rejected.`,
      });
    }
    const idempotencyReported = nowRequired.has(idempotencyHeader) && !wasRequired.has(idempotencyHeader);
    if (!idempotencyReported && requiresIdempotency(operation.operation.node) && !requiresIdempotency(previous.operation.node)) {
      changes.push({
        id: "idempotency-requirement-added",
        head: `${operation.operation.pointer}/${EXTENSIONS.idempotency}`,
        message: `${name} now requires an idempotency key (${EXTENSIONS.idempotency}).`,
      });
    }
  }
  return changes;
}
