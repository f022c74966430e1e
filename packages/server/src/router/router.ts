// Mounts one Fastify route per operation that has a handler (or that the fallback gives one),
// at the path and method the spec gives it, with the operation's descriptor in the route config: that is what every
// convention reads. A handler returns a typed reply; the router sends it, and turns an
// error reply into an ApiErrorResponse so it is rendered like any other.
import { baseUrlOf, type BaseUrl } from "../app/base-url.js";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from "fastify";
import type { Principal } from "../auth/principal.js";
import { assertCapability } from "../auth/authentication.js";
import { ApiErrorResponse, statusNotGiven } from "../errors/api-error-response.js";
import { operationTable } from "../generated/operations.js";
import type { OperationHandlers } from "../generated/handlers.js";
import { pagingOf } from "../pagination/pagination.js";
import "./fastify-types.js";
import type { HandlerContext, UntypedHandler } from "./handler-types.js";
import type { OperationDescriptor } from "./operation-descriptor.js";
import { decorateOperationHeaders, recordOperationHeaders } from "./operation-headers.js";

export interface RouterOptions {
  handlers: Partial<OperationHandlers>;
  /** The public base URL. */
  baseUrl: BaseUrl;
  /** The operations to mount; default: every operation of the spec. */
  operations?: readonly OperationDescriptor[];
  /** The handler of an operation `handlers` has none for; undefined leaves it unmounted. */
  fallback?: ((operation: OperationDescriptor) => UntypedHandler | undefined) | undefined;
  /** A served document's catalogue: the status of a code the package's catalogue lacks. */
  catalogueEntry?: ((code: string) => { status: number; condition?: string } | undefined) | undefined;
}

type AnyReply =
  | { status: number; body: unknown; headers?: Readonly<Record<string, string>> }
  | { status: number; error: { code: string; message?: string; details?: readonly { field?: string; code: string; message: string }[] } }
  | { status: number; headers?: Readonly<Record<string, string>> };
type AnyHandler = (request: unknown, context: HandlerContext) => AnyReply | Promise<AnyReply>;

/** The context a handler gets: one small object per request, its methods on the prototype. */
class Context implements HandlerContext {
  constructor(
    readonly raw: FastifyRequest,
    readonly principal: Principal,
    readonly operation: OperationDescriptor,
    readonly baseUrl: string,
  ) {}
  get requestId(): string {
    return this.raw.id;
  }
  get log(): FastifyBaseLogger {
    return this.raw.log;
  }
  requireCapability(capability: string): void {
    assertCapability(this.principal, capability);
  }
}

function contextOf(request: FastifyRequest, operation: OperationDescriptor, baseUrl: string): HandlerContext {
  const principal = request.principal;
  if (!principal) throw new Error("A handler ran without an authenticated principal: is the authentication plugin registered?");
  const context = new Context(request, principal, operation, baseUrl);
  const paging = operation.pagination ? pagingOf(request) : undefined;
  return paging ? Object.assign(context, { page: paging.page, paginate: paging.paginate }) : context;
}

function send(request: FastifyRequest, reply: FastifyReply, result: AnyReply): FastifyReply {
  if ("error" in result) {
    const { code, message, details } = result.error;
    throw new ApiErrorResponse(code, { status: result.status, ...(message !== undefined && { message }), ...(details && { details }) });
  }
  reply.code(result.status);
  if (result.headers) {
    reply.headers(result.headers);
    recordOperationHeaders(request, result.headers);
  }
  return "body" in result ? reply.send(result.body) : reply.send();
}

/**
 * The handler, with an error it throws for a code of the document's catalogue alone, and no
 * status, given the status and condition that catalogue has for the code.
 */
function withDocumentCodes(handler: AnyHandler, catalogueEntry: NonNullable<RouterOptions["catalogueEntry"]>): AnyHandler {
  const resolved = (thrown: unknown): never => {
    const options = thrown instanceof ApiErrorResponse ? statusNotGiven.get(thrown) : undefined;
    const entry = options && catalogueEntry((thrown as ApiErrorResponse).code);
    if (!entry) throw thrown;
    const message = options!.message ?? entry.condition;
    throw new ApiErrorResponse((thrown as ApiErrorResponse).code, {
      ...options,
      status: entry.status,
      ...(message !== undefined && { message }),
    });
  };
  return (request, context) => {
    try {
      const result = handler(request, context);
      return result instanceof Promise ? result.catch(resolved) : result;
    } catch (thrown) {
      return resolved(thrown);
    }
  };
}

export async function operationRoutes(fastify: FastifyInstance, options: RouterOptions): Promise<void> {
  const { handlers, operations = operationTable, fallback, catalogueEntry } = options;
  const baseUrl = baseUrlOf(options.baseUrl);
  decorateOperationHeaders(fastify);
  for (const operation of operations) {
    const given =
      (handlers as Record<string, AnyHandler | undefined>)[operation.operationId] ?? (fallback?.(operation) as AnyHandler | undefined);
    if (!given) continue;
    const handler = catalogueEntry ? withDocumentCodes(given, catalogueEntry) : given;
    // Synchronous when the handler is: no promise on that path.
    const routeHandler: RouteHandlerMethod = (request, reply) => {
      const result = handler(
        { params: request.params, query: request.query, headers: request.headers, body: request.body },
        contextOf(request, operation, baseUrl()),
      );
      return result instanceof Promise ? result.then((settled) => send(request, reply, settled)) : send(request, reply, result);
    };
    fastify.route({ method: operation.method, url: operation.routePath, config: { operation }, handler: routeHandler });
  }
}
