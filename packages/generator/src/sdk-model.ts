// What the generated SDK is made of, read from the document: every operation with its
// resource (its first tag, else its first path segment), a method name in the style of
// stripe-node (list, create, retrieve, update, delete; otherwise its operationId), its
// arguments, and the extensions the client acts on (read by the runtime's own describeApi),
// with the page shape of each list operation (pagination-shape.ts).
import {
  describeApi,
  idempotencyKeyHeader,
  type ApiDescription,
  type OperationExtensions,
  type ResponseSchemas,
} from "@signing-platform/client";
import { readRootExtensions } from "@signing-platform/contract";
import type { SignatureFormat } from "@signing-platform/contract/webhook-signature";
import { type OpenApiOperation, operationsOf, parametersOf, resolveRef } from "@signing-platform/contract/openapi";
import { GeneratorInputError } from "./generator-input-error.js";
import type { OpenApiDocument } from "./load-document.js";
import { pageShapeOf } from "./pagination-shape.js";
import { camelCase, identifier, propertyName } from "./naming.js";
import { responseSchemasOf } from "./response-schemas.js";
import { carriesNothing, operationWire, type OperationWire } from "./wire-model.js";

export type BodyArgument = "none" | "required" | "optional";

export interface SdkOperation {
  path: string;
  method: string;
  resource: string;
  methodName: string;
  summary: string | undefined;
  /** Path parameters in template order: their names and the identifiers of their arguments. */
  pathParameters: Array<{ name: string; argument: string }>;
  query: BodyArgument;
  body: BodyArgument;
  /** Sends an idempotency key: by its own extension or by the API's rule for every write. */
  idempotent: boolean;
  extensions: OperationExtensions;
  /** Its parameters (the path item's, each overridden by its own of the same name and location, then its own) and request body, their $refs followed: the README's examples read them. */
  parameters: Node[];
  requestBody: Node | undefined;
  /** The body's media type the SDK sends, the success body's kind, and the styles of the parameters (wire-model.ts). */
  request: OperationWire["request"];
  response: OperationWire["response"];
  stream: OperationWire["stream"];
  wire: OperationWire["wire"];
}

export interface SkippedOperation {
  where: string;
  why: string;
}

export interface SdkWebhook {
  name: string;
  summary: string | undefined;
}

export interface SdkModel {
  title: string;
  version: string;
  description: ApiDescription;
  operations: SdkOperation[];
  /** Operations the SDK has no method for, and why. */
  skipped: SkippedOperation[];
  webhooks: SdkWebhook[];
  /** The webhook signature's format, when the document states one (x-signing-platform-webhook-headers). */
  webhookSignature: SignatureFormat | undefined;
  /** The first server URL, for examples. */
  serverUrl: string | undefined;
  /** The schemas of the operations' JSON success bodies, which both SDKs check under `validateResponses` (response-schemas.ts). */
  responseSchemas: ResponseSchemas;
}

/** Keys the SDK object itself uses; a resource of the same name gets a suffix. */
const RESERVED_RESOURCES = new Set(["client", "webhooks", "api"]);
/**
 * Identifiers a method's own arguments use, and the runtime's `call` and `list` that every
 * method's body calls (resources.ts.njk): a parameter of one of these names would shadow it.
 */
const RESERVED_ARGUMENTS = new Set(["query", "body", "options", "call", "list"]);

type Node = Record<string, unknown>;

function resourceOf(operation: Node, path: string): string {
  const tag = Array.isArray(operation.tags) && typeof operation.tags[0] === "string" ? operation.tags[0] : undefined;
  const segment = path.split("/").find((part) => part && !part.startsWith("{") && !/^v\d+$/.test(part));
  const name = propertyName(tag ?? segment ?? "default", propertyName(segment ?? "default", "default"));
  return RESERVED_RESOURCES.has(name) ? `${name}Resource` : name;
}

/** `signing-requests`, `Signing requests` and `signingRequest` are one name. */
const sameName = (a: string, b: string) => camelCase(a).toLowerCase().replace(/s$/, "") === camelCase(b).toLowerCase().replace(/s$/, "");

/**
 * The stripe-node verb of an operation: on the resource's own collection (`/bookings`), list
 * and create; on one of its items (`/bookings/{id}`), retrieve, update and delete. Any other
 * operation, such as an action on an item, is named by its operationId.
 */
function verbOf(method: string, path: string, resource: string): string | undefined {
  const onItem = /\}$/.test(path);
  const collection = path
    .split("/")
    .filter((segment) => segment && !segment.startsWith("{"))
    .at(-1);
  if (collection === undefined || !sameName(collection, resource)) return undefined;
  if (onItem) return ({ get: "retrieve", put: "update", patch: "update", delete: "delete" } as Record<string, string>)[method];
  return ({ get: "list", post: "create" } as Record<string, string>)[method];
}

interface Draft extends Omit<SdkOperation, "methodName"> {
  operationId: string | undefined;
  verb: string | undefined;
}

function draftOperation(
  document: OpenApiDocument,
  description: ApiDescription,
  declared: OpenApiOperation,
  skipped: SkippedOperation[],
): Draft | undefined {
  const { path, method, operation } = declared;
  const where = `${method.toUpperCase()} ${path}`;
  // The path item's parameters, each overridden by the operation's of the same name and location.
  const parameters: Node[] = parametersOf(document, declared).map(({ parameter }) => parameter);
  const query = parameters.filter((parameter) => parameter.in === "query");
  const declaredBody = resolveRef(document, operation.requestBody, `${where} › requestBody`);
  const requestBody = carriesNothing(document, declaredBody, where) ? undefined : declaredBody;
  const media = Object.keys((requestBody?.content as Node | undefined) ?? {});
  if (requestBody && media.length === 0) {
    skipped.push({ where, why: "its request body has no media type" });
    return undefined;
  }
  const used = new Set<string>();
  // A name written twice in a template is one parameter, with one value.
  const pathParameters = [...new Set([...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name!))].map((name) => {
    let argument = identifier(name, "parameter");
    while (RESERVED_ARGUMENTS.has(argument) || used.has(argument)) argument = `${argument}_`;
    used.add(argument);
    return { name, argument };
  });
  // The page shape, stated or recognised, joins the description both runtimes read.
  const { pages: declaredPages, ...stated } = description.operations[path]?.[method] ?? {};
  const pages = pageShapeOf(document, declared, parameters, declaredPages);
  const extensions = { ...stated, ...(pages ? { pages } : {}) };
  (description.operations[path] ??= {})[method] = extensions;
  return {
    path,
    method,
    resource: resourceOf(operation, path),
    summary: typeof operation.summary === "string" ? operation.summary : undefined,
    pathParameters,
    query: query.length === 0 ? "none" : query.some((parameter) => parameter.required === true) ? "required" : "optional",
    body: !requestBody ? "none" : requestBody.required === true ? "required" : "optional",
    idempotent: idempotencyKeyHeader(description, method, path) !== undefined,
    extensions,
    parameters,
    requestBody,
    ...operationWire(document, operation, parameters, requestBody, where),
    operationId: typeof operation.operationId === "string" ? operation.operationId : undefined,
    verb: verbOf(method, path, resourceOf(operation, path)),
  };
}

/**
 * A method name without its resource's name in front (`reposListForOrg` of `repos` →
 * `listForOrg`, as GitHub's `repos/list-for-org` reads); undefined when nothing would be left.
 */
function withoutResource(name: string, resource: string): string | undefined {
  const prefix = resource.replace(/Resource$/, "");
  for (const candidate of new Set([prefix, prefix.replace(/s$/, "")])) {
    // `addons_get_app` of the resource `addOns` too: the words are one, whatever their case.
    if (candidate.length === 0 || name.slice(0, candidate.length).toLowerCase() !== candidate.toLowerCase()) continue;
    const rest = name.slice(candidate.length);
    if (/^[A-Z]/.test(rest)) return propertyName(rest, name);
  }
  return undefined;
}

/** The verb where it names one operation of its resource, else a name from the operationId (its resource's name dropped). */
function nameOperations(drafts: Draft[]): SdkOperation[] {
  const verbs = new Map<string, number>();
  for (const draft of drafts)
    if (draft.verb) verbs.set(`${draft.resource}.${draft.verb}`, (verbs.get(`${draft.resource}.${draft.verb}`) ?? 0) + 1);
  const seen = new Map<string, string>();
  const full = drafts.map(({ operationId, verb, ...operation }) => {
    const unique = verb !== undefined && verbs.get(`${operation.resource}.${verb}`) === 1;
    const fromPath = propertyName(`${operation.method} ${operation.path.replace(/[{}]/g, " by ")}`, operation.method);
    return unique ? verb : operationId === undefined ? fromPath : propertyName(operationId, fromPath);
  });
  const short = drafts.map((draft, index) => (draft.verb !== full[index] ? withoutResource(full[index]!, draft.resource) : undefined));
  // The shorter name only where it stays one operation's in its resource, whatever the order of operations.
  const count = new Map<string, number>();
  for (const [index, draft] of drafts.entries())
    for (const name of new Set([full[index], short[index]]))
      if (name !== undefined) count.set(`${draft.resource}.${name}`, (count.get(`${draft.resource}.${name}`) ?? 0) + 1);
  return drafts.map(({ operationId: _, verb: __, ...operation }, index) => {
    const where = `${operation.method.toUpperCase()} ${operation.path}`;
    const shorter = short[index];
    const methodName = shorter !== undefined && count.get(`${operation.resource}.${shorter}`) === 1 ? shorter : full[index]!;
    const key = `${operation.resource}.${methodName}`;
    if (seen.has(key))
      throw new GeneratorInputError(`${where} and ${seen.get(key)} would both be ${key}: give them distinct operationIds.`);
    seen.set(key, where);
    return { ...operation, methodName };
  });
}

/** Whether the document declares a bearer token (HTTP bearer, OAuth 2 or OpenID Connect). */
export function usesBearer(document: OpenApiDocument): boolean {
  const schemes = Object.values(((document.components as Node | undefined)?.securitySchemes ?? {}) as Record<string, Node>);
  return schemes.some(
    (scheme) =>
      (scheme.type === "http" && String(scheme.scheme).toLowerCase() === "bearer") ||
      scheme.type === "oauth2" ||
      scheme.type === "openIdConnect",
  );
}

export function buildSdkModel(document: OpenApiDocument): SdkModel {
  const description = describeApi(document);
  const skipped: SkippedOperation[] = [];
  const drafts: Draft[] = [];
  const called: OpenApiOperation[] = [];
  for (const declared of operationsOf(document)) {
    const draft = draftOperation(document, description, declared, skipped);
    if (draft) {
      drafts.push(draft);
      called.push(declared);
    }
  }
  if (drafts.length === 0)
    throw new GeneratorInputError(
      `paths: no operation the SDK can call${skipped.length > 0 ? ` (${skipped[0]!.where}: ${skipped[0]!.why})` : ""}.`,
    );

  const webhooks = Object.entries((document.webhooks as Node | undefined) ?? {})
    .filter(([, item]) => typeof (item as Node)?.post === "object")
    .map(([name, item]) => ({
      name,
      summary: typeof ((item as Node).post as Node).summary === "string" ? (((item as Node).post as Node).summary as string) : undefined,
    }));
  const { webhookHeaders: signatureHeaders, limits } = readRootExtensions(document);
  const webhookSignature =
    webhooks.length > 0 && signatureHeaders?.signature && signatureHeaders.signature_scheme
      ? {
          header: signatureHeaders.signature,
          scheme: signatureHeaders.signature_scheme,
          toleranceSeconds: limits?.webhook_timestamp_tolerance_seconds ?? 300,
        }
      : undefined;
  const servers = document.servers as Array<{ url?: unknown }> | undefined;
  return {
    title: document.info?.title ?? "API",
    version: document.info?.version ?? "0.0.0",
    description,
    operations: nameOperations(drafts),
    skipped,
    webhooks,
    webhookSignature,
    serverUrl: typeof servers?.[0]?.url === "string" ? servers[0].url : undefined,
    responseSchemas: responseSchemasOf(document, called),
  };
}
