// Entity tags (Endpoints; docs of the API: entity tags): a resource read carries ETag, a quoted
// entity tag, and the same read with If-None-Match of it is 304 with no body and the same tag,
// while a tag the resource does not have gets the resource.
import type { ActiveCheck, ActiveContext } from "../check.js";
import { SkipCheck, skip, verdict, type Outcome } from "../outcome.js";
import type { Operation } from "../contract.js";
import { describeExchange } from "../exchange.js";
import { expected } from "./findings.js";
import { conditionalOperations, some } from "./operations.js";

/** An entity tag as RFC 9110 writes it: strong "…" or weak W/"…". */
const ENTITY_TAG = /^(?:W\/)?"[\x21\x23-\x7E\x80-\xFF]*"$/;
/** A tag no resource has. */
const STALE_TAG = '"conformance-stale-tag"';

async function read(context: ActiveContext, operation: Operation, headers: Record<string, string> = {}) {
  return context.target.send({
    method: "GET",
    path: await context.known.pathWithId(operation),
    headers,
    operation: { path: operation.path, method: operation.method },
  });
}

/**
 * Runs `test` on every conditional read; one that cannot be tested (no id to read) is passed
 * over, and the check skips only when none could be.
 */
async function onEachConditionalRead(
  context: ActiveContext,
  test: (operation: Operation, failures: string[]) => Promise<void>,
): Promise<Outcome> {
  const failures: string[] = [];
  const skipped: string[] = [];
  const operations = some(conditionalOperations(context.contract), "conditional read");
  for (const operation of operations) {
    try {
      await test(operation, failures);
    } catch (error) {
      if (!(error instanceof SkipCheck)) throw error;
      skipped.push(error.reason);
    }
  }
  if (skipped.length === operations.length) return skip(skipped.join("; "));
  return verdict(failures, undefined, skipped);
}

export const entityTagOnResources: ActiveCheck = {
  kind: "active",
  id: "entity-tag",
  area: "conditional requests",
  clause: "Endpoints",
  title: "A resource read that takes If-None-Match answers with an ETag, a quoted entity tag.",
  run: (context) =>
    onEachConditionalRead(context, async (operation, failures) => {
      const exchange = await read(context, operation);
      const name = operation.extensions.conditionalRequest!.response_header;
      const tag = exchange.response.headers[name.toLowerCase()];
      if (exchange.response.status !== 200) return;
      if (!tag) failures.push(expected(exchange, `an ${name} header`));
      else if (!ENTITY_TAG.test(tag))
        failures.push(
          `${describeExchange(exchange)}: ${name}: ${tag} is not an entity tag: expected a quoted value, "…" or W/"…" (RFC 9110)`,
        );
    }),
};

export const notModified: ActiveCheck = {
  kind: "active",
  id: "not-modified",
  area: "conditional requests",
  clause: "Endpoints",
  title: "If-None-Match with the current ETag is 304, with no body and the same ETag; with another tag, 200 with the resource.",
  run: (context) =>
    onEachConditionalRead(context, async (operation, failures) => {
      const { request_header, response_header, not_modified_status } = operation.extensions.conditionalRequest!;
      const first = await read(context, operation);
      const tag = first.response.headers[response_header.toLowerCase()];
      if (!tag) throw new SkipCheck(`${first.request.method} ${first.request.path} gave no ${response_header} to send back`);
      const again = await read(context, operation, { [request_header]: tag });
      if (again.response.status !== not_modified_status)
        failures.push(expected(again, `${not_modified_status} for ${request_header}: ${tag}`));
      else if (again.response.text !== "") failures.push(expected(again, "no body on a 304"));
      else if (again.response.headers[response_header.toLowerCase()] !== tag)
        failures.push(expected(again, `${response_header} ${tag} on the 304`));
      // A tag the resource does not have: the resource, not a 304.
      const other = await read(context, operation, { [request_header]: STALE_TAG });
      if (other.response.status !== 200 || other.response.text === "")
        failures.push(
          expected(
            other,
            `200 with the resource for ${request_header}: ${STALE_TAG}, a tag it does not have (its ${response_header} is ${tag})`,
          ),
        );
    }),
};
