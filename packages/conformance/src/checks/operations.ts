// Which operations a check applies to, read from the document's extensions, and the requests
// made for them.
import type { ActiveContext } from "../check.js";
import { SkipCheck, skip, verdict, type Outcome } from "../outcome.js";
import type { Contract, Operation } from "../contract.js";
import type { Discovery } from "../discovery.js";
import type { SendOptions, Target } from "../target.js";

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

/** The list operations, or a skip saying the document has none. */
export const listOperations = (contract: Contract): Operation[] => some(paginatedOperations(contract), "list operation");

/**
 * The first of `preferred`, else the first read whose path has no parameter (sent as it is,
 * with no id to find); a skip when there is neither.
 */
export const firstPlainRead = (contract: Contract, preferred: Operation[] = []): Operation =>
  some(
    preferred.concat(contract.operations.filter((candidate) => candidate.method === "get" && !candidate.path.includes("{"))),
    "read operation without a path parameter",
  )[0]!;

export const label = (operation: Operation) => `${operation.method.toUpperCase()} ${operation.path}`;

/** The idempotency key header of an operation. */
export function keyHeader(contract: Contract, operation: Operation): string {
  return operation.extensions.idempotency?.header ?? contract.headers.idempotencyKey!;
}

/** The operations that take an idempotency key, or a skip saying the document has none. */
export const keyedOperations = (contract: Contract): Operation[] =>
  some(idempotentOperations(contract), "operation that takes an idempotency key");

/** A keyed write as a check sends it: where to (a resource of its own for a path parameter), a new key and a valid body. */
export interface KeyedWrite {
  operation: Operation;
  path: string;
  key: string;
  body: unknown;
}

/**
 * Runs `test` on every operation that takes a key, each with a new key, a valid body and, for
 * a path parameter, a resource made or listed for it (`requests` reserved from the budget
 * first); an operation no id can be found for is named in what the check could not test.
 * `test` gives its findings, or a string saying why it could not test the write.
 */
export async function onEachKeyedWrite(
  context: Pick<ActiveContext, "contract" | "target" | "values" | "known">,
  requests: number,
  test: (write: KeyedWrite) => Promise<string[] | string>,
  from: Target = context.target,
): Promise<Outcome> {
  const { contract, target, values, known } = context;
  const failures: string[] = [];
  const untested: string[] = [];
  for (const operation of keyedOperations(contract)) {
    target.reserve(requests);
    let path: string;
    try {
      path = await known.pathWithId(operation, from, { fresh: true });
    } catch (error) {
      if (!(error instanceof SkipCheck)) throw error;
      untested.push(error.reason);
      continue;
    }
    const found = await test({ operation, path, key: values.idempotencyKey(operation), body: values.validBody(operation) });
    if (typeof found === "string") untested.push(`${label(operation)}: ${found}`);
    else failures.push(...found);
  }
  if (failures.length === 0 && untested.length === keyedOperations(contract).length) return skip(untested.join("; "));
  return verdict(failures, undefined, untested);
}

/** An operation's idempotency key header with a new key; no header for an operation that takes none. */
export function newKeyHeader(
  { contract, values }: Pick<ActiveContext, "contract" | "values">,
  operation: Operation,
): Record<string, string> {
  return idempotentOperations(contract).includes(operation) ? { [keyHeader(contract, operation)]: values.idempotencyKey(operation) } : {};
}

/** The bounds of an operation's idempotency key: the extension's, else the API's rule (16 to 128 letters and digits). */
export function keyFormat(operation: Operation): { min: number; max: number; pattern: RegExp } {
  const declared = operation.extensions.idempotency;
  return {
    min: declared?.min_length ?? 16,
    max: declared?.max_length ?? 128,
    pattern: new RegExp(declared?.pattern ?? "^[A-Za-z0-9]+$"),
  };
}

/** Whether a key is one the operation must refuse: not empty, and outside its pattern or lengths. */
export function breaksKeyFormat({ min, max, pattern }: ReturnType<typeof keyFormat>, key: string): boolean {
  return key.length > 0 && !(pattern.test(key) && key.length >= min && key.length <= max);
}

/** A request for an operation as it is documented: its method, its path with a made-up id, and the operation it is recorded for. */
export function requestFor(known: Discovery, operation: Operation): Pick<SendOptions, "method" | "path" | "operation"> {
  return {
    method: operation.method.toUpperCase(),
    path: known.pathWithPlaceholder(operation),
    operation: { path: operation.path, method: operation.method },
  };
}
