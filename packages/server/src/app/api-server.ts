// The Fastify instance the API plugin runs on. Some requests never reach a route: Node's
// parser refuses a head too large or malformed, Fastify refuses a URL it cannot decode, Node
// would answer `Expect` with a bare 417 and drop CONNECT without a word, and a `*` target
// names no resource for any route to take. Those are the instance's to answer, so they are
// set here, each with the error body, a Request-Id and the rate-limit headers of the client's
// address (Errors › Headers on every response).
import type { ServerOptions as HttpsServerOptions } from "node:https";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from "fastify";
import { ApiErrorResponse } from "../errors/api-error-response.js";
import { clientErrorHandler, refuseOnSocket } from "../errors/client-errors.js";
import { sendError } from "../errors/error-rendering.js";
import { setInternalErrorReporter, stderrInternalErrorReporter, type InternalErrorReporter } from "../errors/internal-errors.js";
import { rateLimitHeaders } from "../rate-limit/quota.js";
import { peekOfServer } from "../rate-limit/rate-limit.js";
import { generateRequestId } from "../request-id/request-id.js";

/** Options of {@link createApiServer}: the request head timeout, TLS and the logger. */
export interface ApiServerOptions {
  /** The request head must arrive within this (default 10 s), or the answer is 408. */
  limits?: { headersTimeoutMs?: number };
  /** TLS, with `requestCert: true` and the client CA in `ca` for mutual TLS. */
  https?: HttpsServerOptions;
  /** Fastify's logger option. Default off: the cause of a 500 is then one line on stderr (see `onInternalError`). */
  logger?: FastifyServerOptions["logger"];
  /**
   * Told the cause of every 500 internal_error instead of the logger. Default: Fastify's
   * logger when `logger` is given, else one line on stderr (Request-Id, method, route and the
   * cause's class, message and first stack frame; never the body or a header).
   */
  onInternalError?: InternalErrorReporter;
}

/** How long a client has to send the request head before it is answered 408. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;

/**
 * Largest request head Node accepts, so that URIs up to it reach the 414 check instead of the
 * parser. Over it, the answer is 414 when the request target alone took the head over, 431
 * when header fields did.
 */
export const MAX_HEADER_BYTES = 64 * 1024;

/**
 * A Fastify instance set up the way the API needs (request head size and timeout, Request-Id and the error body for what the HTTP parser refuses), not yet listening and without the API plugin.
 * @example
 * ```ts
 * import { createApiServer } from "@signing-platform/server";
 *
 * const app = createApiServer({ limits: { headersTimeoutMs: 10_000 }, logger: true });
 * app.get("/healthz", async () => ({ ok: true }));
 * await app.listen({ port: 4010 });
 * ```
 */
export function createApiServer(options: ApiServerOptions = {}): FastifyInstance {
  const {
    limits = {},
    https,
    logger = false,
    onInternalError = options.logger === undefined ? stderrInternalErrorReporter : undefined,
  } = options;
  const { headersTimeoutMs = DEFAULT_HEADERS_TIMEOUT_MS } = limits;
  const nodeServerOptions = {
    maxHeaderSize: MAX_HEADER_BYTES,
    requireHostHeader: false,
    headersTimeout: headersTimeoutMs,
    connectionsCheckingInterval: 1000,
  };

  // The rate-limit plugin registers its counters under the Node server: these answers come
  // before any plugin context, and read them from there.
  const peek = async (clientAddress: string) =>
    (await peekOfServer(app.server)?.({ organizationId: null, operationId: null, clientAddress })) ?? null;
  // Answers a request refused before routing, with what the API's hooks would have added.
  const refuseRequest = async (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    const state = await peek(request.ip).catch(() => null);
    return sendError(request, state ? reply.headers(rateLimitHeaders(state)) : reply, error);
  };
  const serverOptions = {
    logger,
    genReqId: generateRequestId,
    requestIdHeader: false,
    // Long parameters are the 414 check's to refuse, with the error body, not the router's.
    routerOptions: { maxParamLength: MAX_HEADER_BYTES },
    // A malformed URL is refused before routing, so no hook runs: add what they would have.
    frameworkErrors: (error, request, reply) => void refuseRequest(request, reply, error),
    clientErrorHandler: clientErrorHandler(generateRequestId, peek),
    // An HTTP/1.1 request without Host is refused by the request-limits hook, with the error body, not by Node's bare 400.
    // A head not complete within headersTimeoutMs is 408; Node checks every second (30 s by default).
    ...(https ? { https: { ...nodeServerOptions, ...https } } : { http: nodeServerOptions }),
  } satisfies FastifyServerOptions & { https?: HttpsServerOptions; http?: object };
  const app = Fastify(serverOptions as FastifyServerOptions) as unknown as FastifyInstance;
  if (onInternalError) setInternalErrorReporter(app, onInternalError);
  // An Expect the server does not act on is ignored (RFC 9110 lets it answer 417 or not): the
  // request is served as if it had none, so it gets every convention instead of Node's bare 417.
  app.server.on("checkExpectation", (request, response) => app.server.emit("request", request, response));
  // CONNECT is no method of this API; unanswered, Node would drop the connection without a word.
  const refuse = refuseOnSocket(generateRequestId, peek);
  app.server.on("connect", (_request, socket) =>
    refuse(socket, new ApiErrorResponse("bad_request", { message: "CONNECT is not supported." })),
  );
  // The asterisk-form target (RFC 9112) is OPTIONS's alone, asking about the server as a
  // whole; Node takes it, and anything else starting with `*`, on any method. Left to the
  // router, `GET *` would be a 404 or a 401 as if `*` were a path: it is malformed, 400. The
  // first hook of the instance, so it runs before the API's and any other route's.
  app.addHook("onRequest", (request, reply, done) => {
    const target = request.raw.url ?? "";
    if (!target.startsWith("*") || (target === "*" && request.method === "OPTIONS")) return done();
    // Answered from the hook, so done is not called: the chain stops here.
    void refuseRequest(
      request,
      reply,
      new ApiErrorResponse("bad_request", { message: "The request target is not a path: * alone is for OPTIONS only." }),
    );
  });
  return app;
}
