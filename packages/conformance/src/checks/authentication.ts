// Authentication: no credentials, or a token the server does not know, is 401 on every
// operation that asks for them (Authentication 2), and a resource of another organization
// answers exactly as a missing one, and is on none of its lists (Authentication 4).
import type { ActiveCheck } from "../check.js";
import { SkipCheck, skip, verdict } from "../outcome.js";
import type { Contract, Operation } from "../contract.js";
import { describeExchange, errorCodeOf, type Exchange } from "../exchange.js";
import type { Target } from "../target.js";
import { errorMismatch, expected } from "./findings.js";
import { missingPathLike } from "./missing-resource.js";
import { list, pageOf, pageQuery, recordKeyOf } from "./pagination.js";
import { idempotentOperations, label, newKeyHeader, paginatedOperations, requestFor, some } from "./operations.js";

/** Writes to one resource (a cancel): the writes that take a key and have a path parameter. */
const writesToResources = (contract: Contract) =>
  idempotentOperations(contract).filter((operation) => operation.parameters.some((parameter) => parameter.in === "path"));

/** A bearer token no server issued. */
const UNKNOWN_TOKEN = "conformance0unknown0token0000000";

export const unauthenticatedWithoutCredentials: ActiveCheck = {
  kind: "active",
  id: "unauthenticated",
  area: "authentication",
  clause: "Authentication",
  title:
    "A request without credentials, or with a token the server does not know, is 401 unauthenticated, on every operation that asks for them.",
  async run(context) {
    const { contract, target, known, values } = context;
    const operations = some(
      contract.operations.filter((operation) => operation.secured),
      "operation that asks for credentials",
    );
    target.reserve(2 * operations.length);
    const code = contract.errorCodes && !contract.errorCodes.unauthenticated ? undefined : "unauthenticated";
    const failures: string[] = [];
    for (const operation of operations) {
      // Everything else about the request is right, so credentials are all it lacks.
      const send = (headers: Record<string, string>) =>
        target.send({
          ...requestFor(known, operation),
          anonymous: true,
          ...(operation.body ? { body: values.validBody(operation) } : {}),
          headers: { ...headers, ...newKeyHeader(context, operation) },
        });
      const without = errorMismatch(await send({}), 401, code, "for a request without credentials");
      if (without) failures.push(without);
      const unknown = errorMismatch(
        await send({ authorization: `Bearer ${UNKNOWN_TOKEN}` }),
        401,
        code,
        "for a token the server does not know",
      );
      if (unknown) failures.push(unknown);
    }
    return verdict(failures);
  },
};

export const otherOrganizationIsNotFound: ActiveCheck = {
  kind: "active",
  id: "other-organization",
  area: "authentication",
  clause: "Authentication",
  title:
    "A resource of another organization is 404 not_found, answered as a missing one, to a read and to a write, and on none of its lists.",
  async run(context) {
    const { contract, otherTarget, known, values } = context;
    if (!otherTarget) return skip("needs a second organization's credentials (--other-token)");
    const code = contract.errorCodes && !contract.errorCodes.not_found ? undefined : "not_found";
    const readable = some(
      contract.operations.filter((operation) => operation.method === "get" && known.listFor(operation)),
      "read operation with a list beside it",
    );
    const failures: string[] = [];
    let tried = 0;
    for (const operation of readable) {
      let path: string;
      try {
        path = await known.pathWithId(operation);
      } catch {
        continue;
      }
      tried++;
      const read = (at: string) => otherTarget.send({ method: "GET", path: at, operation: { path: operation.path, method: "get" } });
      const exchange = await read(path);
      if (exchange.response.status !== 404) {
        failures.push(expected(exchange, `404 not_found for another organization's resource (${label(operation)})`));
        continue;
      }
      const difference = differenceOf(exchange, await read(missingPathLike(path)));
      if (difference) failures.push(difference);
    }
    if (tried === 0) return skip("no resource of the first organization was found to read");
    for (const operation of paginatedOperations(contract)) failures.push(...(await listedToOther(context, operation, otherTarget)));
    const untested: string[] = [];
    for (const operation of writesToResources(contract)) {
      // A resource made for it (a cancel changes it), written to by the other organization.
      let path: string;
      try {
        path = await known.pathWithId(operation, context.target, { fresh: true });
      } catch (error) {
        if (!(error instanceof SkipCheck)) throw error;
        untested.push(error.reason);
        continue;
      }
      const exchange = await otherTarget.send({
        ...requestFor(known, operation),
        path,
        ...(operation.body ? { body: values.validBody(operation) } : {}),
        headers: newKeyHeader(context, operation),
      });
      const found = errorMismatch(exchange, 404, code, `for a write to another organization's resource (${label(operation)})`);
      if (found) failures.push(found);
    }
    return verdict(failures, undefined, untested);
  },
};

/** How the answer for another organization's resource differs from the one for an id no resource has, if it does. */
function differenceOf(invisible: Exchange, missing: Exchange): string | null {
  // Each answer names its own id and request; the rest is the same for both.
  const idOf = (exchange: Exchange) => decodeURIComponent(exchange.request.path.slice(exchange.request.path.lastIndexOf("/") + 1));
  const messageOf = (exchange: Exchange) => {
    const message = (exchange.response.json as { error?: { message?: unknown } } | undefined)?.error?.message;
    return typeof message === "string" ? message.replaceAll(idOf(exchange), "{id}") : undefined;
  };
  const what =
    invisible.response.status !== missing.response.status
      ? `the status ${invisible.response.status}`
      : errorCodeOf(invisible.response) !== errorCodeOf(missing.response)
        ? `error.code ${errorCodeOf(invisible.response)}`
        : messageOf(invisible) !== messageOf(missing)
          ? `error.message ${JSON.stringify(messageOf(invisible))}`
          : null;
  if (what === null) return null;
  return `${describeExchange(invisible)}: ${what}, where an id no resource has gets ${describeExchange(missing)}${what.startsWith("error.message") ? ` with ${JSON.stringify(messageOf(missing))}` : ""}: another organization's resource is answered exactly as a missing one`;
}

/** The first organization's records the other organization's first page of a list holds. */
async function listedToOther(context: Parameters<ActiveCheck["run"]>[0], operation: Operation, otherTarget: Target): Promise<string[]> {
  const query = pageQuery(operation, operation.extensions.pagination!.limit_maximum);
  const idsOf = (exchange: Exchange) => pageOf(exchange, operation).items.map(recordKeyOf);
  const own = idsOf(await list(context, operation, query));
  if (own.length === 0) return [];
  const theirs = await list({ ...context, target: otherTarget }, operation, query);
  const leaked = idsOf(theirs).filter((id) => own.includes(id));
  if (leaked.length === 0) return [];
  return [
    `${describeExchange(theirs)}: the second organization's page holds ${leaked.length} of the first organization's records (${leaked.slice(0, 3).join(", ")}${leaked.length > 3 ? ", …" : ""}): resources of other organizations are not visible`,
  ];
}
