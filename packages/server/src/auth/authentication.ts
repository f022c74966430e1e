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
import { ApiError } from "../errors/api-error.js";
import { whenSettled } from "../maybe-async.js";
import "../router/fastify-types.js";
import { authenticate, type Authentication } from "./authenticate.js";
import { accessTokenOf, clientCertificateOf } from "./credentials.js";
import type { CredentialResolver, Principal } from "./principal.js";

export interface AuthenticationOptions {
  resolver: CredentialResolver;
  /** The capability each operation needs, by operation id; operations not named need none. */
  capabilities?: Readonly<Record<string, string | readonly string[]>>;
}

/** 403 capability_not_granted naming the capability (Authentication 3). */
export function capabilityNotGranted(capability: string): ApiError {
  return new ApiError("capability_not_granted", {
    message: `The organization has not been granted the capability "${capability}".`,
    details: [{ code: "missing_capability", message: capability }],
  });
}

/** Throws capability_not_granted unless the principal's organization holds `capability`. */
export function assertCapability(principal: Principal, capability: string): void {
  if (!principal.capabilities.includes(capability)) throw capabilityNotGranted(capability);
}

const failures = new WeakMap<FastifyRequest, ApiError>();

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

export const authentication = fastifyPlugin(authenticationPlugin, { name: "signing-platform-authentication", fastify: "5.x" });
