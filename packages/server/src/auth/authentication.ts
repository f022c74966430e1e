// Authentication and capabilities as Fastify hooks (interface document › Authentication).
//   onRequest:   resolve the credentials (the caller's organization keys the rate limit,
//                which runs next, so even a rejected request is counted and answered with
//                rate-limit headers);
//   preParsing:  reject with 401 before the body is read; then 403 capability_not_granted
//                when the operation needs a capability the organization lacks.
// Resources of other organizations are the handlers' to hide: `notFound()` answers them
// exactly as a missing resource (Authentication 4).
import type { FastifyInstance, FastifyRequest } from "fastify";
import fastifyPlugin from "fastify-plugin";
import { ApiErrorResponse } from "../errors/api-error-response.js";
import { whenSettled } from "../maybe-async.js";
import "../router/fastify-types.js";
import { authenticate, type Authentication } from "./authenticate.js";
import { accessTokenOf, clientCertificateOf } from "./credentials.js";
import type { CredentialResolver, Principal } from "./principal.js";

/** Options of the {@link authentication} plugin: how credentials resolve, and the capability each operation needs. */
export interface AuthenticationOptions {
  /** Resolves access tokens and client certificates to the application they belong to. */
  resolver: CredentialResolver;
  /** The capability each operation needs, by operation id; operations not named need none. */
  capabilities?: Readonly<Record<string, string | readonly string[]>>;
}

/**
 * 403 capability_not_granted naming the capability (Authentication 3).
 * @example
 * ```ts
 * import { capabilityNotGranted } from "@signing-platform/server";
 *
 * throw capabilityNotGranted("certificates");
 * ```
 */
export function capabilityNotGranted(capability: string): ApiErrorResponse {
  return new ApiErrorResponse("capability_not_granted", {
    message: `The organization has not been granted the capability "${capability}".`,
    details: [{ code: "missing_capability", message: capability }],
  });
}

/**
 * Throws capability_not_granted unless the principal's organization holds `capability`.
 * @example
 * ```ts
 * import { assertCapability, type Principal } from "@signing-platform/server";
 *
 * const principal: Principal = { applicationId: "app_a", organizationId: "org_a", capabilities: ["signing"] };
 * assertCapability(principal, "signing");
 * ```
 */
export function assertCapability(principal: Principal, capability: string): void {
  if (!principal.capabilities.includes(capability)) throw capabilityNotGranted(capability);
}

const failures = new WeakMap<FastifyRequest, ApiErrorResponse>();

async function authenticationPlugin(fastify: FastifyInstance, options: AuthenticationOptions): Promise<void> {
  const { resolver, capabilities = {} } = options;
  fastify.decorateRequest("principal", null);

  fastify.addHook("onRequest", (request, _reply, done) => {
    whenSettled(
      () => authenticate(accessTokenOf(request.headers.authorization), clientCertificateOf(request.raw.socket), resolver),
      (outcome: Authentication) => {
        if (outcome.ok) request.principal = outcome.principal;
        else failures.set(request, outcome.error);
        done();
      },
      (error) => done(error as Error),
    );
  });

  fastify.addHook("preParsing", (request, _reply, payload, done) => {
    const failure = failures.get(request);
    if (failure) return done(failure);
    const operation = request.routeOptions.config.operation;
    const needed = operation ? capabilities[operation.operationId] : undefined;
    const principal = request.principal;
    const missing =
      needed && principal
        ? (typeof needed === "string" ? [needed] : needed).find((capability) => !principal.capabilities.includes(capability))
        : undefined;
    if (missing !== undefined) return done(capabilityNotGranted(missing));
    done(null, payload);
  });
}

/** The authentication of the interface document (Authentication 1–3) as a Fastify plugin: resolves each request's bearer token or client certificate to `request.principal`, answering 401 and 403 capability_not_granted itself. */
export const authentication = fastifyPlugin(authenticationPlugin, { name: "signing-platform-authentication", fastify: "5.x" });
