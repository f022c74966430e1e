// ETag on every resource response, and 304 on a matching If-None-Match (Endpoints: "every
// resource response carries an ETag header"; GET /certificates/{id}; docs/decisions.md#entity-tags). The tag
// is computed from the bytes about to be sent, so it changes exactly when the
// representation does, with nothing for a handler to remember. Which responses carry one,
// and which operations answer 304, is the spec's: the responses that declare ETag, and the
// operations with x-signing-platform-conditional-request.
import { Readable } from "node:stream";
import { headerNames } from "@signing-platform/types";
import type { FastifyInstance } from "fastify";
import fastifyPlugin from "fastify-plugin";
import "../router/fastify-types.js";
import type { OperationDescriptor } from "../router/operation-descriptor.js";
import { entityTagOf, ifNoneMatchMatches } from "./entity-tag.js";

/** The statuses of an operation whose responses the spec gives an ETag, read once per operation. */
const taggedStatuses = new WeakMap<OperationDescriptor, ReadonlySet<number>>();
function statusesWithEntityTag(operation: OperationDescriptor): ReadonlySet<number> {
  let statuses = taggedStatuses.get(operation);
  if (!statuses) {
    statuses = new Set(
      Object.entries(operation.responses)
        .filter(([, response]) => response.headers.includes(headerNames.entity_tag))
        .map(([status]) => Number(status)),
    );
    taggedStatuses.set(operation, statuses);
  }
  return statuses;
}

async function conditionalRequestsPlugin(fastify: FastifyInstance): Promise<void> {
  fastify.addHook("onSend", (request, reply, payload, done) => {
    const operation = request.routeOptions.config.operation;
    if (!operation || !statusesWithEntityTag(operation).has(reply.statusCode)) return done(null, payload);
    if (typeof payload !== "string" && !(payload instanceof Uint8Array)) return done(null, payload);
    const tag = entityTagOf(payload);
    reply.header(headerNames.entity_tag, tag);
    const conditional = operation.conditionalRequest;
    if (!conditional || (request.method !== "GET" && request.method !== "HEAD")) return done(null, payload);
    const condition = request.headers[conditional.request_header.toLowerCase()];
    if (!ifNoneMatchMatches(Array.isArray(condition) ? condition.join(", ") : condition, tag)) return done(null, payload);
    // 304: no body, but the ETag, the Request-Id and the rate-limit headers stay.
    reply.code(conditional.not_modified_status);
    reply.removeHeader("content-type");
    reply.removeHeader("content-length");
    // Fastify's HEAD handler, which runs after this hook, reads the payload as a string or
    // a stream; an empty stream keeps it from writing a Content-Length of 0.
    done(null, request.method === "HEAD" ? Readable.from([]) : null);
  });
}

export const conditionalRequests = fastifyPlugin(conditionalRequestsPlugin, {
  name: "signing-platform-conditional-requests",
  fastify: "5.x",
});
