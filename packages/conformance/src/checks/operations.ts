// Which operations a check applies to, read from the document's extensions.
import { SkipCheck } from "../check.js";
import type { Contract, Operation } from "../contract.js";

const WRITES = new Set(["post", "put", "patch"]);

/** Operations that take an idempotency key: those that declare one, or every write where the API's rule says so. */
export function idempotentOperations(contract: Contract): Operation[] {
  return contract.operations.filter(
    (operation) => operation.extensions.idempotency || (contract.headers.idempotencyKey !== undefined && WRITES.has(operation.method)),
  );
}

export const paginatedOperations = (contract: Contract) => contract.operations.filter((operation) => operation.extensions.pagination);
export const conditionalOperations = (contract: Contract) =>
  contract.operations.filter((operation) => operation.extensions.conditionalRequest);

/** The operations, or a skip saying the document has none of the kind. */
export function some(operations: Operation[], kind: string): Operation[] {
  if (operations.length === 0) throw new SkipCheck(`the document has no ${kind}`);
  return operations;
}

export const label = (operation: Operation) => `${operation.method.toUpperCase()} ${operation.path}`;

/** The idempotency key header of an operation. */
export function keyHeader(contract: Contract, operation: Operation): string {
  return operation.extensions.idempotency?.header ?? contract.headers.idempotencyKey!;
}

/** The operations that take an idempotency key, or a skip saying the document has none. */
export const keyedOperations = (contract: Contract): Operation[] =>
  some(idempotentOperations(contract), "operation that takes an idempotency key");
