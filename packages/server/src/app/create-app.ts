// The one-call form: an instance from createApiServer with the API plugin registered on it.
// Compose the two by hand to serve other routes beside the API on the same port.
import type { FastifyInstance } from "fastify";
import { signingPlatformApi, type ApiPluginOptions } from "./api-plugin.js";
import { createApiServer, type ApiServerOptions } from "./api-server.js";

export interface AppOptions extends Omit<ApiPluginOptions, "limits">, Omit<ApiServerOptions, "limits"> {
  /** The source sets none (Limits: not shown). Defaults: 1 MiB body, 4096-character URI, the request head within 10 s. */
  limits?: NonNullable<ApiPluginOptions["limits"]> & NonNullable<ApiServerOptions["limits"]>;
}

export function createApp(options: AppOptions): FastifyInstance {
  const { https, logger, limits, ...api } = options;
  const app = createApiServer({ ...(https ? { https } : {}), ...(logger !== undefined ? { logger } : {}), ...(limits ? { limits } : {}) });
  app.register(signingPlatformApi, { ...api, ...(limits ? { limits } : {}) });
  return app;
}
