// Ids of resources that exist, for the checks that send an operation with a path parameter,
// found as a client finds them. Where the document links a response to the operation
// (OpenAPI: Link Object, `$response.body#/…`), the link says where the id is; otherwise the
// path's shape does: `{id}` in `/things/{id}/…` is the `id` of an item of the list `GET
// /things` or of what `POST /things` made. A read is given an id from the list's first page
// (read once per run and kept), or one the run made; a write (a cancel) a resource the run
// makes for it, so that each check writes to one of its own, else one listed. An operation
// none of those reach leaves the checks that need it to skip, naming it.
import { decodePointer, resolvePointer } from "@signing-platform/contract/openapi";
import { SkipCheck } from "./outcome.js";
import type { Contract, Operation } from "./contract.js";
import { describeExchange, isSuccess, type Exchange } from "./exchange.js";
import type { Target } from "./target.js";
import type { RequestValues } from "./values/request-values.js";

export interface Discovery {
  /**
   * The path of `operation` with real ids in its path parameters; `fresh` asks for a resource
   * made for this call where the document has a create for it (a write changes what it is sent
   * to). Skips the check, naming the operation, when no id can be found.
   */
  pathWithId(operation: Operation, target?: Target, options?: { fresh?: boolean }): Promise<string>;
  /** The path with a made-up id: for answers that come before any lookup (401, 400). */
  pathWithPlaceholder(operation: Operation): string;
  /** The list operation that gives ids for `operation`, if any. */
  listFor(operation: Operation): Operation | undefined;
  /** The creates the run may send to make a resource for an operation with a path parameter. */
  creates(): Operation[];
}

/** Where an id for a path parameter comes from: a create's answer or a list's first item, at a JSON pointer. */
interface Source {
  kind: "create" | "list";
  operation: Operation;
  pointer: string[];
}

const WRITES = new Set(["post", "put", "patch"]);
const hasPathParameters = (operation: Operation) => operation.parameters.some((parameter) => parameter.in === "path");
const label = (operation: Operation) => `${operation.method.toUpperCase()} ${operation.path}`;

/**
 * `given` maps path templates to ids the caller knows (`--id /v1/signing-requests/{id}=sr_…`):
 * they are used first, for operations nothing in the document gives ids for.
 */
export function discovery(
  contract: Contract,
  target: Target,
  given: Readonly<Record<string, string>> = {},
  values?: RequestValues,
): Discovery {
  const found = new Map<string, Promise<{ id: string } | { none: string }>>();
  const isCreate = (operation: Operation) =>
    WRITES.has(operation.method) && !hasPathParameters(operation) && operation.extensions.idempotency !== undefined;
  const isList = (operation: Operation) => operation.method === "get" && !hasPathParameters(operation) && operation.extensions.pagination;

  const listFor = (operation: Operation) => {
    if (!/\/\{[^}]+\}$/.test(operation.path)) return undefined;
    const parent = operation.path.replace(/\/\{[^}]+\}$/, "");
    return contract.operations.find(
      (candidate) => candidate.method === "get" && candidate.path === parent && candidate.extensions.pagination,
    );
  };

  /** The document's links to `operation` that fill `name`: each from a create's or a list's success. */
  function linked(operation: Operation, name: string): Source[] {
    const sources: Source[] = [];
    const target = resolvePointer(contract.document, operation.pointer);
    for (const origin of contract.operations) {
      const responses = (contract.document.paths?.[origin.path]?.[origin.method]?.responses ?? {}) as Record<string, any>;
      for (const [status, response] of Object.entries(responses)) {
        if (!/^2/.test(status)) continue;
        for (const link of Object.values<any>(contract.resolve(response ?? {}).links ?? {})) {
          const resolved = contract.resolve(link ?? {});
          // An operationRef names the operation it points to, however the pointer is written.
          const targets =
            (operation.operationId !== undefined && resolved.operationId === operation.operationId) ||
            (typeof resolved.operationRef === "string" && resolvePointer(contract.document, resolved.operationRef) === target);
          const expression = resolved.parameters?.[name] ?? resolved.parameters?.[`path.${name}`];
          const pointer = typeof expression === "string" ? /^\$response\.body#(\/.*)?$/.exec(expression) : null;
          if (!targets || !pointer) continue;
          const segments = decodePointer(pointer[1] ?? "");
          if (isCreate(origin)) sources.push({ kind: "create", operation: origin, pointer: segments });
          else if (isList(origin)) sources.push({ kind: "list", operation: origin, pointer: segments });
        }
      }
    }
    return sources;
  }

  /** By the path's shape: the collection before `{name}`, its list's items and its create's answer. */
  function shaped(operation: Operation, name: string): Source[] {
    const segments = operation.path.split("/");
    const index = segments.indexOf(`{${name}}`);
    const collection = segments.slice(0, index).join("/");
    if (index < 1 || collection.includes("{")) return [];
    const sources: Source[] = [];
    const list = contract.operations.find((candidate) => candidate.path === collection && isList(candidate));
    if (list) sources.push({ kind: "list", operation: list, pointer: [list.extensions.pagination!.items_field, "0", "id"] });
    const create = contract.operations.find((candidate) => candidate.path === collection && isCreate(candidate) && candidate.body);
    if (create) sources.push({ kind: "create", operation: create, pointer: ["id"] });
    return sources;
  }

  const sourcesOf = (operation: Operation, name: string): Source[] => {
    const links = linked(operation, name);
    return links.length > 0 ? links : shaped(operation, name);
  };

  const at = (json: unknown, pointer: string[]): string | null => {
    const value = pointer.reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as any)[part] : undefined), json);
    return typeof value === "string" || typeof value === "number" ? String(value) : null;
  };

  /** The id the source gives, or why it gives none: the answer, or a list with nothing at the pointer. */
  async function idFrom(source: Source, from: Target): Promise<{ id: string } | { none: string }> {
    const { operation } = source;
    const found = (exchange: Exchange) => {
      const id = isSuccess(exchange.response.status) ? at(exchange.response.json, source.pointer) : null;
      if (id !== null) return { id };
      return {
        none: isSuccess(exchange.response.status)
          ? `${label(operation)} ${source.kind === "list" ? "lists" : "made"} nothing`
          : describeExchange(exchange),
      };
    };
    if (source.kind === "list")
      return found(await from.send({ method: "GET", path: operation.path, operation: { path: operation.path, method: "get" } }));
    if (!values) return { none: `${label(operation)} is not sent without values` };
    const header = operation.extensions.idempotency?.header ?? contract.headers.idempotencyKey ?? "Idempotency-Key";
    const exchange = await from.send({
      method: operation.method.toUpperCase(),
      path: operation.path,
      body: values.validBody(operation),
      headers: { [header]: values.idempotencyKey(operation) },
      operation: { path: operation.path, method: operation.method },
    });
    return found(exchange);
  }

  return {
    listFor,
    creates() {
      return [
        ...new Set(
          contract.operations
            .filter(hasPathParameters)
            .flatMap((operation) =>
              operation.parameters
                .filter((parameter) => parameter.in === "path")
                .flatMap((parameter) => sourcesOf(operation, parameter.name)),
            )
            .filter((source) => source.kind === "create")
            .map((source) => source.operation),
        ),
      ];
    },
    async pathWithId(operation, from = target, options = {}) {
      const parameters = operation.parameters.filter((parameter) => parameter.in === "path");
      if (parameters.length === 0) return operation.path;
      const known = given[operation.path];
      if (known !== undefined && from === target) return operation.path.replace(/\{[^}]+\}/, encodeURIComponent(known));
      let path = operation.path;
      for (const { name } of parameters) {
        const sources = sourcesOf(operation, name);
        if (sources.length === 0)
          throw new SkipCheck(`no list or create operation gives an id for ${label(operation)} (pass one with --id)`);
        // A write is sent to a resource made for it, a read to one listed.
        const order = options.fresh ? ["create", "list"] : ["list", "create"];
        sources.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
        let id: string | null = null;
        const none: string[] = [];
        for (const source of sources) {
          let given: { id: string } | { none: string };
          if (source.kind === "create" && options.fresh) given = await idFrom(source, from);
          else {
            const key = `${source.kind} ${label(source.operation)} ${source.pointer.join("/")} ${from === target ? "" : "other"}`;
            if (!found.has(key)) found.set(key, idFrom(source, from));
            given = await found.get(key)!;
          }
          if ("id" in given) {
            id = given.id;
            break;
          }
          none.push(given.none);
        }
        if (id === null) throw new SkipCheck(`no id to send ${label(operation)} to: ${none.join("; ")}`);
        path = path.replace(`{${name}}`, encodeURIComponent(id));
      }
      return path;
    },
    pathWithPlaceholder(operation) {
      return operation.path.replace(/\{[^}]+\}/g, (match) => `conformance_${match.slice(1, -1)}`);
    },
  };
}
