// Every resource response carries an ETag (Endpoints › General rules), the answer of a write
// too: a client that creates or updates a resource keeps its tag for the next conditional
// read or write. Judged over the writes the run made that succeeded with a resource (the
// idempotency checks create through the API's idempotent writes).
import type { PassiveCheck } from "../check.js";
import { skip, verdict } from "../outcome.js";
import { isSuccess } from "../exchange.js";
import { findingsOver } from "./findings.js";

const WRITES = new Set(["POST", "PUT", "PATCH"]);

export const createdEntityTag: PassiveCheck = {
  kind: "passive",
  id: "created-entity-tag",
  area: "conditional requests",
  clause: "Endpoints",
  title: "A create (201) or an update that answers with the resource carries an ETag.",
  judge(exchanges, contract) {
    const name =
      contract.operations.find((operation) => operation.extensions.conditionalRequest)?.extensions.conditionalRequest?.response_header ??
      "ETag";
    const writes = exchanges.filter(
      ({ request, response }) =>
        request.operation !== null &&
        WRITES.has(request.method) &&
        isSuccess(response.status) &&
        response.json !== null &&
        typeof response.json === "object" &&
        !Array.isArray(response.json),
    );
    if (writes.length === 0) return skip("no write of this run answered with a resource (run it with the idempotency checks)");
    return verdict(
      findingsOver(writes, ({ response }) =>
        response.headers[name.toLowerCase()] ? null : `no ${name} header: every resource response carries one`,
      ),
    );
  },
};
