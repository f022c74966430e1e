// The one-call form: an instance from createApiServer with the API plugin registered on it.
// Compose the two by hand to serve other routes beside the API on the same port.
import type { FastifyInstance } from "fastify";
import { signingPlatformApi, type ApiPluginOptions } from "./api-plugin.js";
import { createApiServer, type ApiServerOptions } from "./api-server.js";
import { checkApiOptions } from "./option-checks.js";
import { checkOperationRoute } from "../router/descriptor-checks.js";
import { recordEarlyOperationRoutes } from "../router/route-hooks.js";
import type { DocumentHandler } from "../document/document-handlers.js";
import { compileDocument, type OpenApiDocumentSource } from "../document/document-operations.js";

/** Options of {@link createApp}: those of the API plugin and of the server, with the limits of both. */
export interface AppOptions extends Omit<ApiPluginOptions, "limits" | "document">, Omit<ApiServerOptions, "limits"> {
  /** The source sets none (Limits: not shown). Defaults: 1 MiB body, 4096-character URI, the request head within 10 s. */
  limits?: NonNullable<ApiPluginOptions["limits"]> & NonNullable<ApiServerOptions["limits"]>;
}

/**
 * Options of {@link createApp} serving a document of your own: its handlers by the document's operation ids.
 * `Handlers` is the `Handlers` interface `generateServerHandlers` (of \@signing-platform/generator) writes for the document; untyped without it.
 */
export interface DocumentAppOptions<Handlers extends object = Readonly<Record<string, DocumentHandler>>>
  extends Omit<AppOptions, "handlers"> {
  /** The OpenAPI document to serve: a parsed object, or the path of a YAML or JSON file. */
  document: OpenApiDocumentSource;
  /** One handler per operation id of the document; operations without one are not mounted (404). */
  handlers: Partial<Handlers>;
}

/**
 * A Fastify instance serving the Signing Platform API: {@link createApiServer} with the {@link signingPlatformApi} plugin registered on it, not yet listening.
 * @example
 * ```ts
 * import { createApp, notFound, staticCredentialResolver } from "@signing-platform/server";
 *
 * const app = createApp({
 *   cursorSecret: "a secret of at least thirty-two characters",
 *   authentication: {
 *     resolver: staticCredentialResolver({
 *       tokens: { "token-a": { principal: { applicationId: "app_a", organizationId: "org_a", capabilities: [] } } },
 *     }),
 *   },
 *   handlers: {
 *     getCertificate: () => {
 *       throw notFound();
 *     },
 *   },
 * });
 * await app.listen({ port: 4010 });
 * ```
 */
export function createApp(options: AppOptions): FastifyInstance;
/**
 * A Fastify instance serving the operations of your own OpenAPI document with every convention its x-signing-platform-* extensions declare, not yet listening. A document it cannot serve throws at the call, in one line naming the place.
 * @example
 * ```ts
 * import { createApp, staticCredentialResolver } from "@signing-platform/server";
 *
 * const app = createApp({
 *   document: "openapi.yaml",
 *   cursorSecret: "a secret of at least thirty-two characters",
 *   authentication: { resolver: staticCredentialResolver({ tokens: {} }) },
 *   handlers: {
 *     cancelSigningRequest: ({ params }) => ({ status: 200, body: { id: params.id, status: "cancelled" } }),
 *   },
 * });
 * ```
 */
export function createApp<Handlers extends object = Readonly<Record<string, DocumentHandler>>>(
  options: DocumentAppOptions<Handlers>,
): FastifyInstance;
export function createApp(options: AppOptions | DocumentAppOptions<object>): FastifyInstance {
  // At the call, not when the instance is ready: one line naming the option, or the place of the document.
  checkApiOptions("createApp", options);
  const document = "document" in options && options.document !== undefined ? compileDocument("createApp", options.document) : undefined;
  const { https, logger, limits, onInternalError, ...api } = options;
  const app = createApiServer({
    ...(https ? { https } : {}),
    ...(logger !== undefined ? { logger } : {}),
    ...(onInternalError ? { onInternalError } : {}),
    ...(limits ? { limits } : {}),
  });
  // Routes the caller adds before the plugin has loaded get its conventions too.
  recordEarlyOperationRoutes(app, (route) => checkOperationRoute(route.method, route.url, route.config!.operation!));
  app.register(signingPlatformApi, {
    ...(api as ApiPluginOptions),
    ...(limits ? { limits } : {}),
    ...(document && { document: document as unknown as OpenApiDocumentSource }),
  });
  return app;
}
