// Each code of the catalogue is answered with its status (Errors › Error codes): a client that
// branches on the status (retry a 409? show a 422's ground?) goes wrong when a code comes at
// another. Judged over every error the run was answered, with one request of its own that
// asks for the API's own refusals: an empty object to each write that takes a body, which
// the schemas may accept but the operation's rules should not (sent with its own
// idempotency key, so a retried run does nothing twice).
import type { ActiveCheck } from "../check.js";
import { pass, verdict } from "../outcome.js";
import { errorCodeOf, isSuccess } from "../exchange.js";
import { findingsOver } from "./findings.js";
import { idempotentOperations, label, newKeyHeader, requestFor } from "./operations.js";

export const errorCodeStatus: ActiveCheck = {
  kind: "active",
  id: "error-code-status",
  area: "errors",
  clause: "Errors › Error codes",
  title: "Every code of the catalogue is answered with the status the catalogue gives it.",
  async run(context) {
    const { contract, target, known, exchanges } = context;
    const catalogue = contract.errorCodes;
    if (!catalogue) return pass("the document has no error catalogue");
    const accepted: string[] = [];
    for (const operation of idempotentOperations(contract).filter((candidate) => candidate.body)) {
      if (target.remaining < 1) break;
      const exchange = await target.send({ ...requestFor(known, operation), body: {}, headers: newKeyHeader(context, operation) });
      if (isSuccess(exchange.response.status)) accepted.push(label(operation));
    }
    return verdict(
      findingsOver(exchanges, ({ response }) => {
        const code = errorCodeOf(response);
        const status = code ? catalogue[code]?.status : undefined;
        if (response.status < 400 || typeof status !== "number" || status === response.status) return null;
        return `the server answered ${code} with ${response.status}, where the catalogue gives ${code} the status ${status}`;
      }),
      accepted.length > 0 ? `an empty body was accepted by ${accepted.join(", ")}` : undefined,
    );
  },
};
