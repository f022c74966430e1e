// The API as a Fastify plugin: the operations it is given handlers for, with every convention
// of the interface document applied to every route of its context, in this order:
//
//   onRequest    Request-Id → authentication (resolve) → rate limit (429) → URI length
//                (414) → load shedding (503)
//   preParsing   401 unauthenticated / credential_binding_mismatch → 403 capability
//   (body)       415 unsupported_media_type, 413 payload_too_large, 400 malformed JSON
//   preValidation  rejectRequest (optional) → 400 schema (parameters, body) → cursor (400)  [operation routes]
//   preHandler   Idempotency-Key: 400 / replay / 409                   [POST, PUT, PATCH]
//   handler      your code
//   onSend       response check (optional) → ETag / 304 → idempotency outcome stored
//   onError      rate-limit headers for a request refused before it was counted
//
// Every error is the error body with request_id equal to Request-Id. Like every plugin made
// with fastify-plugin, it adds its hooks to the context it is registered in: to serve other
// routes (a console, a health check) beside the API without them, register it inside a
// context of its own. Register it on an instance made by `createApiServer`, which answers
// what Node refuses before any route runs.
import type { FastifyPluginAsync } from "fastify";
import fastifyPlugin from "fastify-plugin";
import { authentication, type AuthenticationOptions } from "../auth/authentication.js";
import { conditionalRequests } from "../conditional/conditional-requests.js";
import { connectionLimits, type ConnectionLimitOptions } from "../connection/connection-limits.js";
import { errorRendering } from "../errors/error-rendering.js";
import type { OperationHandlers } from "../generated/handlers.js";
import type { UntypedHandler } from "../router/handler-types.js";
import type { OperationDescriptor } from "../router/operation-descriptor.js";
import { specBaseUrl } from "../generated/operations.js";
import { idempotency, type IdempotencyOptions } from "../idempotency/idempotency.js";
import { compileDocument, isCompiledDocument, type OpenApiDocumentSource } from "../document/document-operations.js";
import { loadShedding, type LoadSheddingOptions } from "../load-shedding/load-shedding.js";
import { pagination } from "../pagination/pagination.js";
import { rateLimit, type RateLimitOptions } from "../rate-limit/rate-limit.js";
import { requestRejection, type RejectRequest } from "../reject-request/reject-request.js";
import { requestId } from "../request-id/request-id.js";
import { responseCheck, type ResponseCheckOptions } from "../response-check/response-check.js";
import { checkOperationRoute } from "../router/descriptor-checks.js";
import { operationRoutes } from "../router/router.js";
import { DEFAULT_MAX_URI_LENGTH, requestLimits } from "../validation/request-limits.js";
import { requestValidation } from "../validation/request-validation.js";
import type { BaseUrl } from "./base-url.js";
import { checkApiOptions } from "./option-checks.js";

/** Options of the {@link signingPlatformApi} plugin (and of `createApp`): the handlers, authentication, cursor secret and every convention's settings. */
export interface ApiPluginOptions {
  /** The business logic: one handler per operation; operations without one are not mounted, unless `fallback` serves them. */
  handlers: Partial<OperationHandlers>;
  /**
   * Serves the operations `handlers` has no handler for: called once for each of them when the
   * plugin is registered, it returns the handler that answers the operation's requests, behind
   * every convention as a handler of `handlers` is, or `undefined` to leave the operation
   * unmounted (as every one is without this option). An operation with a handler in `handlers`
   * never reaches it.
   *
   * @example
   * ```ts
   * fallback: (operation) => () => ({
   *   status: 500,
   *   error: { code: "internal_error", message: `${operation.operationId} is not written yet.` },
   * }),
   * ```
   */
  fallback?: (operation: OperationDescriptor) => UntypedHandler | undefined;
  /** Token → application, certificate → application, and the capability each operation needs. */
  authentication: AuthenticationOptions;
  /** Signs pagination cursors (docs/decisions.md#cursor-pagination): at least 32 characters; `[current, previous]` while rotating. */
  cursorSecret: string | readonly string[];
  /** The public base URL, for `next` links; a function when it is known only once the server listens. Default: the spec's server URL. */
  baseUrl?: BaseUrl;
  /** The idempotency store (memory by default; Redis from @signing-platform/server/redis) and windows. */
  idempotency?: IdempotencyOptions;
  /** Quotas per organization and endpoint, and their store. */
  rateLimit?: RateLimitOptions;
  /** When to answer 503 instead of serving. */
  loadShedding?: LoadSheddingOptions;
  /** Backpressure per connection: how many pipelined requests and unread response bytes one may hold. */
  connections?: ConnectionLimitOptions;
  /** The source sets none (Limits: not shown). Defaults: 1 MiB body, 4096-character URI. */
  limits?: { maxBodyBytes?: number; maxUriLength?: number };
  /** Check every response against the spec and replace a violation by a loud 500. Default off; turn on in development and tests. */
  checkResponses?: boolean | ResponseCheckOptions;
  /**
   * Refuses a request of an operation before it is validated: return the error to answer with,
   * or `undefined` to go on. Called after authentication and the capability check, before
   * request validation and before the Idempotency-Key is claimed, so a refused request needs no
   * body the schema accepts and no key, and its refusal is never replayed. The error is
   * answered like any other (error body, Request-Id, rate-limit headers); response checking
   * leaves it as it is, so it may carry a code the operation does not declare.
   *
   * @example
   * ```ts
   * rejectRequest: (request) =>
   *   request.headers["x-maintenance"] === "on" ? new ApiErrorResponse("service_unavailable") : undefined,
   * ```
   */
  rejectRequest?: RejectRequest;
  /**
   * The OpenAPI document to serve (a parsed object, or the path of a YAML or JSON file):
   * every operation of it with a handler, each convention read from its
   * x-signing-platform-* extensions and its schemas. Default: the package's own document.
   * A document the server cannot serve is refused at start-up in one line naming the place.
   */
  document?: OpenApiDocumentSource;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

const apiPlugin: FastifyPluginAsync<ApiPluginOptions> = async (fastify, options) => {
  checkApiOptions("signingPlatformApi", options);
  const {
    handlers,
    authentication: authenticationOptions,
    cursorSecret,
    baseUrl: givenBaseUrl,
    idempotency: idempotencyOptions = {},
    rateLimit: rateLimitOptions = {},
    loadShedding: loadSheddingOptions = {},
    connections: connectionLimitOptions = {},
    limits = {},
    checkResponses = false,
    rejectRequest,
    fallback,
    document,
  } = options;
  const { maxBodyBytes = DEFAULT_MAX_BODY_BYTES, maxUriLength = DEFAULT_MAX_URI_LENGTH } = limits;
  const served =
    document === undefined ? undefined : isCompiledDocument(document) ? document : compileDocument("signingPlatformApi", document);
  const baseUrl = givenBaseUrl ?? served?.baseUrl ?? specBaseUrl;
  // The body limit is the API's, not the instance's: other routes on the instance keep theirs.
  fastify.addHook("onRoute", (route) => {
    route.bodyLimit ??= maxBodyBytes;
    // A route of the API, the router's or one added by hand, fails at start-up when its descriptor cannot serve it.
    const operation = route.config?.operation;
    if (operation) checkOperationRoute(route.method, route.url, operation);
  });
  await fastify.register(errorRendering);
  await fastify.register(connectionLimits, connectionLimitOptions);
  await fastify.register(requestId);
  await fastify.register(authentication, authenticationOptions);
  await fastify.register(rateLimit, rateLimitOptions);
  await fastify.register(requestLimits, { maxUriLength });
  await fastify.register(loadShedding, loadSheddingOptions);
  // Before request validation: both add preValidation hooks to each operation's route, in this order.
  if (rejectRequest) await fastify.register(requestRejection, { rejectRequest });
  await fastify.register(requestValidation);
  await fastify.register(pagination, { cursorSecret, baseUrl });
  if (checkResponses) await fastify.register(responseCheck, checkResponses === true ? {} : checkResponses);
  await fastify.register(conditionalRequests);
  await fastify.register(idempotency, idempotencyOptions);
  await fastify.register(operationRoutes, {
    handlers,
    baseUrl,
    fallback,
    ...(served && { operations: served.operations, catalogueEntry: served.catalogueEntry }),
  });
};

/**
 * The Signing Platform API as a Fastify plugin: every operation with a handler, and every convention of the interface document on each route. Register it in a context of its own to serve other routes beside it without the API's conventions.
 * @example
 * ```ts
 * import { createApiServer, signingPlatformApi, staticCredentialResolver } from "@signing-platform/server";
 *
 * const app = createApiServer();
 * app.register(async (api) => {
 *   await api.register(signingPlatformApi, {
 *     handlers: {},
 *     authentication: { resolver: staticCredentialResolver({ tokens: {} }) },
 *     cursorSecret: "a secret of at least thirty-two characters",
 *   });
 * });
 * app.get("/healthz", async () => ({ ok: true }));
 * ```
 */
export const signingPlatformApi = fastifyPlugin(apiPlugin, { name: "signing-platform-api", fastify: "5.x" });
