// The sandbox control API under /_sandbox (docs/sandbox.md, Control API): plain JSON, never part of the
// public spec. It makes organizations, drives signing requests as the signer would,
// seeds certificates, and manages webhook endpoints as the console does (Resources ›
// Webhook endpoint). Errors use the interface document's error body, with Request-Id.
import { ApiError, badRequest, notFound } from "@signing-platform/server";
import type { AttemptRecord, DeliveryEngine, EndpointRecord } from "@signing-platform/webhooks/delivery";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { TransitionNotPermitted, type SigningAction } from "../domain/signing-requests.js";
import { ALL_CAPABILITIES } from "../capabilities.js";
import type { Platform } from "../platform.js";
import type { OrganizationRecord } from "../state/records.js";

const ACTIONS: readonly SigningAction[] = ["accept", "enter_code", "decline", "cancel", "expire"];
const MAX_DOCUMENTS = 100;
const MAX_CERTIFICATES_PER_CALL = 1000;

type Body = Record<string, unknown>;

function objectBody(request: FastifyRequest): Body {
  const body = request.body ?? {};
  if (typeof body !== "object" || Array.isArray(body))
    throw badRequest("The body must be a JSON object.", [{ field: "$", code: "type", message: "Expected an object." }]);
  return body as Body;
}

function integerField(body: Body, name: string, fallback: number, min: number, max: number): number {
  const value = body[name] ?? fallback;
  if (!Number.isInteger(value) || (value as number) < min || (value as number) > max) {
    throw badRequest(`${name} must be an integer from ${min} to ${max}.`, [
      { field: `$.${name}`, code: "range", message: `An integer from ${min} to ${max}.` },
    ]);
  }
  return value as number;
}

function booleanField(body: Body, name: string): boolean {
  const value = body[name] ?? false;
  if (typeof value !== "boolean")
    throw badRequest(`${name} must be a boolean.`, [{ field: `$.${name}`, code: "type", message: "Expected a boolean." }]);
  return value;
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

function webhookUrl(body: Body): string {
  const url = body.url;
  const invalid = () =>
    badRequest("url must be an absolute http(s) URL.", [{ field: "$.url", code: "format", message: "An absolute http or https URL." }]);
  if (typeof url !== "string") throw invalid();
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
}

export async function controlApi(app: FastifyInstance, options: ControlApiOptions): Promise<void> {
  const { platform, engine } = options;

  async function organizationOf(request: FastifyRequest): Promise<OrganizationRecord> {
    const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "");
    const organization = match ? await platform.organizationOfToken(match[1]!) : null;
    if (!organization) throw new ApiError("unauthenticated", { message: "A valid access token of a sandbox organization is required." });
    return organization;
  }

  async function ownEndpoint(request: FastifyRequest<{ Params: { id: string } }>) {
    const organization = await organizationOf(request);
    const endpoint = await engine.getEndpoint(request.params.id);
    if (!endpoint || endpoint.owner !== organization.id) throw notFound();
    return endpoint;
  }

  app.post("/_sandbox/organizations", async (request, reply) => {
    const body = objectBody(request);
    // Every capability unless the caller asks for fewer (to see 403 capability_not_granted).
    const capabilities = body.capabilities ?? ALL_CAPABILITIES;
    if (!Array.isArray(capabilities) || !capabilities.every((capability) => typeof capability === "string")) {
      throw badRequest("capabilities must be a list of strings.", [
        { field: "$.capabilities", code: "type", message: "Expected strings." },
      ]);
    }
    const { organization, accessToken } = await platform.createOrganization(capabilities as string[]);
    reply.code(201);
    return {
      organization_id: organization.id,
      application_id: organization.applicationId,
      capabilities: organization.capabilities,
      access_token: accessToken,
    };
  });

  app.post("/_sandbox/signing-requests", async (request, reply) => {
    const organization = await organizationOf(request);
    const body = objectBody(request);
    const resource = await platform.createSigningRequest(organization.id, {
      documents: integerField(body, "documents", 1, 1, MAX_DOCUMENTS),
      firstTimeSigner: booleanField(body, "first_time_signer"),
      signingFails: booleanField(body, "signing_fails"),
    });
    reply.code(201);
    return resource;
  });

  app.post<{ Params: { id: string } }>("/_sandbox/signing-requests/:id/actions", async (request) => {
    const organization = await organizationOf(request);
    const body = objectBody(request);
    const action = body.action as SigningAction;
    if (!ACTIONS.includes(action)) {
      throw badRequest(`action must be one of ${ACTIONS.join(", ")}.`, [{ field: "$.action", code: "enum", message: ACTIONS.join(", ") }]);
    }
    if (body.code !== undefined && typeof body.code !== "string") {
      throw badRequest("code must be a string.", [{ field: "$.code", code: "type", message: "Expected a string." }]);
    }
    try {
      const result = await platform.act(organization.id, request.params.id, action, body.code as string | undefined);
      if (!result) throw notFound();
      return { ...result.resource, ...(result.sentCode ? { sent_code: result.sentCode } : {}) };
    } catch (error) {
      if (error instanceof TransitionNotPermitted) throw new ApiError("conflict", { message: error.message });
      throw error;
    }
  });

  app.get<{ Params: { id: string; index: string } }>("/_sandbox/documents/:id/:index", async (request, reply) => {
    const document = await platform.documentContent(request.params.id, Number(request.params.index));
    if (!document.found) throw notFound();
    if (!document.signed)
      throw new ApiError("conflict", { message: "The document is served once every document of the request is signed." });
    reply.type("text/plain; charset=utf-8");
    return document.content;
  });

  app.post("/_sandbox/certificates", async (request, reply) => {
    const organization = await organizationOf(request);
    const count = integerField(objectBody(request), "count", 1, 1, MAX_CERTIFICATES_PER_CALL);
    const created = await platform.addCertificates(organization.id, count);
    reply.code(201);
    return { created: created.length, ids: created.map((certificate) => certificate.id) };
  });

  app.delete<{ Params: { id: string } }>("/_sandbox/certificates/:id", async (request, reply) => {
    const organization = await organizationOf(request);
    if (!(await platform.removeCertificate(organization.id, request.params.id))) throw notFound();
    reply.code(204);
  });

  app.post("/_sandbox/webhook-endpoints", async (request, reply) => {
    const organization = await organizationOf(request);
    const url = webhookUrl(objectBody(request));
    const { endpoint, secret } = await engine.addEndpoint({ url, owner: organization.id });
    reply.code(201);
    // The secret is shown this once (Resources › Webhook endpoint).
    return { ...endpointResource(endpoint), secret };
  });

  app.get("/_sandbox/webhook-endpoints", async (request) => {
    const organization = await organizationOf(request);
    const endpoints = await engine.listEndpoints({ owner: organization.id });
    return { items: endpoints.sort((a, b) => a.createdAt - b.createdAt).map(endpointResource) };
  });

  for (const [path, enabled] of [
    ["enable", true],
    ["disable", false],
  ] as const) {
    app.post<{ Params: { id: string } }>(`/_sandbox/webhook-endpoints/:id/${path}`, async (request) => {
      const endpoint = await ownEndpoint(request);
      const updated = enabled ? await engine.enableEndpoint(endpoint.id) : await engine.disableEndpoint(endpoint.id);
      if (!updated) throw notFound();
      return endpointResource(updated);
    });
  }

  app.delete<{ Params: { id: string } }>("/_sandbox/webhook-endpoints/:id", async (request, reply) => {
    const endpoint = await ownEndpoint(request);
    await engine.removeEndpoint(endpoint.id);
    reply.code(204);
  });

  app.get<{ Params: { id: string } }>("/_sandbox/webhook-endpoints/:id/attempts", async (request) => {
    const endpoint = await ownEndpoint(request);
    return { items: (await engine.listAttempts(endpoint.id, 100)).map(attemptResource) };
  });

  // "Send test" (Events: ping).
  app.post<{ Params: { id: string } }>("/_sandbox/webhook-endpoints/:id/test", async (request) => {
    const endpoint = await ownEndpoint(request);
    if (!endpoint.enabled) throw new ApiError("conflict", { message: "The endpoint is turned off; turn it on to send a test." });
    const attempt = await engine.ping(endpoint.id);
    return { attempt: attempt ? attemptResource(attempt) : null };
  });
}
