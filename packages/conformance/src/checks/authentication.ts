// Authentication: no credentials is 401 on every operation that asks for them, and a resource
// of another organization answers exactly as a missing one (Authentication 4).
import type { ActiveCheck } from "../check.js";
import { skip, verdict } from "../check.js";
import { errorMismatch, expected } from "./findings.js";
import { idempotentOperations, keyHeader, label, some } from "./operations.js";

export const unauthenticatedWithoutCredentials: ActiveCheck = {
  kind: "active",
  id: "unauthenticated",
  area: "authentication",
  clause: "Authentication",
  title: "A request without credentials is 401 unauthenticated, on every operation that asks for them.",
  async run({ contract, target, known, values }) {
    const operations = some(
      contract.operations.filter((operation) => operation.secured),
      "operation that asks for credentials",
    );
    target.reserve(operations.length);
    const writes = new Set(idempotentOperations(contract));
    const failures: string[] = [];
    for (const operation of operations) {
      // Everything else about the request is right, so credentials are all it lacks.
      const exchange = await target.send({
        method: operation.method.toUpperCase(),
        path: known.pathWithPlaceholder(operation),
        anonymous: true,
        ...(operation.body ? { body: values.validBody(operation) } : {}),
        ...(writes.has(operation) ? { headers: { [keyHeader(contract, operation)]: values.idempotencyKey(operation) } } : {}),
        operation: { path: operation.path, method: operation.method },
      });
      const code = contract.errorCodes && !contract.errorCodes.unauthenticated ? undefined : "unauthenticated";
      const found = errorMismatch(exchange, 401, code, "for a request without credentials");
      if (found) failures.push(found);
    }
    return verdict(failures);
  },
};

export const otherOrganizationIsNotFound: ActiveCheck = {
  kind: "active",
  id: "other-organization",
  area: "authentication",
  clause: "Authentication",
  title: "A resource of another organization is 404 not_found, as a missing one.",
  async run({ contract, target, otherTarget, known }) {
    if (!otherTarget) return skip("needs a second organization's credentials (--other-token)");
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
      const exchange = await otherTarget.send({ method: "GET", path, operation: { path: operation.path, method: "get" } });
      if (exchange.response.status !== 404)
        failures.push(expected(exchange, `404 not_found for another organization's resource (${label(operation)})`));
    }
    if (tried === 0) return skip("no resource of the first organization was found to read");
    return verdict(failures);
  },
};
