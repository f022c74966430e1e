// What the TypeScript SDK's templates (typescript-sdk/) are filled with, read from the SDK
// model (sdk-model.ts) as the Python SDK's view is: the package's manifest, the API's
// description, the named request and response types, a group of methods per resource in the
// call style of stripe-node, the security schemes, the webhook scheme, and the README's
// examples, made from the document (operation-examples.ts) so that they type-check.
import type { ApiDescription, Deprecation, ResponseSchemas } from "@signing-platform/client";
import type { OpenApiDocument } from "../load-document.js";
import { exampleCall, queryExample } from "../operation-examples.js";
import { semverVersion } from "../package-versions.js";
import { type BodyArgument, type SdkModel, type SdkOperation, usesBearer } from "../sdk-model.js";
import type { SdkSecurity } from "../security-model.js";
import { eventNarrowing, readmeStreamOperation, streamChosenByFlag } from "../stream-model.js";
import { schemaTypes, typePrefix } from "./typescript-names.js";
import { type TypeScriptSecurity, typeScriptSecurity } from "./typescript-security.js";
import { bodyType, parameterOptions, responseType, takesParameterOptions, wholeResponseType, wireLiteral } from "./wire-types.js";

/** The public packages the runtime imports; their ranges are this repository's own. */
export interface RuntimeDependencies {
  "openapi-fetch": string;
  "openapi-typescript-helpers": string;
  /** Optional peer dependencies: what the runtime imports only for a feature a client turns on. */
  optional: { ajv: string };
}

export interface TypeScriptOperation {
  resource: string;
  /** The method's name on its resource. */
  name: string;
  /** `GET /certificates/{id}`. */
  where: string;
  /** The document's summary, else `where`. */
  summary: string;
  /** Whether the document gives a summary, which the README then shows. */
  summarized: boolean;
  path: string;
  httpMethod: string;
  /** `CertificatesRetrieve`: the prefix of its named types. */
  prefix: string;
  /** `paths["/certificates/{id}"]["get"]`: the type of the operation in schema.ts. */
  type: string;
  query: BodyArgument;
  body: BodyArgument;
  bodyType: string;
  responseType: string;
  /** The type of each event, for an operation whose success may be streamed. */
  eventType: string | null;
  /**
   * Where the request body's `stream` property chooses between the stream and the body read
   * whole: the method's signatures for `stream: true`, for no stream, and for either.
   */
  overloads: Array<{ parameters: string[]; returns: string }> | null;
  /** The method's parameters, in order, as TypeScript writes them. */
  parameters: string[];
  /** The properties of the runtime's call (`call` or `list`) besides the path and the options. */
  call: string[];
  /** The type of one item of its pages, for an operation that is paginated. */
  pagination: { itemType: string } | null;
  idempotent: boolean;
  conditional: boolean;
  /** The operation's deprecation (its JSDoc's `@deprecated`), or null. */
  deprecated: Deprecation | null;
  /** One call of it in the README, with example values made from the document. */
  example: string;
  /** The README's name for what the example call gives. */
  result: string;
}

export interface TypeScriptView {
  /** The npm name of the package. */
  name: string;
  title: string;
  /** The package's version: the release's (release/sdk-release.ts), else the document's as semver writes it (package-versions.ts). */
  version: string;
  /** The document's `info.version` as written. */
  documentVersion: string;
  /** Whether the document's version is a version npm accepts as written. */
  documentVersionKept: boolean;
  /** The SPDX identifier of the document's licence, or null where it names none that npm knows. */
  license: string | null;
  dependencies: RuntimeDependencies;
  generator: string;
  /** The lines every module of src/ begins with, without their last line break. */
  header: string;
  baseUrl: string;
  bearer: boolean;
  description: ApiDescription;
  /** src/response-schemas.ts: the success bodies' schemas, imported by the client when `validateResponses` first needs them. */
  responseSchemas: ResponseSchemas;
  /** schema.ts: the document's types as openapi-typescript writes them (schema-module.ts). */
  schema: string;
  operations: TypeScriptOperation[];
  resources: Array<{ name: string; methods: TypeScriptOperation[] }>;
  /** A named type per schema of the document. */
  schemaTypes: Array<{ name: string; schema: string }>;
  /** The document's security schemes, or null when it declares none the SDK can send. */
  security: TypeScriptSecurity | null;
  /** Whether the document declares webhooks, whose events webhook-events.ts types. */
  webhooks: boolean;
  /** The document's webhook signature scheme, or null when it states none. */
  webhookSignature: { header: string; scheme: string; toleranceSeconds: number } | null;
  conventions: { catalogue: boolean; idempotent: TypeScriptOperation[]; paginated: TypeScriptOperation[] };
  /** The README's first calls: a list (paginated where one is) and a retrieve, where there are. */
  quickstart: { list: { example: string; paginated: boolean } | null; retrieve: string | null };
  /**
   * The README's streaming example, of the document's first streamed operation: its call asking
   * for the stream, and the test that narrows an event to one type where a discriminator tells
   * them apart; `either` where the call may give the body read whole instead. Null when no operation streams.
   */
  streaming: { call: string; either: boolean; narrowing: { test: string; property: string; value: string } | null } | null;
  /** The call the README's Errors section awaits: a retrieve, else a GET of the lower-level client. */
  failingCall: string;
  skipped: SdkModel["skipped"];
}

export interface TypeScriptViewOptions {
  name: string;
  generator: string;
  /** The document's file name, which the header names. */
  input: string;
  baseUrl: string;
  security: SdkSecurity;
  dependencies: RuntimeDependencies;
  schema: string;
  /** The package's version when it is a release's, raised from the previous one. */
  version?: string;
}

/** Text from the document, safe inside a comment: it cannot end the comment or the line. */
export const commentText = (text: string) => text.replace(/\*\//g, "*\\/").replace(/[\r\n\u2028\u2029]+/g, " ");

function licenseOf(license: unknown): string | null {
  const { identifier, name } = (license ?? {}) as { identifier?: unknown; name?: unknown };
  if (typeof identifier === "string") return identifier;
  // The common names written instead of an SPDX identifier.
  const known: Record<string, string> = {
    "apache 2.0": "Apache-2.0",
    "apache-2.0": "Apache-2.0",
    mit: "MIT",
    "bsd-3-clause": "BSD-3-Clause",
  };
  return (typeof name === "string" ? known[name.toLowerCase()] : undefined) ?? null;
}

/** The type of one item of a page: of the body when it is the array, of its items field, else unknown. */
function itemType(prefix: string, items: readonly string[]): string {
  const page = `T.${prefix}Response`;
  if (items.length === 0) return `(${page} extends ReadonlyArray<infer Item> ? Item : unknown)`;
  return items.length === 1 ? `ItemOf<${page}, ${JSON.stringify(items[0])}>` : "unknown";
}

function operationView(document: OpenApiDocument, operation: SdkOperation): TypeScriptOperation {
  const prefix = typePrefix(operation);
  const type = `paths[${JSON.stringify(operation.path)}][${JSON.stringify(operation.method)}]`;
  const where = `${operation.method.toUpperCase()} ${operation.path}`;
  const parameters = operation.pathParameters.map(({ name, argument }) => `${argument}: PathParam<${type}, ${JSON.stringify(name)}>`);
  const call: string[] = [];
  if (operation.pathParameters.length > 0)
    call.push(`path: { ${operation.pathParameters.map(({ name, argument }) => `${JSON.stringify(name)}: ${argument}`).join(", ")} }`);
  // A method takes its body, else its query, as an argument; with both, the query is an option.
  if (operation.body !== "none") {
    parameters.push(`body${operation.body === "optional" ? "?" : ""}: T.${prefix}Body`);
    call.push("body");
  } else if (operation.query !== "none") {
    parameters.push(`query${operation.query === "optional" ? "?" : ""}: T.${prefix}Query`);
    call.push("query");
  }
  const options = [operation.idempotent ? "IdempotentRequestOptions" : "RequestOptions"];
  if (operation.body !== "none" && operation.query !== "none") options.push(`QueryRequestOptions<T.${prefix}Query>`);
  if (takesParameterOptions(operation)) options.push(parameterOptions(type));
  parameters.push(`options?: ${options.join(" & ")}`);
  call.push(wireLiteral(operation));
  // A deprecated operation's warning names the method that called it (runtime/resources/deprecation-warning.ts).
  if (operation.extensions.deprecated) call.push(`name: ${JSON.stringify(`${operation.resource}.${operation.methodName}`)}`);
  const eventType = operation.stream ? `T.${prefix}Event` : null;
  const withBody = (body: string) => parameters.map((parameter) => (parameter.startsWith("body") ? body : parameter));
  const overloads = streamChosenByFlag(operation)
    ? [
        { parameters: withBody(`body: T.${prefix}Body & { stream: true }`), returns: `EventStream<${eventType}>` },
        {
          parameters: withBody(`body${operation.body === "optional" ? "?" : ""}: T.${prefix}Body & { stream?: false | null }`),
          returns: wholeResponseType(operation, type),
        },
        { parameters, returns: `T.${prefix}Response` },
      ]
    : null;
  return {
    resource: operation.resource,
    name: operation.methodName,
    where,
    summary: operation.summary ?? where,
    summarized: !!operation.summary,
    path: operation.path,
    httpMethod: operation.method.toUpperCase(),
    prefix,
    type,
    query: operation.query,
    body: operation.body,
    bodyType: bodyType(operation, type),
    responseType: responseType(operation, type, `${prefix}Event`),
    eventType,
    overloads,
    parameters,
    call,
    pagination: operation.extensions.pages ? { itemType: itemType(prefix, operation.extensions.pages.items) } : null,
    idempotent: operation.idempotent,
    conditional: !!operation.extensions.conditionalRequest,
    deprecated: operation.extensions.deprecated ?? null,
    example: exampleCall(document, operation, operation.query === "required" ? queryExample(document, operation) : undefined),
    result: `${operation.resource}${prefix.slice(operation.resource.length)}`,
  };
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function streamingExample(document: OpenApiDocument, model: SdkModel): TypeScriptView["streaming"] {
  const chosen = readmeStreamOperation(model.operations);
  if (!chosen) return null;
  const { operation, either } = chosen;
  const query = operation.query === "required" ? queryExample(document, operation) : undefined;
  const narrowing = eventNarrowing(document, operation.stream!.eventSchema);
  const access = (property: string) => (IDENTIFIER.test(property) ? `.${property}` : `[${JSON.stringify(property)}]`);
  return {
    call: exampleCall(document, operation, query, true),
    either,
    narrowing: narrowing ? { ...narrowing, test: `event${access(narrowing.property)} === ${JSON.stringify(narrowing.value)}` } : null,
  };
}

export function typeScriptView(document: OpenApiDocument, model: SdkModel, options: TypeScriptViewOptions): TypeScriptView {
  const operations = model.operations.map((operation) => operationView(document, operation));
  const resources = new Map<string, TypeScriptOperation[]>();
  for (const operation of operations) resources.set(operation.resource, [...(resources.get(operation.resource) ?? []), operation]);
  const lister =
    model.operations.find((operation) => operation.extensions.pagination) ??
    model.operations.find(
      (operation) => operation.method === "get" && operation.pathParameters.length === 0 && operation.query !== "required",
    );
  const pagination = lister?.extensions.pagination;
  const retriever = model.operations.find((operation) => operation.methodName === "retrieve");
  const retrieve = retriever ? exampleCall(document, retriever) : null;
  return {
    name: options.name,
    title: model.title,
    version: options.version ?? semverVersion(model.version),
    documentVersion: model.version,
    documentVersionKept: semverVersion(model.version) === model.version,
    license: licenseOf(document.info?.license),
    dependencies: options.dependencies,
    generator: options.generator,
    header:
      `// Generated by ${options.generator} from ${commentText(options.input)}.\n` +
      "// Do not edit by hand: change the OpenAPI document and run `signing-platform generate` again.",
    baseUrl: options.baseUrl,
    bearer: usesBearer(document),
    description: model.description,
    responseSchemas: model.responseSchemas,
    schema: options.schema,
    operations,
    resources: [...resources].map(([name, methods]) => ({ name, methods })),
    // Every schema gets a type; one whose name an operation's type has is suffixed (type-names.ts).
    schemaTypes: [...schemaTypes(document, model)].map(([schema, name]) => ({ name, schema })),
    security: typeScriptSecurity(options.security),
    webhooks: model.webhooks.length > 0,
    webhookSignature: model.webhookSignature ?? null,
    conventions: {
      catalogue: model.description.conventions.source === "extensions",
      idempotent: operations.filter((operation) => operation.idempotent),
      paginated: operations.filter((operation) => operation.pagination !== null),
    },
    quickstart: {
      list: lister
        ? {
            example: exampleCall(document, lister, pagination ? `{ ${pagination.limit_parameter}: 10 }` : undefined),
            paginated: !!pagination,
          }
        : null,
      retrieve,
    },
    streaming: streamingExample(document, model),
    failingCall: retrieve ?? `sdk.client.GET(${JSON.stringify(model.operations[0]!.path)} as never)`,
    skipped: model.skipped,
  };
}
