// A document that grew beyond the platform's operations, as a provider's does: the platform's
// document with create, list and cancel of signing requests, and create, list and delete of
// webhook endpoints. Each new operation is made from
// one the platform has (its headers, errors and extensions), so only what is new differs: the
// create is keyed and links its 201 to the cancel; the list is cursor-paged and declares a
// required ETag on its 200; the cancel is keyed and has a path parameter.
import type { Json } from "@signing-platform/contract/openapi";
import { document as platform } from "./sandbox-data.js";

const copy = <T>(value: T): T => structuredClone(value);

/**
 * The platform's document with POST and GET /v1/signing-requests, POST
 * /v1/signing-requests/{id}/cancel, POST and GET /v1/webhook-endpoints and DELETE
 * /v1/webhook-endpoints/{id}.
 */
export function extendedDocument(): Json {
  const document = copy(platform);
  const enrollments = document.paths["/enrollments"].post;
  const certificates = document.paths["/certificates"].get;
  const read = document.paths["/v1/signing-requests/{id}"].get;
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const withErrors = (responses: Json, extra: Json = {}) => ({
    ...Object.fromEntries(Object.entries(copy(responses)).filter(([status]) => !status.startsWith("2"))),
    ...extra,
  });

  document.components.schemas.SigningRequestCreate = {
    type: "object",
    required: ["document_name"],
    properties: {
      document_name: { type: "string", minLength: 1, maxLength: 64, description: "The name of the document to sign." },
      signer_email: { type: "string", maxLength: 254, description: "Who signs it." },
    },
    description: "Body of POST /v1/signing-requests.",
  };
  document.components.schemas.SigningRequestCancel = {
    type: "object",
    required: ["reason"],
    properties: { reason: { type: "string", minLength: 1, maxLength: 200, description: "Why the request is canceled." } },
    description: "Body of POST /v1/signing-requests/{id}/cancel.",
  };
  document.components.schemas.SigningRequestPage = {
    ...copy(document.components.schemas.CertificatePage),
    properties: {
      ...copy(document.components.schemas.CertificatePage.properties),
      items: { type: "array", items: ref("SigningRequest"), description: "The items of this page, in the list's order." },
    },
    description: "A page of signing requests.",
  };

  const created = copy(enrollments.responses["201"]);
  created.content = { "application/json": { schema: ref("SigningRequest") } };
  created.links = {
    cancel: { operationId: "cancelSigningRequest", parameters: { id: "$response.body#/id" } },
  };
  const keyed = {
    parameters: copy(enrollments.parameters),
    "x-signing-platform-idempotency": copy(enrollments["x-signing-platform-idempotency"]),
  };
  const body = (name: string) => ({ required: true, content: { "application/json": { schema: ref(name) } } });

  const page = copy(certificates.responses["200"]);
  page.content = { "application/json": { schema: ref("SigningRequestPage") } };
  page.headers.ETag = { ...copy(enrollments.responses["201"].headers.ETag), required: true, description: "Entity tag of the page." };

  const canceled = copy(read.responses["200"]);
  canceled.content = { "application/json": { schema: ref("SigningRequest") } };

  document.paths["/v1/signing-requests"] = {
    post: {
      operationId: "createSigningRequest",
      summary: "Create a signing request",
      ...keyed,
      requestBody: body("SigningRequestCreate"),
      responses: { "201": created, ...withErrors(enrollments.responses) },
      "x-signing-platform-errors": copy(enrollments["x-signing-platform-errors"]),
    },
    get: {
      operationId: "listSigningRequests",
      summary: "List signing requests",
      parameters: copy(certificates.parameters),
      responses: { "200": page, ...withErrors(certificates.responses) },
      "x-signing-platform-errors": copy(certificates["x-signing-platform-errors"]),
      "x-signing-platform-pagination": copy(certificates["x-signing-platform-pagination"]),
    },
  };
  document.paths["/v1/signing-requests/{id}/cancel"] = {
    post: {
      operationId: "cancelSigningRequest",
      summary: "Cancel a signing request",
      parameters: [copy(read.parameters[0]), ...copy(enrollments.parameters)],
      "x-signing-platform-idempotency": keyed["x-signing-platform-idempotency"],
      requestBody: body("SigningRequestCancel"),
      responses: { "200": canceled, ...withErrors(enrollments.responses, { "404": copy(read.responses["404"]) }) },
      "x-signing-platform-errors": [...copy(enrollments["x-signing-platform-errors"]), "not_found"],
    },
  };
  document.components.schemas.WebhookEndpointCreate = {
    type: "object",
    required: ["url"],
    properties: { url: { type: "string", format: "uri", maxLength: 2048, description: "Where the events are sent." } },
    description: "Body of POST /v1/webhook-endpoints.",
  };
  document.components.schemas.WebhookEndpoint = {
    type: "object",
    required: ["id", "object", "url"],
    properties: {
      id: { type: "string", pattern: "^we_[A-Za-z0-9]+$", description: "Identifier of the endpoint." },
      object: { type: "string", enum: ["webhook_endpoint"], description: "Always `webhook_endpoint`." },
      url: { type: "string", description: "Where the events are sent." },
      client_secret: { type: "string", description: "The signing secret, on the 201 of the create only." },
    },
    description: "A webhook endpoint.",
  };
  document.components.schemas.WebhookEndpointPage = {
    ...copy(document.components.schemas.SigningRequestPage),
    properties: {
      ...copy(document.components.schemas.SigningRequestPage.properties),
      items: { type: "array", items: ref("WebhookEndpoint"), description: "The items of this page, in the list's order." },
    },
    description: "A page of webhook endpoints.",
  };
  const endpoint = copy(enrollments.responses["201"]);
  endpoint.content = { "application/json": { schema: ref("WebhookEndpoint") } };
  const endpoints = copy(certificates.responses["200"]);
  endpoints.content = { "application/json": { schema: ref("WebhookEndpointPage") } };
  const { ETag: _noTag, ...standardHeaders } = copy(enrollments.responses["201"].headers);
  const { "304": _notConditional, ...deleteErrors } = withErrors(read.responses);
  document.paths["/v1/webhook-endpoints"] = {
    post: {
      operationId: "createWebhookEndpoint",
      summary: "Create a webhook endpoint",
      ...copy(keyed),
      requestBody: body("WebhookEndpointCreate"),
      responses: { "201": endpoint, ...withErrors(enrollments.responses) },
      "x-signing-platform-errors": copy(enrollments["x-signing-platform-errors"]),
    },
    get: {
      operationId: "listWebhookEndpoints",
      summary: "List webhook endpoints",
      parameters: copy(certificates.parameters),
      responses: { "200": endpoints, ...withErrors(certificates.responses) },
      "x-signing-platform-errors": copy(certificates["x-signing-platform-errors"]),
      "x-signing-platform-pagination": copy(certificates["x-signing-platform-pagination"]),
    },
  };
  document.paths["/v1/webhook-endpoints/{id}"] = {
    delete: {
      operationId: "deleteWebhookEndpoint",
      summary: "Delete a webhook endpoint",
      parameters: [{ ...copy(read.parameters[0]), description: "Identifier of the endpoint." }],
      responses: {
        "204": { description: "Deleted: the standard headers, no body.", headers: standardHeaders },
        ...deleteErrors,
      },
      "x-signing-platform-errors": copy(read["x-signing-platform-errors"]),
    },
  };
  return document;
}
