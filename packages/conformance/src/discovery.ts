// Ids of resources that exist, for the checks that read one: an operation `/things/{id}` is
// given an id from the first page of the list operation at `/things`, as a client would find
// one. Read once per run and kept; a list that is empty, or an operation with no list beside
// it, leaves the checks that need an id to skip, saying why.
import { SkipCheck } from "./check.js";
import type { Contract, Operation } from "./contract.js";
import { isSuccess } from "./exchange.js";
import type { Target } from "./target.js";

export interface Discovery {
  /** The path of `operation` with a real id in its one path parameter; skips the check when none is known. */
  pathWithId(operation: Operation, target?: Target): Promise<string>;
  /** The path with a made-up id: for answers that come before any lookup (401, 400). */
  pathWithPlaceholder(operation: Operation): string;
  /** The list operation that gives ids for `operation`, if any. */
  listFor(operation: Operation): Operation | undefined;
}

/**
 * `given` maps path templates to ids the caller knows (`--id /v1/signing-requests/{id}=sr_…`):
 * they are used first, for reads no list operation gives ids for.
 */
export function discovery(contract: Contract, target: Target, given: Readonly<Record<string, string>> = {}): Discovery {
  const found = new Map<string, Promise<string | null>>();
  const listFor = (operation: Operation) => {
    if (!/\/\{[^}]+\}$/.test(operation.path)) return undefined;
    const parent = operation.path.replace(/\/\{[^}]+\}$/, "");
    return contract.operations.find(
      (candidate) => candidate.method === "get" && candidate.path === parent && candidate.extensions.pagination,
    );
  };

  async function firstId(list: Operation, from: Target): Promise<string | null> {
    const pagination = list.extensions.pagination!;
    const { response } = await from.send({ method: "GET", path: list.path, operation: { path: list.path, method: "get" } });
    if (!isSuccess(response.status)) return null;
    const items = (response.json as Record<string, unknown> | undefined)?.[pagination.items_field];
    const first = Array.isArray(items) ? (items[0] as { id?: unknown } | undefined) : undefined;
    return typeof first?.id === "string" ? first.id : null;
  }

  return {
    listFor,
    async pathWithId(operation, from = target) {
      const parameters = operation.parameters.filter((parameter) => parameter.in === "path");
      if (parameters.length === 0) return operation.path;
      const known = given[operation.path];
      if (known !== undefined && from === target) return operation.path.replace(/\{[^}]+\}/, encodeURIComponent(known));
      const list = listFor(operation);
      if (parameters.length > 1 || !list) {
        throw new SkipCheck(`no list operation gives an id for ${operation.method.toUpperCase()} ${operation.path} (pass one with --id)`);
      }
      const key = `${list.path} ${from === target ? "" : "other"}`;
      if (!found.has(key)) found.set(key, firstId(list, from));
      const id = await found.get(key)!;
      if (id === null)
        throw new SkipCheck(`GET ${list.path} lists nothing to read with ${operation.method.toUpperCase()} ${operation.path}`);
      return operation.path.replace(/\{[^}]+\}/, encodeURIComponent(id));
    },
    pathWithPlaceholder(operation) {
      return operation.path.replace(/\{[^}]+\}/g, (match) => `conformance_${match.slice(1, -1)}`);
    },
  };
}
