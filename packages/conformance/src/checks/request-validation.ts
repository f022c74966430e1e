// Bodies the schema refuses (Errors › Error body: details[].field): each is 400, with a detail
// whose field names the value that is wrong. The bodies differ from a valid one by one value
// of the wrong type, drawn from the schema with the run's seed.
import type { ActiveCheck } from "../check.js";
import { verdict } from "../outcome.js";
import { describeExchange, type Exchange } from "../exchange.js";
import { newKeyHeader, requestFor, some } from "./operations.js";

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
    const failures: string[] = [];
    for (const operation of operations) {
      for (const { body, field } of values.invalidBodies(operation, BODIES_PER_OPERATION)) {
        const exchange = await target.send({
          ...requestFor(known, operation),
          // As JSON text, so a body that is itself a string or a number is sent as JSON too.
          body: JSON.stringify(body),
          headers: { "content-type": "application/json", ...newKeyHeader(context, operation) },
        });
        const found = refusalProblem(exchange, field);
        if (found) failures.push(`${describeExchange(exchange)}: ${found} (a body whose ${field} has the wrong type)`);
      }
    }
    return verdict(failures);
  },
};

/** What is wrong with the refusal of a body whose `field` is wrong: the status, the body, or the details. */
function refusalProblem(exchange: Exchange, field: string): string | null {
  const { response } = exchange;
  if (response.status !== 400) return `expected 400 with a detail naming ${field}`;
  const error = (response.json as { error?: { details?: unknown } } | undefined)?.error;
  if (!error || typeof error !== "object")
    return `the status is right, but the body is not the error body, whose details[].field would name ${field}`;
  const details = Array.isArray(error.details) ? (error.details as Array<{ field?: unknown }>) : [];
  const fields = details.map((detail) => detail.field).filter((name): name is string => typeof name === "string");
  const named = fields.some((name) => name === field || field.startsWith(`${name}.`) || name.startsWith(field));
  if (named) return null;
  const said = fields.length > 0 ? `they name ${fields.join(", ")}` : details.length > 0 ? "no detail has a field" : "details is empty";
  return `the status is right, but no details[].field names ${field} (${said})`;
}
