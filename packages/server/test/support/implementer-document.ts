// An implementer's document for the tests: the package's own document with the operations a
// service adds (create, list and cancel signing requests), written the way its TypeSpec would
// emit them: the shared responses and parameters by $ref, the conventions as extensions.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import YAML from "yaml";

const root = join(import.meta.dirname, "..", "..", "..", "..");

type Node = Record<string, any>;

/** A fresh copy of the package's own document. */
export function packageDocument(): Node {
  return YAML.parse(readFileSync(join(root, "generated", "openapi.yaml"), "utf8"));
}

const signingRequestSchema = {
  type: "object",
  required: ["id", "status"],
  properties: { id: { type: "string" }, status: { type: "string", enum: ["pending", "cancelled"] }, title: { type: "string" } },
  additionalProperties: false,
};

/** The package's document plus createSigningRequest, listSigningRequests and cancelSigningRequest. */
export function implementerDocument(): Node {
  const document = packageDocument();
  const keyedWrite = document.paths["/enrollments"].post;
  const list = document.paths["/certificates"].get;
  document.components.schemas.SigningRequestDraft = {
    type: "object",
    required: ["title"],
    properties: { title: { type: "string", minLength: 1, maxLength: 200 } },
    additionalProperties: false,
  };
  document.components.schemas.SigningRequestSummary = signingRequestSchema;
  const created = structuredClone(keyedWrite.responses["201"]);
  created.content = { "application/json": { schema: { $ref: "#/components/schemas/SigningRequestSummary" } } };
  const page = structuredClone(list.responses["200"]);
  page.content = {
    "application/json": {
      schema: {
        type: "object",
        required: ["items", "cursor", "next"],
        properties: {
          items: { type: "array", items: { $ref: "#/components/schemas/SigningRequestSummary" } },
          cursor: { type: ["string", "null"] },
          next: { type: ["string", "null"] },
        },
      },
    },
  };
  const errors = [
    "unauthenticated",
    "capability_not_granted",
    "bad_request",
    "conflict",
    "idempotency_key_reused",
    "not_found",
    "rate_limited",
    "internal_error",
    "service_unavailable",
  ];
  document.paths["/signing-requests"] = {
    post: {
      ...structuredClone(keyedWrite),
      operationId: "createSigningRequest",
      summary: "Create a signing request",
      requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/SigningRequestDraft" } } } },
      responses: { ...structuredClone(keyedWrite.responses), 201: created },
      "x-signing-platform-errors": errors,
    },
    get: {
      ...structuredClone(list),
      operationId: "listSigningRequests",
      summary: "List signing requests",
      responses: { ...structuredClone(list.responses), 200: page },
      "x-signing-platform-errors": errors,
    },
  };
  const cancelled = structuredClone(created);
  cancelled.description = "200 with the cancelled signing request.";
  document.paths["/signing-requests/{id}/cancel"] = {
    post: {
      ...structuredClone(keyedWrite),
      operationId: "cancelSigningRequest",
      summary: "Cancel a signing request",
      parameters: [
        { name: "id", in: "path", required: true, schema: { type: "string", pattern: "^sr_[A-Za-z0-9]+$" } },
        ...keyedWrite.parameters,
      ],
      requestBody: undefined,
      responses: { ...structuredClone(keyedWrite.responses), 200: cancelled, 201: undefined },
      "x-signing-platform-errors": errors,
    },
  };
  return JSON.parse(JSON.stringify(document));
}
