// How the document's operations fit together for a sequence: a collection `/things` whose
// idempotent write creates, whose list (pagination extension) pages through, and whose read
// `/things/{id}` reads one, so that what a create made can be read and found in the list.
import { idempotentOperations } from "../checks/operations.js";
import type { Contract, Operation } from "../contract.js";

const pathParameters = (operation: Operation) => operation.parameters.filter((parameter) => parameter.in === "path");

/** Writes with a JSON body and a key, to a path without parameters: the creates. */
export const creates = (contract: Contract): Operation[] =>
  idempotentOperations(contract).filter((operation) => operation.body && pathParameters(operation).length === 0);

/** Reads of one resource: a GET whose one path parameter is the last segment. */
export const reads = (contract: Contract): Operation[] =>
  contract.operations.filter(
    (operation) => operation.method === "get" && pathParameters(operation).length === 1 && /\/\{[^}]+\}$/.test(operation.path),
  );

/** GETs without path parameters: the lists, paged or not. */
export const queries = (contract: Contract): Operation[] =>
  contract.operations.filter((operation) => operation.method === "get" && pathParameters(operation).length === 0);

/** The read of a resource of the collection at `path`, if the document has one. */
export const readOf = (contract: Contract, path: string): Operation | undefined =>
  reads(contract).find((operation) => operation.path.replace(/\/\{[^}]+\}$/, "") === path);

/** The paged list of the collection at `path`, if the document has one. */
export const listOf = (contract: Contract, path: string): Operation | undefined =>
  contract.operations.find((operation) => operation.method === "get" && operation.path === path && operation.extensions.pagination);

/** The path of a read with `id` in its parameter. */
export const pathWith = (operation: Operation, id: string): string => operation.path.replace(/\{[^}]+\}$/, encodeURIComponent(id));
