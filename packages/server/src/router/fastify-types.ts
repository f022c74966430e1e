// What this package adds to Fastify's types: the operation a route serves (route config)
// and the authenticated caller (request).
import type { Principal } from "../auth/principal.js";
import type { OperationDescriptor } from "./operation-descriptor.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The spec's operation this route serves; absent on routes outside the API. */
    operation?: OperationDescriptor;
  }
  interface FastifyRequest {
    /** The authenticated caller; null until authentication ran, or when it failed. */
    principal: Principal | null;
  }
}

export {};
