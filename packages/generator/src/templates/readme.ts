// The SDK's own README: install, authenticate, a quickstart that runs as written, every
// operation with a typed example, then pagination, errors, retries, idempotency, webhooks,
// and which conventions the document did not state. Every example is made from the document
// (examples.ts), so it type-checks against the SDK it documents.
import { exampleOf } from "../examples.js";
import { resolveRef } from "../document-refs.js";
import type { OpenApiDocument } from "../load-document.js";
import type { SdkModel, SdkOperation } from "../sdk-model.js";
import { typePrefix } from "./code-modules.js";

type Node = Record<string, unknown>;

const code = (language: string, lines: string[]) => ["```" + language, ...lines, "```"];
const literal = (value: unknown) => JSON.stringify(value, null, 2).replace(/\n/g, "\n  ");

const parameterExample = (document: OpenApiDocument, operation: SdkOperation, parameter: Node | undefined) =>
  parameter?.example ?? exampleOf(document, parameter?.schema, operation.path);

/** The required query parameters with example values: `{ origin: "…", date: "…" }`. */
function queryExample(document: OpenApiDocument, operation: SdkOperation): string {
  const required = operation.parameters.filter((parameter) => parameter.in === "query" && parameter.required === true);
  return literal(Object.fromEntries(required.map((parameter) => [parameter.name, parameterExample(document, operation, parameter)])));
}

function pathArgument(document: OpenApiDocument, operation: SdkOperation, name: string): string {
  const parameter = operation.parameters.find((candidate) => candidate.in === "path" && candidate.name === name);
  const value = parameterExample(document, operation, parameter);
  return JSON.stringify(typeof value === "number" ? value : typeof value === "string" && value !== "string" ? value : `${name}_123`);
}

function bodyExample(document: OpenApiDocument, operation: SdkOperation): unknown {
  const content = (operation.requestBody?.content ?? {}) as Record<string, Node>;
  const media = content[Object.keys(content).find((type) => /json/i.test(type))!] ?? {};
  const named = Object.values((media.examples ?? {}) as Record<string, Node>).map(
    (example) => resolveRef(document, example, operation.path)?.value,
  );
  return media.example ?? named.find((value) => value !== undefined) ?? exampleOf(document, media.schema, operation.path) ?? {};
}

/** The call of an operation with example arguments: `sdk.certificates.retrieve("cert_123")`. */
export function exampleCall(document: OpenApiDocument, operation: SdkOperation, query?: string): string {
  const args = operation.pathParameters.map(({ name }) => pathArgument(document, operation, name));
  if (operation.body !== "none") args.push(literal(bodyExample(document, operation)));
  else if (query) args.push(query);
  return `sdk.${operation.resource}.${operation.methodName}(${args.join(", ")})`;
}

function usesBearer(document: OpenApiDocument): boolean {
  const schemes = Object.values(((document.components as Node | undefined)?.securitySchemes ?? {}) as Record<string, Node>);
  return schemes.some(
    (scheme) =>
      (scheme.type === "http" && String(scheme.scheme).toLowerCase() === "bearer") ||
      scheme.type === "oauth2" ||
      scheme.type === "openIdConnect",
  );
}

function quickstart(name: string, document: OpenApiDocument, model: SdkModel, baseUrl: string): string[] {
  const lister =
    model.operations.find((operation) => operation.extensions.pagination) ??
    model.operations.find(
      (operation) => operation.method === "get" && operation.pathParameters.length === 0 && operation.query !== "required",
    );
  const retriever = model.operations.find((operation) => operation.methodName === "retrieve");
  const lines = [
    `import { ApiError, createSdk } from "${name}";`,
    "",
    "const sdk = createSdk({",
    `  baseUrl: process.env.API_BASE_URL ?? ${JSON.stringify(baseUrl)},`,
    ...(usesBearer(document) ? ["  accessToken: process.env.API_TOKEN,"] : []),
    "});",
    "",
    "try {",
  ];
  if (lister?.extensions.pagination) {
    lines.push(
      `  for await (const item of ${exampleCall(document, lister, `{ ${lister.extensions.pagination.limit_parameter}: 10 }`)}) console.log(item);`,
    );
  } else if (lister) {
    lines.push(`  console.log(await ${exampleCall(document, lister)});`);
  }
  if (retriever) lines.push(`  console.log(await ${exampleCall(document, retriever)});`);
  lines.push(
    "} catch (error) {",
    "  if (!(error instanceof ApiError)) throw error;",
    "  console.error(`${error.status} ${error.code}: ${error.message} (request ${error.requestId})`);",
    "}",
  );
  return code("ts", lines);
}

function operationSection(document: OpenApiDocument, operation: SdkOperation): string[] {
  const prefix = typePrefix(operation);
  const types = [
    operation.query !== "none" ? `\`${prefix}Query\`` : "",
    operation.body !== "none" ? `\`${prefix}Body\`` : "",
    `\`${prefix}Response\``,
  ].filter(Boolean);
  const call = exampleCall(document, operation, operation.query === "required" ? queryExample(document, operation) : undefined);
  const line = operation.extensions.pagination
    ? `for await (const item of ${call}) console.log(item);`
    : `const ${operation.resource}${prefix.slice(operation.resource.length)} = await ${call};`;
  return [
    `### \`sdk.${operation.resource}.${operation.methodName}\``,
    "",
    `${operation.summary ?? ""}${operation.summary ? " " : ""}\`${operation.method.toUpperCase()} ${operation.path}\`. Types: ${types.join(", ")}.`,
    "",
    ...code("ts", [line]),
    "",
  ];
}

export function readme(name: string, document: OpenApiDocument, model: SdkModel, generator: string, baseUrl: string): string {
  const { conventions } = model.description;
  const fromExtensions = conventions.source === "extensions";
  const idempotent = model.operations.filter((operation) => operation.idempotent);
  const paginated = model.operations.filter((operation) => operation.extensions.pagination);
  const absent = [
    fromExtensions ? "" : "an error catalogue (errors are typed by their HTTP status, and the body is kept as `error.body`)",
    idempotent.length > 0 ? "" : "idempotency keys (a POST or PATCH is never retried after the server may have acted on it)",
    paginated.length > 0 ? "" : "cursor pagination (list methods return the response as the API sends it)",
    model.webhooks.length === 0 || model.webhookSignature ? "" : "a webhook signature scheme (the webhook events are typed, not verified)",
  ].filter(Boolean);

  const lines = [
    `# ${name}`,
    "",
    `TypeScript SDK of ${model.title} ${model.version}, generated by ${generator}. Do not edit it: change the`,
    "OpenAPI document and generate again. It depends only on `openapi-fetch` from the public registry: the",
    "runtime (retries, idempotency keys, token refresh, entity-tag cache, pagination, typed errors, webhook",
    "verification) is part of this package, under `src/runtime/`.",
    "",
    "## Install",
    "",
    ...code("sh", [`npm install ${name}`]),
    "",
    "Node 20 or later, or any browser or edge runtime with `fetch` and WebCrypto.",
    "",
    "## Quickstart",
    "",
    ...quickstart(name, document, model, baseUrl),
    "",
    "## Authenticate",
    "",
    ...(usesBearer(document)
      ? code("ts", [
          "// A static token: a 401 is then final.",
          `const withToken = createSdk({ baseUrl: ${JSON.stringify(baseUrl)}, accessToken: "…" });`,
          "// Or a function the client calls for the first token and, once per 401, for a new one.",
          `const refreshing = createSdk({ baseUrl: ${JSON.stringify(baseUrl)}, getAccessToken: async ({ forceRefresh }) => "…" });`,
        ])
      : ["The document declares no bearer token scheme."]),
    "",
    "Other credentials go in `headers` (sent on every request) or in a `fetch` of your own (for mutual TLS,",
    "undici's `fetch` with an `Agent` holding the client certificate).",
    "",
    "## Operations",
    "",
    "Path parameters come first, in the order of the path; then the request body, or the query when there is",
    "no body; then the options (`headers`, `signal`, `timeoutMs`, and `idempotencyKey` where the operation",
    "takes one). Awaited, a method gives the response body; `.withResponse()` also gives the `Response` and",
    "`meta` (`requestId`, `rateLimit`, `etag`, `attempts`, `fromCache`). Every type has a name: `<Resource><Method>Query`,",
    "`…Body` and `…Response`, and each schema of the document by its own name.",
    "",
    ...model.operations.flatMap((operation) => operationSection(document, operation)),
    ...(model.skipped.length > 0
      ? ["Not generated:", "", ...model.skipped.map((skipped) => `- \`${skipped.where}\`: ${skipped.why}.`), ""]
      : []),
    "The lower-level typed client is `sdk.client`, in openapi-fetch's call style: `sdk.client.GET(path, { params })`",
    "gives `{ data, error, response, meta }` and never throws for an HTTP error.",
    "",
    "## Pagination",
    "",
    ...(paginated.length > 0
      ? [
          `Awaited, ${paginated.map((operation) => `\`sdk.${operation.resource}.${operation.methodName}()\``).join(", ")} give${paginated.length === 1 ? "s" : ""} the first page. Iterated with`,
          "`for await`, they give every item of every page: the cursor of each page is sent back exactly as received,",
          "and a page size outside the operation's bounds is refused before anything is sent. `.toArray({ max })` collects.",
        ]
      : ["The document declares no pagination, so list methods return the response as the API sends it."]),
    "",
    "## Errors",
    "",
    "A failed call rejects with an `ApiError` (`code`, `status`, `message`, `requestId`, `details`, `retryable`, `retryAfter`,",
    "`body`); its class names the family: `ValidationError` (400, 413, 414, 415, 422), `AuthenticationError` (401),",
    "`PermissionError` (403), `NotFoundError` (404), `RequestTimeoutError` (408), `ConflictError` (409), `GoneError` (410),",
    "`RateLimitError` (429), `ServerError` (5xx), `ConnectionError` (no response), `InvalidResponseError` (an answer that",
    "cannot be read) and `RequestValidationError` (refused before sending).",
    "",
    ...code("ts", [
      `import { NotFoundError } from "${name}";`,
      "",
      "try {",
      `  await ${model.operations.find((operation) => operation.methodName === "retrieve") ? exampleCall(document, model.operations.find((operation) => operation.methodName === "retrieve")!) : `sdk.client.GET(${JSON.stringify(model.operations[0]!.path)} as never)`};`,
      "} catch (error) {",
      "  if (error instanceof NotFoundError) console.log(error.requestId);",
      "}",
    ]),
    "",
    fromExtensions
      ? "Codes come from the document's error catalogue; a code it does not list arrives as the base `ApiError` and is logged once (or given to `hooks.onUnknownErrorCode`)."
      : "",
    "",
    "## Retries",
    "",
    fromExtensions
      ? "Each status is retried as the document's catalogue says: 401 once after a new token, 429 and 503 after `Retry-After`, 500 with the same idempotency key, 502, 504 and 408 with full-jitter backoff."
      : "As HTTP allows: 401 once after a new token, 429 and 503 after `Retry-After`, 408, 502 and 504 with full-jitter backoff.",
    "A request the server may already have acted on (a network error, a 5xx) is sent again only when that is safe: its",
    "method is idempotent in HTTP, or it carries an idempotency key. At most 3 retries, each wait at most 60 s; change",
    "them with `retry: { maxRetries, retryAfterCapMs, backoffBaseMs, backoffCapMs }`, bound a call with `timeoutMs`.",
    "",
    "## Idempotency",
    "",
    ...(idempotent.length > 0
      ? [
          `${idempotent.map((operation) => `\`sdk.${operation.resource}.${operation.methodName}\``).join(", ")} send${idempotent.length === 1 ? "s" : ""} an idempotency key: one per call,`,
          "the same on every retry of it. Give your own with `{ idempotencyKey }` to reuse it across your own retries.",
        ]
      : ["The document declares no idempotency keys."]),
    "",
    "## Webhooks",
    "",
    ...(model.webhookSignature
      ? [
          `\`sdk.webhooks.constructEvent(rawBody, signature, secret)\` verifies a delivery's \`${model.webhookSignature.header}\` header against`,
          `the raw body (HMAC-SHA256, \`t=…,${model.webhookSignature.scheme}=…\`, ${model.webhookSignature.toleranceSeconds} s tolerance either way) and returns the typed \`WebhookEvent\`,`,
          "or throws `WebhookVerificationError` with a `code`. Read the body raw, before any JSON parser.",
          "",
          ...code("ts", [
            "export async function POST(request: Request) {",
            `  const event = await sdk.webhooks.constructEvent(await request.text(), request.headers.get(${JSON.stringify(model.webhookSignature.header)}), process.env.WEBHOOK_SECRET!);`,
            "  console.log(event);",
            "  return new Response(null, { status: 204 });",
            "}",
          ]),
        ]
      : model.webhooks.length > 0
        ? ["The document's webhooks are typed as `WebhookEvent`; it states no signature scheme, so the SDK does not verify them."]
        : ["The document declares no webhooks."]),
    "",
    "## Conventions",
    "",
    absent.length === 0
      ? "The document states every convention the runtime acts on (`x-signing-platform-*`)."
      : `The document does not state: ${absent.join("; ")}.`,
    "",
    `Generated by ${generator}.`,
    "",
  ];
  return lines.join("\n");
}
