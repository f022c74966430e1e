// Request samples for an API reference: for every operation an SDK would have, the call with
// curl and with a generated SDK, arguments made from the document as the SDK's README makes
// them. Written as Redoc's `x-codeSamples`; the sandbox's reference at /docs shows them.
import { resolveRef } from "@signing-platform/contract/openapi";
import type { OpenApiDocument } from "./load-document.js";
import { bodyExample, exampleCall, FILE_EXAMPLE, literal, pathArgument, queryExample } from "./operation-examples.js";
import { buildSdkModel, type SdkOperation } from "./sdk-model.js";

/** One request sample of an operation, as Redoc's `x-codeSamples` holds it. */
export interface RequestSample {
  /** The language of the sample, such as `curl` or `typescript`. */
  lang: string;
  /** The label shown on the sample's tab. */
  label: string;
  /** The sample's code. */
  source: string;
}

/** Options of {@link requestSamples}: the base URL the samples call and the SDK they import. */
export interface RequestSampleOptions {
  /** The base URL the samples call. */
  baseUrl: string;
  /** The package name of the generated SDK the samples import. */
  sdkName: string;
}

const shellQuote = (value: string) => `'${value.replace(/'/g, "'\\''")}'`;

/** The body's options of curl, by the media type the SDK sends (wire-model.ts). */
function curlBody(document: OpenApiDocument, operation: SdkOperation): string[] {
  const example = bodyExample(document, operation);
  const fields = Object.entries(example && typeof example === "object" ? (example as Record<string, unknown>) : {});
  const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
  const mediaType = operation.request?.mediaType ?? "application/json";
  switch (operation.request?.kind) {
    case "form":
      return fields.map(([name, value]) => `--data-urlencode ${shellQuote(`${name}=${text(value)}`)}`);
    case "multipart":
      return fields.map(([name, value]) =>
        value === FILE_EXAMPLE || (Array.isArray(value) && value[0] === FILE_EXAMPLE)
          ? `-F ${shellQuote(`${name}=@file`)}`
          : `-F ${shellQuote(`${name}=${text(value)}`)}`,
      );
    case "binary":
      return [`-H ${shellQuote(`content-type: ${mediaType}`)}`, "--data-binary @file"];
    case "text":
      return [`-H ${shellQuote(`content-type: ${mediaType}`)}`, `--data-binary ${shellQuote(text(example))}`];
    default:
      return ["-H 'content-type: application/json'", `-d ${shellQuote(JSON.stringify(example))}`];
  }
}

/** Whether the operation takes no credential: `security: []`, its own or else the document's. */
function takesNoCredential(document: OpenApiDocument, operation: SdkOperation): boolean {
  const item = resolveRef(document, (document.paths as Record<string, unknown>)[operation.path], operation.path);
  const own = (item?.[operation.method] as Record<string, unknown> | undefined)?.security;
  const security = own ?? document.security;
  return Array.isArray(security) && security.length === 0;
}

function curl(document: OpenApiDocument, operation: SdkOperation, baseUrl: string): string {
  let path = operation.path;
  for (const { name } of operation.pathParameters)
    path = path.replace(`{${name}}`, encodeURIComponent(JSON.parse(pathArgument(document, operation, name))));
  const query =
    operation.query === "required" ? new URLSearchParams(JSON.parse(queryExample(document, operation)) as Record<string, string>) : null;
  const lines = [`curl -s -X ${operation.method.toUpperCase()} ${shellQuote(`${baseUrl}${path}${query?.size ? `?${query}` : ""}`)}`];
  if (!takesNoCredential(document, operation)) lines.push(`-H "Authorization: Bearer $TOKEN"`);
  if (operation.idempotent) lines.push(`-H "Idempotency-Key: $(openssl rand -hex 16)"`);
  if (operation.body !== "none") lines.push(...curlBody(document, operation));
  return lines.join(" \\\n  ");
}

function sdkCall(document: OpenApiDocument, operation: SdkOperation, { baseUrl, sdkName }: RequestSampleOptions): string {
  const call = exampleCall(document, operation, operation.query === "required" ? queryExample(document, operation) : undefined);
  return [
    `import { createSdk } from ${literal(sdkName)}; // npx signing-platform generate openapi.yaml --out ./sdk --name ${sdkName}`,
    "",
    `const sdk = createSdk({ baseUrl: ${literal(baseUrl)}, accessToken: process.env.TOKEN });`,
    `const result = await ${call};`,
  ].join("\n");
}

/**
 * Samples by path and lower-case method, for every operation the SDK has a method for.
 * @example
 * ```ts
 * import { loadOpenApiDocument } from "@signing-platform/contract/openapi-loader";
 * import { requestSamples } from "@signing-platform/generator";
 *
 * const document = loadOpenApiDocument("openapi.yaml").bundled().data;
 * const samples = requestSamples(document, { baseUrl: "https://api.example.test", sdkName: "@acme/signing-sdk" });
 * console.log(samples["/certificates"]?.get?.map((sample) => sample.label));
 * ```
 */
export function requestSamples(document: OpenApiDocument, options: RequestSampleOptions): Record<string, Record<string, RequestSample[]>> {
  const samples: Record<string, Record<string, RequestSample[]>> = {};
  for (const operation of buildSdkModel(document).operations) {
    (samples[operation.path] ??= {})[operation.method] = [
      { lang: "curl", label: "curl", source: curl(document, operation, options.baseUrl) },
      // Redoc offers the languages it knows; TypeScript reads as Node.js there.
      { lang: "Node.js", label: "SDK", source: sdkCall(document, operation, options) },
    ];
  }
  return samples;
}
