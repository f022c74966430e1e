// The one-call form: an instance from createApiServer with the API plugin registered on it.
// Compose the two by hand to serve other routes beside the API on the same port.
import type { FastifyInstance } from "fastify";
import { signingPlatformApi, type ApiPluginOptions } from "./api-plugin.js";
import { createApiServer, type ApiServerOptions } from "./api-server.js";
import { checkApiOptions } from "./option-checks.js";

/** Options of {@link createApp}: those of the API plugin and of the server, with the limits of both. */
export interface AppOptions extends Omit<ApiPluginOptions, "limits">, Omit<ApiServerOptions, "limits"> {
  /** The source sets none (Limits: not shown). Defaults: 1 MiB body, 4096-character URI, the request head within 10 s. */
  limits?: NonNullable<ApiPluginOptions["limits"]> & NonNullable<ApiServerOptions["limits"]>;
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
export function createApp(options: AppOptions): FastifyInstance {
  // At the call, not when the instance is ready: one line naming the option.
  checkApiOptions("createApp", options);
  const { https, logger, limits, onInternalError, ...api } = options;
  const app = createApiServer({
    ...(https ? { https } : {}),
    ...(logger !== undefined ? { logger } : {}),
    ...(onInternalError ? { onInternalError } : {}),
    ...(limits ? { limits } : {}),
  });
  app.register(signingPlatformApi, { ...api, ...(limits ? { limits } : {}) });
  return app;
}
