// Bodies the schema refuses (Errors › Error body: details[].field): each is 400, with a detail
// whose field names the value that is wrong. The bodies differ from a valid one by one value
// of the wrong type, drawn from the schema with the run's seed.
import type { ActiveCheck } from "../check.js";
import { verdict } from "../check.js";
import { expected } from "./findings.js";
import { idempotentOperations, keyHeader, label, some } from "./operations.js";

const BODIES_PER_OPERATION = 3;

export const invalidBodyRefused: ActiveCheck = {
  kind: "active",
  id: "invalid-body",
  area: "errors",
  clause: "Errors › Error body",
  title: "A body its schema refuses is 400, with details[].field naming the wrong value.",
  async run(context) {
    const { contract, values, target, known } = context;
    const operations = some(
      contract.operations.filter((operation) => operation.body),
      "operation with a JSON body",
    );
    const keyed = new Set(idempotentOperations(contract));
    const failures: string[] = [];
    for (const operation of operations) {
      for (const { body, field } of values.invalidBodies(operation, BODIES_PER_OPERATION)) {
        const exchange = await target.send({
          method: operation.method.toUpperCase(),
          path: known.pathWithPlaceholder(operation),
          // As JSON text, so a body that is itself a string or a number is sent as JSON too.
          body: JSON.stringify(body),
          headers: {
            "content-type": "application/json",
            ...(keyed.has(operation) ? { [keyHeader(contract, operation)]: values.idempotencyKey(operation) } : {}),
          },
          operation: { path: operation.path, method: operation.method },
        });
        const details = (exchange.response.json as { error?: { details?: Array<{ field?: unknown }> } } | undefined)?.error?.details ?? [];
        const named = details.some(
          (detail) =>
            typeof detail.field === "string" &&
            (detail.field === field || field.startsWith(`${detail.field}.`) || detail.field.startsWith(field)),
        );
        if (exchange.response.status !== 400 || !named) failures.push(expected(exchange, `400 naming ${field} (${label(operation)})`));
      }
    }
    return verdict(failures);
  },
};
