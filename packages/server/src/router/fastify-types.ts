// What this package adds to Fastify's types: the operation a route serves (route config)
// the authenticated caller (request), and a read of the rate-limit counters (instance).
import type { Principal } from "../auth/principal.js";
import type { RateLimitScope, RateLimitState } from "../rate-limit/quota.js";
import type { OperationDescriptor } from "./operation-descriptor.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The spec's operation this route serves; absent on routes outside the API. */
    operation?: OperationDescriptor;
  }
  interface FastifyInstance {
    /** The state of a rate-limit counter, read without spending a point (the rate-limit plugin). */
    peekRateLimit?: (scope: RateLimitScope) => Promise<RateLimitState>;
  }
  interface FastifyRequest {
    /** The authenticated caller; null until authentication ran, or when it failed. */
    principal: Principal | null;
  }
}

export {};
