// The sandbox control API under /_sandbox (docs/sandbox.md, Control API): plain JSON, never part of the
// public spec. It makes organizations, drives signing requests as the signer would,
// seeds certificates, and manages webhook endpoints as the console does (Resources ›
// Webhook endpoint). Errors use the interface document's error body, with Request-Id.
import {
  ApiErrorResponse,
  authentication,
  badRequest,
  errorRendering,
  notFound,
  requestId,
  type CredentialResolver,
} from "@signing-platform/server";
import { eventCatalogue, isKnownEventType } from "@signing-platform/types";
import type { AttemptRecord, DeliveryEngine, EndpointRecord } from "@signing-platform/webhooks/delivery";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { TransitionNotPermitted, type SigningAction } from "../domain/signing-requests.js";
import type { Platform } from "../platform.js";
import { NOT_IMPLEMENTED } from "../public/schema-served.js";
import { CALLS_PER_ORGANIZATION, type LoggedCall, type RequestLog } from "../request-log.js";

// The control API's own OpenAPI document (openapi/control-api.yaml, rendered at
// /docs/sandbox) is the one source of its request bodies: each route validates with the
// schema the document gives, so what is documented is what is checked. It is read from the
// JSON copy the build writes of it (scripts/json-documents.mjs).
const controlApiDocument = JSON.parse(readFileSync(fileURLToPath(new URL("../../dist/documents/control.json", import.meta.url)), "utf8"));
const bodySchema = (name: string): object => controlApiDocument.components.schemas[name];

// Fastify's own ajv coerces types and drops unknown properties; a control API that says what
// was wrong does neither. Defaults still fill in what was left out.
const ajv = new Ajv({ allErrors: true, useDefaults: true, coerceTypes: false, removeAdditional: false, strict: true });

function strictValidator({ schema }: { schema: object }) {
  const validate = ajv.compile(schema);
  const optional = !(schema as { required?: string[] }).required?.length;
  return (data: unknown) =>
    (data == null && optional) || validate(data) || { error: Object.assign(new Error("invalid"), { validation: validate.errors }) };
}

interface SigningRequestBody {
  documents: number;
  first_time_signer: boolean;
  signing_fails: boolean;
}

function endpointResource(endpoint: EndpointRecord) {
  return {
    id: endpoint.id,
    url: endpoint.url,
    enabled: endpoint.enabled,
    disabled_reason: endpoint.disabledReason,
    created_at: new Date(endpoint.createdAt).toISOString(),
  };
}

/** An attempt as the console lists it: what was sent, what the endpoint answered, when, how long. */
function attemptResource(attempt: AttemptRecord) {
  return {
    id: attempt.id,
    delivery_id: attempt.deliveryId,
    event_id: attempt.eventId,
    event_type: attempt.eventType,
    attempt: attempt.attempt,
    attempted_at: new Date(attempt.startedAt).toISOString(),
    duration_ms: attempt.durationMs,
    request_headers: attempt.request.headers,
    request_body: attempt.request.body,
    response_status: attempt.status,
    response_body_excerpt: attempt.responseBodyExcerpt,
    error: attempt.error,
    succeeded: attempt.outcome === "succeeded",
    next_attempt_at: attempt.nextAttemptAt === null ? null : new Date(attempt.nextAttemptAt).toISOString(),
  };
}

/** A call of the Logs list: what was asked and answered, without the bodies. */
function callSummary(call: LoggedCall) {
  return {
    request_id: call.requestId,
    method: call.method,
    path: call.path,
    status: call.status,
    duration_ms: call.durationMs,
    at: call.at,
  };
}

/** `?limit=`: a whole number from 1 to the calls kept (default: all of them). */
function logLimit(value: unknown): number {
  if (value === undefined) return CALLS_PER_ORGANIZATION;
  const limit = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(limit >= 1 && limit <= CALLS_PER_ORGANIZATION))
    throw badRequest(`limit must be a whole number from 1 to ${CALLS_PER_ORGANIZATION}.`, [
      { field: "limit", code: "range", message: `From 1 to ${CALLS_PER_ORGANIZATION}.` },
    ]);
  return limit;
}

/** The schema makes it a string; an endpoint also needs it to be an absolute http(s) URL. */
function webhookUrl(url: string): string {
  const invalid = () =>
    badRequest("url must be an absolute http(s) URL.", [{ field: "$.url", code: "format", message: "An absolute http or https URL." }]);
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw invalid();
  } catch {
    throw invalid();
  }
  return url;
}

export interface ControlApiOptions {
  platform: Platform;
  engine: DeliveryEngine;
  /** The public API's: the same access tokens work on both. */
  resolver: CredentialResolver;
  /** The public API's calls of each organization, filled by `requestLogging`. */
  requestLog: RequestLog;
  /** What an organization is granted when its request names no capabilities: every one the public API's operations need. */
  defaultCapabilities: readonly string[];
}

/**
 * The control API, registered with the prefix `/_sandbox`. Organizations are made and
 * documents served without credentials; everything else acts for the organization of the
 * access token, read by the server package's authentication plugin with the same resolver as
 * the public API.
 */
export async function controlApi(app: FastifyInstance, options: ControlApiOptions): Promise<void> {
  const { platform, engine, resolver } = options;
  app.setValidatorCompiler(strictValidator);
  app.register(errorRendering);
  app.register(requestId);
  app.register(openRoutes, { platform, defaultCapabilities: options.defaultCapabilities });
  app.register(async (authenticated) => {
    await authenticated.register(authentication, { resolver });
    await authenticated.register(organizationRoutes, { platform, engine, requestLog: options.requestLog });
  });
}

async function openRoutes(
  app: FastifyInstance,
  { platform, defaultCapabilities }: Pick<ControlApiOptions, "platform" | "defaultCapabilities">,
): Promise<void> {
  app.post<{ Body: { capabilities?: string[] } }>(
    "/organizations",
    { schema: { body: bodySchema("OrganizationRequest") } },
    async (request, reply) => {
      // Every capability unless the caller asks for fewer (to see 403 capability_not_granted).
      const { organization, accessToken } = await platform.createOrganization(request.body?.capabilities ?? [...defaultCapabilities]);
      reply.code(201);
      return {
        organization_id: organization.id,
        application_id: organization.applicationId,
        capabilities: organization.capabilities,
        access_token: accessToken,
      };
    },
  );

  app.get<{ Params: { id: string; index: string } }>("/documents/:id/:index", async (request, reply) => {
    const document = await platform.documentContent(request.params.id, Number(request.params.index));
    if (!document.found) throw notFound();
    if (!document.signed)
      throw new ApiErrorResponse("conflict", { message: "The document is served once every document of the request is signed." });
    reply.type("text/plain; charset=utf-8");
    return document.content;
  });
}

async function organizationRoutes(
  app: FastifyInstance,
  { platform, engine, requestLog }: Omit<ControlApiOptions, "resolver" | "defaultCapabilities">,
): Promise<void> {
  const organizationOf = (request: FastifyRequest) => request.principal!.organizationId;

  async function ownEndpoint(request: FastifyRequest<{ Params: { id: string } }>) {
    const endpoint = await engine.getEndpoint(request.params.id);
    if (!endpoint || endpoint.owner !== organizationOf(request)) throw notFound();
    return endpoint;
  }

  app.post<{ Body: Partial<SigningRequestBody> | undefined }>(
    "/signing-requests",
    { schema: { body: bodySchema("SigningRequestRequest") } },
    async (request, reply) => {
      const { documents = 1, first_time_signer = false, signing_fails = false } = request.body ?? {};
      const resource = await platform.createSigningRequest(organizationOf(request), {
        documents,
        firstTimeSigner: first_time_signer,
        signingFails: signing_fails,
      });
      reply.code(201);
      return resource;
    },
  );

  app.post<{ Params: { id: string }; Body: { action: SigningAction; code?: string } }>(
    "/signing-requests/:id/actions",
    { schema: { body: bodySchema("ActionRequest") } },
    async (request) => {
      const { action, code } = request.body;
      try {
        const result = await platform.act(organizationOf(request), request.params.id, action, code);
        if (!result) throw notFound();
        return { ...result.resource, ...(result.sentCode ? { sent_code: result.sentCode } : {}) };
      } catch (error) {
        if (error instanceof TransitionNotPermitted) throw new ApiErrorResponse("conflict", { message: error.message });
        throw error;
      }
    },
  );

  app.post<{ Body: { count?: number } | undefined }>(
    "/certificates",
    { schema: { body: bodySchema("CertificatesRequest") } },
    async (request, reply) => {
      const created = await platform.addCertificates(organizationOf(request), request.body?.count ?? 1);
      reply.code(201);
      return { created: created.length, ids: created.map((certificate) => certificate.id) };
    },
  );

  app.delete<{ Params: { id: string } }>("/certificates/:id", async (request, reply) => {
    if (!(await platform.removeCertificate(organizationOf(request), request.params.id))) throw notFound();
    reply.code(204);
  });

  app.post<{ Body: { url: string } }>("/webhook-endpoints", { schema: { body: bodySchema("EndpointRequest") } }, async (request, reply) => {
    const url = webhookUrl(request.body.url);
    const { endpoint, secret } = await engine.addEndpoint({ url, owner: organizationOf(request) });
    reply.code(201);
    // The secret is shown this once (Resources › Webhook endpoint).
    return { ...endpointResource(endpoint), secret };
  });

  app.get("/webhook-endpoints", async (request) => {
    const endpoints = await engine.listEndpoints({ owner: organizationOf(request) });
    return { items: endpoints.sort((a, b) => a.createdAt - b.createdAt).map(endpointResource) };
  });

  for (const [path, enabled] of [
    ["enable", true],
    ["disable", false],
  ] as const) {
    app.post<{ Params: { id: string } }>(`/webhook-endpoints/:id/${path}`, async (request) => {
      const endpoint = await ownEndpoint(request);
      const updated = enabled ? await engine.enableEndpoint(endpoint.id) : await engine.disableEndpoint(endpoint.id);
      if (!updated) throw notFound();
      return endpointResource(updated);
    });
  }

  app.delete<{ Params: { id: string } }>("/webhook-endpoints/:id", async (request, reply) => {
    const endpoint = await ownEndpoint(request);
    await engine.removeEndpoint(endpoint.id);
    reply.code(204);
  });

  app.get<{ Params: { id: string } }>("/webhook-endpoints/:id/attempts", async (request) => {
    const endpoint = await ownEndpoint(request);
    return { items: (await engine.listAttempts(endpoint.id, 100)).map(attemptResource) };
  });

  // The organization's recent events, each with its deliveries: gathered from the attempts the
  // engine keeps for each endpoint (at most 100 each), newest event first.
  app.get("/events", async (request) => {
    const events = new Map<string, { id: string; type: string; first_attempted_at: number; deliveries: Map<string, object> }>();
    for (const endpoint of await engine.listEndpoints({ owner: organizationOf(request) })) {
      // Newest first: a delivery's first attempt seen is its latest.
      for (const attempt of await engine.listAttempts(endpoint.id, 100)) {
        const event = events.get(attempt.eventId) ?? {
          id: attempt.eventId,
          type: attempt.eventType,
          first_attempted_at: attempt.startedAt,
          deliveries: new Map<string, object>(),
        };
        event.first_attempted_at = Math.min(event.first_attempted_at, attempt.startedAt);
        if (!event.deliveries.has(attempt.deliveryId)) {
          const latest = attemptResource(attempt);
          event.deliveries.set(attempt.deliveryId, {
            delivery_id: attempt.deliveryId,
            endpoint_id: endpoint.id,
            endpoint_url: endpoint.url,
            attempts: attempt.attempt,
            succeeded: latest.succeeded,
            last_attempted_at: latest.attempted_at,
            response_status: latest.response_status,
            error: latest.error,
            next_attempt_at: latest.next_attempt_at,
          });
        }
        events.set(attempt.eventId, event);
      }
    }
    const items = [...events.values()]
      .sort((a, b) => b.first_attempted_at - a.first_attempted_at)
      .slice(0, 100)
      .map((event) => ({
        id: event.id,
        type: event.type,
        first_attempted_at: new Date(event.first_attempted_at).toISOString(),
        deliveries: [...event.deliveries.values()],
      }));
    return { items };
  });

  // An event of any type of the catalogue, its data made from the type's schema: how `trigger`
  // sends a type that no flow of the platform emits.
  app.post<{ Body: { type: string } }>("/events", { schema: { body: bodySchema("EventRequest") } }, async (request, reply) => {
    const { type } = request.body;
    if (!isKnownEventType(type)) {
      throw badRequest(`${type} is not an event type of the catalogue.`, [
        { field: "$.type", code: "enum", message: `One of: ${eventCatalogue.map((event) => event.type).join(", ")}.` },
      ]);
    }
    const made = await platform.emitFromSchema(organizationOf(request), type);
    if (!made.ok) {
      throw new ApiErrorResponse(NOT_IMPLEMENTED, {
        status: 501,
        message: `No valid ${type} event could be made from its schema: give the schema of its data an example, or emit it from a flow of the platform.`,
        details: made.problems,
      });
    }
    reply.code(201);
    return made.event;
  });

  // Logs: the organization's calls to the public API, newest first; the bodies one call at a time.
  app.get<{ Querystring: { limit?: string } }>("/logs", async (request) => ({
    items: requestLog.list(organizationOf(request), logLimit(request.query.limit)).map(callSummary),
  }));

  app.get<{ Params: { request_id: string } }>("/logs/:request_id", async (request) => {
    const call = requestLog.get(organizationOf(request), request.params.request_id);
    if (!call) throw notFound();
    return { ...callSummary(call), request_body: call.requestBody, response_body: call.responseBody };
  });

  // Roll: a new secret now; the old one keeps signing for the engine's grace period, so a
  // receiver verifying with either is not broken while it switches.
  app.post<{ Params: { id: string } }>("/webhook-endpoints/:id/roll-secret", async (request) => {
    const endpoint = await ownEndpoint(request);
    const { secret } = await engine.rotateSecret(endpoint.id);
    const rolled = await engine.getEndpoint(endpoint.id);
    const expiresAt = rolled?.secrets.find((entry) => entry.expiresAt !== null)?.expiresAt ?? null;
    return { secret, previous_secret_expires_at: expiresAt === null ? null : new Date(expiresAt).toISOString() };
  });

  // Reveal: the secret that signs now (the console shows it on request, as Stripe's does).
  app.get<{ Params: { id: string } }>("/webhook-endpoints/:id/secret", async (request) => {
    const endpoint = await ownEndpoint(request);
    return { secret: endpoint.secrets.find((entry) => entry.expiresAt === null)?.secret ?? endpoint.secrets[0]!.secret };
  });

  // Resend: the delivery's event again, as a new delivery to the same endpoint.
  app.post<{ Params: { id: string; deliveryId: string } }>(
    "/webhook-endpoints/:id/deliveries/:deliveryId/resend",
    async (request, reply) => {
      const endpoint = await ownEndpoint(request);
      const delivery = await engine.getDelivery(request.params.deliveryId);
      if (!delivery || delivery.endpointId !== endpoint.id) throw notFound();
      const again = await engine.resend(delivery.id);
      if (!again) throw notFound();
      reply.code(202);
      return { delivery_id: again.id, event_id: again.eventId };
    },
  );

  // "Send test" (Events: ping).
  app.post<{ Params: { id: string } }>("/webhook-endpoints/:id/test", async (request) => {
    const endpoint = await ownEndpoint(request);
    if (!endpoint.enabled) throw new ApiErrorResponse("conflict", { message: "The endpoint is turned off; turn it on to send a test." });
    const attempt = await engine.ping(endpoint.id);
    return { attempt: attempt ? attemptResource(attempt) : null };
  });
}
