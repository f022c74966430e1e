// Requests past what the server takes, each refused before any work with its own status
// (Errors › HTTP statuses): a body too large (413), a URI too long (414), a body that is not
// JSON (415). The document states no sizes (Limits: not shown), so the requests are far past
// any reasonable limit: an 8 MiB body and a URI of 8,000 characters.
import type { ActiveCheck, ActiveContext } from "../check.js";
import { verdict } from "../outcome.js";
import { expected } from "./findings.js";
import { idempotentOperations, newKeyHeader, paginatedOperations, requestFor, some } from "./operations.js";

const LARGE_BODY_BYTES = 8 * 1024 * 1024;
const LONG_URI_CHARACTERS = 8000;

function firstWriteWithBody(context: ActiveContext) {
  return some(
    idempotentOperations(context.contract).filter((operation) => operation.body),
    "write operation with a JSON body",
  )[0]!;
}

export const payloadTooLarge: ActiveCheck = {
  kind: "active",
  id: "payload-too-large",
  area: "limits",
  clause: "Errors › HTTP statuses",
  title: "A body of 8 MiB is 413 payload_too_large.",
  async run(context) {
    const operation = firstWriteWithBody(context);
    const body = `{"padding":"${"x".repeat(LARGE_BODY_BYTES)}"}`;
    const exchange = await context.target.send({
      ...requestFor(context.known, operation),
      body,
      headers: { "content-type": "application/json", ...newKeyHeader(context, operation) },
    });
    return verdict(exchange.response.status === 413 ? [] : [expected(exchange, "413 for a body of 8 MiB")]);
  },
};

export const uriTooLong: ActiveCheck = {
  kind: "active",
  id: "uri-too-long",
  area: "limits",
  clause: "Errors › HTTP statuses",
  title: "A URI of 8,000 characters is 414 uri_too_long.",
  async run(context) {
    const operation = some(
      paginatedOperations(context.contract).concat(context.contract.operations.filter((candidate) => candidate.method === "get")),
      "read operation",
    )[0]!;
    const request = requestFor(context.known, operation);
    const exchange = await context.target.send({ ...request, path: `${request.path}?padding=${"x".repeat(LONG_URI_CHARACTERS)}` });
    return verdict(exchange.response.status === 414 ? [] : [expected(exchange, `414 for a URI of ${LONG_URI_CHARACTERS} characters`)]);
  },
};

export const unsupportedMediaType: ActiveCheck = {
  kind: "active",
  id: "unsupported-media-type",
  area: "limits",
  clause: "Errors › HTTP statuses",
  title: "A body sent as text/plain is 415 unsupported_media_type.",
  async run(context) {
    const operation = firstWriteWithBody(context);
    const exchange = await context.target.send({
      ...requestFor(context.known, operation),
      body: JSON.stringify(context.values.validBody(operation)),
      headers: { "content-type": "text/plain", ...newKeyHeader(context, operation) },
    });
    return verdict(exchange.response.status === 415 ? [] : [expected(exchange, "415 for a body sent as text/plain")]);
  },
};
