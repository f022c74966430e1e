// The app factory: a Fastify instance serving the operations it is given handlers for,
// with every convention of the interface document applied to every route, in this order:
//
//   onRequest    Request-Id → authentication (resolve) → rate limit (429) → URI length
//                (414) → load shedding (503)
//   preParsing   401 unauthenticated / credential_binding_mismatch → 403 capability
//   (body)       415 unsupported_media_type, 413 payload_too_large, 400 malformed JSON
//   preValidation  400 schema (parameters, body) → cursor (400)        [operation routes]
//   preHandler   Idempotency-Key: 400 / replay / 409                   [POST, PUT, PATCH]
//   handler      your code
//   onSend       response check (optional) → ETag / 304 → idempotency outcome stored
//   onError      rate-limit headers for a request refused before it was counted
//
// Every error is the error body with request_id equal to Request-Id.
import type { BaseUrl } from "./base-url.js";
import type { ServerOptions as HttpsServerOptions } from "node:https";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { authentication, type AuthenticationOptions } from "../auth/authentication.js";
import { conditionalRequests } from "../conditional/conditional-requests.js";
import { connectionLimits, type ConnectionLimitOptions } from "../connection/connection-limits.js";
import { ApiError } from "../errors/api-error.js";
import { clientErrorHandler, refuseOnSocket } from "../errors/client-errors.js";
import { errorRendering, sendError } from "../errors/error-rendering.js";
import type { OperationHandlers } from "../generated/handlers.js";
import { specBaseUrl } from "../generated/operations.js";
import { idempotency, type IdempotencyOptions } from "../idempotency/idempotency.js";
import { loadShedding, type LoadSheddingOptions } from "../load-shedding/load-shedding.js";
import { pagination } from "../pagination/pagination.js";
import { rateLimitHeaders } from "../rate-limit/quota.js";
import { rateLimit, type RateLimitOptions } from "../rate-limit/rate-limit.js";
import { generateRequestId, requestId } from "../request-id/request-id.js";
import { responseCheck, type ResponseCheckOptions } from "../response-check/response-check.js";
import { operationRoutes } from "../router/router.js";
import { DEFAULT_MAX_URI_LENGTH, requestLimits } from "../validation/request-limits.js";
import { requestValidation } from "../validation/request-validation.js";

export interface AppOptions {
  /** The business logic: one handler per operation; operations without one are not mounted. */
  handlers: Partial<OperationHandlers>;
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
  /** The source sets none (Limits: not shown). Defaults: 1 MiB body, 4096-character URI, the request head within 10 s. */
  limits?: { maxBodyBytes?: number; maxUriLength?: number; headersTimeoutMs?: number };
  /** Check every response against the spec and replace a violation by a loud 500. Default off; turn on in development and tests. */
  checkResponses?: boolean | ResponseCheckOptions;
  /** TLS, with `requestCert: true` and the client CA in `ca` for mutual TLS. */
  https?: HttpsServerOptions;
  /** Fastify's logger option. Default off. */
  logger?: FastifyServerOptions["logger"];
}

/** How long a client has to send the request head before it is answered 408. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;

/** Largest request head Node accepts, so that URIs up to it reach the 414 check instead of the parser. */
const MAX_HEADER_BYTES = 64 * 1024;

export function createApp(options: AppOptions): FastifyInstance {
  const {
    handlers,
    authentication: authenticationOptions,
    cursorSecret,
    baseUrl = specBaseUrl,
    idempotency: idempotencyOptions = {},
    rateLimit: rateLimitOptions = {},
    loadShedding: loadSheddingOptions = {},
    connections: connectionLimitOptions = {},
    limits = {},
    checkResponses = false,
    https,
    logger = false,
  } = options;
  const { maxBodyBytes = 1024 * 1024, maxUriLength = DEFAULT_MAX_URI_LENGTH, headersTimeoutMs = DEFAULT_HEADERS_TIMEOUT_MS } = limits;
  const nodeServerOptions = {
    maxHeaderSize: MAX_HEADER_BYTES,
    requireHostHeader: false,
    headersTimeout: headersTimeoutMs,
    connectionsCheckingInterval: 1000,
  };

  const peekByAddress = async (address: string) =>
    app.peekRateLimit ? app.peekRateLimit({ organizationId: null, operationId: null, clientAddress: address }) : null;
  const serverOptions = {
    logger,
    genReqId: generateRequestId,
    requestIdHeader: false,
    bodyLimit: maxBodyBytes,
    // Long parameters are the 414 check's to refuse, with the error body, not the router's.
    routerOptions: { maxParamLength: MAX_HEADER_BYTES },
    // A malformed URL is refused before routing, so no hook runs: add what they would have.
    frameworkErrors: (error, request, reply) => {
      const scope = { organizationId: null, operationId: null, clientAddress: request.ip };
      void (app.peekRateLimit?.(scope) ?? Promise.resolve(null))
        .catch(() => null)
        .then((state) => sendError(request, state ? reply.headers(rateLimitHeaders(state)) : reply, error));
    },
    clientErrorHandler: clientErrorHandler(generateRequestId, peekByAddress, maxUriLength),
    // A missing Host is refused by the request-limits hook, with the error body, not by Node's bare 400.
    // A head not complete within headersTimeoutMs is 408; Node checks every second (30 s by default).
    ...(https ? { https: { ...nodeServerOptions, ...https } } : { http: nodeServerOptions }),
  } satisfies FastifyServerOptions & { https?: HttpsServerOptions; http?: object };
  const app = Fastify(serverOptions as FastifyServerOptions) as unknown as FastifyInstance;
  // An Expect the server does not act on is ignored (RFC 9110 lets it answer 417 or not): the
  // request is served as if it had none, so it gets every convention instead of Node's bare 417.
  app.server.on("checkExpectation", (request, response) => app.server.emit("request", request, response));
  // CONNECT is no method of this API; unanswered, Node would drop the connection without a word.
  const refuse = refuseOnSocket(generateRequestId, peekByAddress);
  app.server.on("connect", (_request, socket) => refuse(socket, new ApiError("bad_request", { message: "CONNECT is not supported." })));

  app.register(errorRendering);
  app.register(connectionLimits, connectionLimitOptions);
  app.register(requestId);
  app.register(authentication, authenticationOptions);
  app.register(rateLimit, rateLimitOptions);
  app.register(requestLimits, { maxUriLength });
  app.register(loadShedding, loadSheddingOptions);
  app.register(requestValidation);
  app.register(pagination, { cursorSecret, baseUrl });
  if (checkResponses) app.register(responseCheck, checkResponses === true ? {} : checkResponses);
  app.register(conditionalRequests);
  app.register(idempotency, idempotencyOptions);
  app.register(operationRoutes, { handlers, baseUrl });
  return app;
}
