// What the Python SDK's templates (python-sdk/) are filled with, read from the same SDK model
// as the TypeScript SDK (sdk-model.ts), so one fix to the model reaches both: the models of
// the document's schemas, a class per resource with a method per operation (its signature,
// return type and the call the runtime makes), the README's examples, and the webhook scheme.
import type { SignatureFormat } from "@signing-platform/contract/webhook-signature";
import { bodyExample, parameterExample, pathArgument, streamedBodyExample } from "../operation-examples.js";
import { pep440Version } from "../package-versions.js";
import { type PythonImports, pythonImports } from "./python-imports.js";
import { encodeUriFragment, resolveRef } from "@signing-platform/contract/openapi";
import { componentName } from "../document-refs.js";
import type { OpenApiDocument } from "../load-document.js";
import { type SdkModel, type SdkOperation, usesBearer } from "../sdk-model.js";
import { buildSecurity } from "../security-model.js";
import { eventNarrowing, readmeStreamOperation, streamChosenByFlag, streamFramings } from "../stream-model.js";
import { type PythonSecurity, pythonSecurity } from "./python-security.js";
import { pythonExample } from "./python-examples.js";
import type { PythonMethod, PythonModel } from "./python-shapes.js";
import { cutCostlyRings } from "./python-rings.js";
import { pythonResourceNames } from "./python-names.js";
import { fileType, headerAndCookieParameters } from "./python-files.js";
import {
  modelName,
  modelNames,
  type ObjectShape,
  objectShape,
  orNullFor,
  pythonLiteral,
  pythonName,
  pythonType,
  uniqueNames,
  union,
} from "./python-types.js";

type Node = Record<string, any>;

/** Names a method's own arguments use; a parameter of the same name gets a trailing underscore. */
const RESERVED_ARGUMENTS = new Set(["self", "body", "headers", "idempotency_key", "timeout", "max_retries", "cast", "models"]);

export interface PythonResource {
  attribute: string;
  className: string;
  methods: PythonMethod[];
}

export interface PythonView {
  name: string;
  title: string;
  /** The package's version: the release's (release/sdk-release.ts), else the document's as PEP 440 writes it (package-versions.ts). */
  version: string;
  /** The document's `info.version` as written. */
  documentVersion: string;
  /** Whether the document's version is a version pip accepts as written. */
  documentVersionKept: boolean;
  generator: string;
  header: string;
  baseUrl: string;
  bearer: boolean;
  /** The document's security schemes: the runtime's table and a `Client` argument per scheme. */
  security: PythonSecurity;
  models: PythonModel[];
  /** Whether references inside a ring of models mypy could not check are written `dict[str, Any]` (python-rings.ts). */
  ringsCut: boolean;
  resources: PythonResource[];
  description: unknown;
  /** The document's webhook signature format, or null when it states none. */
  webhooks: SignatureFormat | null;
  /** What the verifier defaults to: the document's format, else the platform's. */
  signature: SignatureFormat;
  conventions: { idempotent: string[]; paginated: string[]; catalogue: boolean };
  /** The README's first calls: a list and a retrieve where there are, else `first`, so that its `try:` is never empty. */
  quickstart: { list: PythonMethod | null; retrieve: PythonMethod | null; first: PythonMethod | null };
  skipped: SdkModel["skipped"];
  /** What models.py and _api.py import. */
  imports: PythonImports;
  /** How each streamed media type frames its events, for the runtime's _stream_media.py. */
  streamFramings: Record<string, string>;
  /**
   * The README's streaming example, of the TypeScript README's operation: its call asking for the
   * stream, `either` where it may give the body read whole instead; null when no operation streams.
   */
  streaming: (NonNullable<PythonMethod["streamExample"]> & { either: boolean }) | null;
  /**
   * The success bodies' schemas for _response_schemas.py, as the TypeScript SDK's: the components
   * by the `$ref` that names them (`#/components/schemas/Certificate`), so that _validate.py
   * looks a `$ref` up as written.
   */
  responseSchemas: { components: Record<string, unknown>; responses: SdkModel["responseSchemas"]["responses"] };
}

const jsonSchemaOf = (content: unknown): Node | undefined =>
  Object.entries((content as Node | undefined) ?? {}).find(([type]) => /^application\/(.+\+)?json/.test(type))?.[1]?.schema;

/** The schemas a schema is made of directly: its `$ref`, its union's and intersection's parts. */
function directReferences(schema: Node | undefined, depth = 0): string[] {
  if (!schema || typeof schema !== "object" || depth > 8) return [];
  const named = componentName(schema.$ref);
  if (named !== undefined) return [named];
  const parts = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])] as Node[];
  return parts.flatMap((part) => directReferences(part, depth + 1));
}

/** The alias schemas that reach themselves through aliases alone. */
function circularAliases(schemas: Record<string, Node>, isAlias: (schemaName: string) => boolean): Set<string> {
  const edges = new Map(
    Object.keys(schemas)
      .filter(isAlias)
      .map((schemaName) => [schemaName, directReferences(schemas[schemaName]).filter((target) => target in schemas && isAlias(target))]),
  );
  const circular = new Set<string>();
  for (const start of edges.keys()) {
    const seen = new Set<string>();
    const stack = [...(edges.get(start) ?? [])];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (next === start) circular.add(start);
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(edges.get(next) ?? []));
    }
  }
  return circular;
}

/**
 * The models of the document's schemas, to which the inline bodies and responses of operations
 * are added, and the inline objects of their fields (a TypedDict named after the model and the
 * field, `PetOwner`), so that no field is a `dict[str, Any]` where the document says more.
 */
class Models {
  readonly list: PythonModel[] = [];
  private readonly unique: (candidate: string) => string;
  /** The TypedDict model of each schema that has one: components by name, inline alternatives by node. */
  private readonly typedDicts = new Set<string>();
  private readonly inline = new Map<object, string>();

  constructor(private readonly document: OpenApiDocument) {
    const schemas: Record<string, Node> = (document.components as Node | undefined)?.schemas ?? {};
    const names = modelNames(document);
    this.unique = uniqueNames(names.values());
    const shapes = new Map(Object.entries(schemas).map(([schemaName, schema]) => [schemaName, objectShape(document, schema)]));
    const circular = circularAliases(schemas, (schemaName) => shapes.get(schemaName) === undefined);
    for (const [schemaName, schema] of Object.entries(schemas)) {
      const name = names.get(schemaName)!;
      const shape = shapes.get(schemaName);
      // An alias that stands for itself (`A = B | None`, `B = A`) is no type; a TypedDict
      // or a list between them would be.
      if (shape) this.typedDict(name, shape, 0);
      else this.list.push({ name, kind: "alias", type: circular.has(schemaName) ? "Any" : this.aliasType(name, schema) });
    }
  }

  /** The TypedDict model of `schema`, if it has one (`models.` is the caller's to add). */
  modelOf(schema: Node): string | undefined {
    const named = componentName(schema?.$ref);
    if (named !== undefined) {
      const name = modelNames(this.document).get(named);
      return name !== undefined && this.typedDicts.has(name) ? name : undefined;
    }
    return this.inline.get(schema);
  }

  /**
   * An alias's type: its union's inline objects as TypedDicts of their own, named after the
   * alias and their title (OpenAI's `CreateEvalItemSimpleInputMessage`), not `dict[str, Any]`.
   */
  private aliasType(name: string, schema: Node): string {
    const parts = (schema.oneOf ?? schema.anyOf) as Node[] | undefined;
    const inlineShape = (part: Node) =>
      part && typeof part === "object" && typeof part.$ref !== "string" ? objectShape(this.document, part) : undefined;
    if (!Array.isArray(parts) || !parts.some(inlineShape)) return pythonType(this.document, schema);
    const types = parts.map((part, index) => {
      const shape = inlineShape(part);
      if (!shape) return pythonType(this.document, part);
      const title = typeof part.title === "string" ? modelName(part.title) : "";
      const model = this.unique(`${name}${title.replace(/_+$/, "") || `Variant${index + 1}`}`);
      this.typedDict(model, shape, 1);
      this.inline.set(part, model);
      return model;
    });
    return orNullFor(schema, union(types));
  }

  /** Adds the TypedDict of an object schema's shape, its inline objects as models of their own. */
  private typedDict(name: string, shape: ObjectShape, depth: number): void {
    const model: PythonModel = { name, kind: "typed-dict", fields: [] };
    this.list.push(model);
    this.typedDicts.add(name);
    for (const [key, value] of shape.properties)
      model.fields.push({
        key,
        type: this.fieldType(value, `${name}${modelName(key).replace(/_+$/, "")}`, depth),
        required: shape.required.has(key),
      });
  }

  /** A field's type: an inline object (or list of them, or either or null) as a model named `name`. */
  private fieldType(schema: Node, name: string, depth: number): string {
    const file = fileType(this.document, schema);
    if (file) return file;
    // A file or something else (OpenAI's `video`: a file, or a reference to a video made before).
    const alternatives = (schema?.oneOf ?? schema?.anyOf) as Node[] | undefined;
    if (Array.isArray(alternatives) && alternatives.some((alternative) => fileType(this.document, alternative))) {
      const types = alternatives.map((alternative) => fileType(this.document, alternative) ?? pythonType(this.document, alternative));
      return union(types);
    }
    // A reference, with or without a description beside it (`allOf: [{ $ref }, { description }]`), keeps its model's name.
    const direct = pythonType(this.document, schema);
    if (!direct.includes("dict[str, Any]")) return direct;
    if (depth < 4 && schema && typeof schema === "object" && typeof schema.$ref !== "string") {
      const declared: unknown[] = Array.isArray(schema.type) ? schema.type : [schema.type];
      const nullable = schema.nullable === true || declared.includes("null");
      const orNull = (type: string) => (nullable ? `${type} | None` : type);
      const objectType = declared.includes("object") ? { ...schema, type: "object" } : schema;
      const shape = objectShape(this.document, objectType);
      if (shape) {
        const nested = this.unique(name);
        this.typedDict(nested, shape, depth + 1);
        return orNull(nested);
      }
      const items = schema.items as Node | undefined;
      const itemShape =
        declared.includes("array") && items && typeof items.$ref !== "string" ? objectShape(this.document, items) : undefined;
      if (itemShape) {
        const nested = this.unique(`${name}Item`);
        this.typedDict(nested, itemShape, depth + 1);
        return orNull(`list[${nested}]`);
      }
    }
    return direct;
  }

  /**
   * The type of an operation's body or response: a schema of the document by its name, an
   * inline object as a model named after the method (`StationsListResponse`, as the
   * TypeScript SDK names its types), anything else as its type expression.
   */
  typeOf(schema: Node | undefined, name: string): string {
    const shape = schema && typeof schema.$ref !== "string" ? objectShape(this.document, schema) : undefined;
    if (shape) {
      const unique = this.unique(name);
      this.typedDict(unique, shape, 0);
      return `models.${unique}`;
    }
    return pythonType(this.document, schema, "models.");
  }
}

/** The schema of the first 2xx answer with a JSON body, or "none" when success has no body. */
function successSchema(document: OpenApiDocument, operation: SdkOperation): Node | "none" | undefined {
  const item = resolveRef(document, (document.paths as Node)[operation.path], operation.path) ?? {};
  const responses: Node = (item[operation.method] as Node).responses ?? {};
  const success = Object.keys(responses)
    .filter((status) => /^2(\d\d|XX)$/i.test(status))
    .sort()[0];
  if (success === undefined) return undefined;
  const response = resolveRef(document, responses[success], `${operation.path} › responses › ${success}`);
  if (!response?.content) return "none";
  return jsonSchemaOf(response.content);
}

/** The type of one item of a paginated list: of the body when it is the array, else of the array under its items field. */
function itemType(document: OpenApiDocument, page: Node | undefined, items: readonly string[]): string {
  const resolved = page && resolveRef(document, page, "page");
  const shape = resolved && items.length === 1 ? objectShape(document, resolved) : undefined;
  const field = shape?.properties.find(([key]) => key === items[0])?.[1];
  const array = items.length === 0 ? resolved : field && resolveRef(document, field, items[0]!);
  return array?.items ? pythonType(document, array.items as Node, "models.") : "Any";
}

/** Whether example arguments call a model's constructor (`models.VolumesExt4(…)`): their block imports `models`. */
const usesModels = (values: string[]) => values.some((value) => /\bmodels\.[A-Za-z_]\w*\(/.test(value));

/** The test that narrows an event to the member a discriminator value names: `event["type"] == "delta"`. */
const narrowingTest = (narrowing: { property: string; value: string } | undefined) =>
  narrowing ? { ...narrowing, test: `event[${JSON.stringify(narrowing.property)}] == ${JSON.stringify(narrowing.value)}` } : null;

function method(document: OpenApiDocument, operation: SdkOperation, resource: string, name: string, models: Models): PythonMethod {
  const typeName = `${modelName(operation.resource)}${modelName(operation.methodName)}`;
  const used = new Set<string>();
  const argument = (name: string) => {
    let candidate = pythonName(name);
    while (RESERVED_ARGUMENTS.has(candidate) || used.has(candidate)) candidate = `${candidate}_`;
    used.add(candidate);
    return candidate;
  };
  const { pages } = operation.extensions;
  // A token the runtime sends from page to page is not the caller's to give.
  const token = pages?.style === "cursor" ? pages.cursor_parameter : undefined;
  // Where the body's `stream` property chooses the stream, the method takes `stream=True` for it.
  const streamKeyword = streamChosenByFlag(operation);
  if (streamKeyword) used.add("stream");
  const path = operation.pathParameters.map(({ name }) => {
    const schema = operation.parameters.find((parameter) => parameter.in === "path" && parameter.name === name)?.schema as Node | undefined;
    const type = pythonType(document, schema, "models.");
    return { name, argument: argument(name), type: type === "Any" ? "str" : type };
  });
  const query = operation.parameters
    .filter((parameter) => parameter.in === "query" && parameter.name !== token)
    .map((parameter) => ({
      name: String(parameter.name),
      argument: argument(String(parameter.name)),
      type: pythonType(document, parameter.schema as Node | undefined, "models."),
      required: parameter.required === true,
      example: parameterExample(document, operation, parameter),
    }));
  // The body's type follows the media type sent (wire-model.ts): bytes, text, or its schema's model.
  const kind = operation.request?.kind;
  const bodyType =
    kind === "binary"
      ? "FileInput"
      : kind === "text"
        ? "str"
        : (fileType(document, operation.request?.schema, "builtins.") ?? models.typeOf(operation.request?.schema, `${typeName}Body`));
  const headerAndCookie = headerAndCookieParameters(operation).map((parameter) => ({
    name: String(parameter.name),
    location: String(parameter.in),
    argument: argument(String(parameter.name)),
    type: pythonType(document, parameter.schema as Node | undefined, "models."),
  }));
  const keywords = [
    ...query.filter(({ required }) => required).map(({ argument: name, type }) => `${name}: ${type}`),
    ...query.filter(({ required }) => !required).map(({ argument: name, type }) => `${name}: ${type} | None = None`),
    ...headerAndCookie.map(({ argument: name, type }) => `${name}: ${type} | None = None`),
    ...(operation.idempotent ? ["idempotency_key: str | None = None"] : []),
    "headers: Mapping[str, str] | None = None",
    // The call's own, instead of the client's: as TypeScript's timeoutMs and maxRetries options.
    "timeout: float | None = None",
    "max_retries: int | None = None",
  ];
  const parameters = [
    ...path.map(({ argument: name, type }) => `${name}: ${type}`),
    ...(operation.body === "required" ? [`body: ${bodyType}`] : []),
    ...(operation.body === "optional" ? [`body: ${bodyType} | None = None`] : []),
    "*",
    ...keywords,
  ];
  const dict = (entries: Array<{ name: string; argument: string }>) =>
    `{${entries.map(({ name, argument: value }) => `${JSON.stringify(name)}: ${value}`).join(", ")}}`;
  const call = [
    ...(path.length > 0 ? [`path_params=${dict(path)}`] : []),
    ...(query.length > 0 ? [`query=${dict(query)}`] : []),
    ...(operation.body !== "none" ? [streamKeyword ? "body=stream_requested(body, stream)" : "body=body"] : []),
    ...(operation.idempotent ? ["idempotency_key=idempotency_key"] : []),
    "headers=headers",
    "timeout=timeout",
    "max_retries=max_retries",
    ...(["header", "cookie"] as const)
      .map((location) => [location, headerAndCookie.filter((parameter) => parameter.location === location)] as const)
      .filter(([, entries]) => entries.length > 0)
      .map(([location, entries]) => `${location}_params=${dict(entries)}`),
    `wire=${pythonLiteral(operation.wire)}`,
    // A deprecated operation's warning names the method that called it (_runtime.py, warn_deprecated).
    ...(operation.extensions.deprecated ? [`sdk_method=${JSON.stringify(`${resource}.${name}`)}`] : []),
  ];
  const success = successSchema(document, operation);
  // Each event is typed by the event schema the stream model gives, as the TypeScript SDK's.
  const eventStream = operation.stream && `EventStream[${models.typeOf(operation.stream.eventSchema, `${typeName}Event`)}]`;
  const whole = pages
    ? `Iterator[${itemType(document, success === "none" ? undefined : success, pages.items)}]`
    : operation.response === "binary"
      ? "bytes"
      : operation.response === "text"
        ? "str"
        : success === "none"
          ? "None"
          : models.typeOf(success, `${typeName}Response`);
  const returns = !eventStream ? whole : operation.response === "stream" ? eventStream : `${whole} | ${eventStream}`;
  const keywordAt = parameters.indexOf("*") + 1;
  const withKeyword = (keyword: string) => [...parameters.slice(0, keywordAt), keyword, ...parameters.slice(keywordAt)];
  const overloads =
    streamKeyword && eventStream
      ? [
          { parameters: withKeyword("stream: Literal[True]"), returns: eventStream },
          { parameters: withKeyword("stream: Literal[False] = False"), returns: whole },
          { parameters: withKeyword("stream: bool = False"), returns },
        ]
      : null;
  const argumentsWith = (body: unknown) => [
    ...path.map(({ name: parameter, type }) => {
      const value = pathArgument(document, operation, parameter);
      if (/^[[{]/.test(value)) return pythonLiteral(JSON.parse(value));
      return type === "str" && !value.startsWith('"') ? JSON.stringify(value) : value;
    }),
    ...(kind === "binary" ? ['b"..."'] : []),
    ...(kind === "text" ? [pythonLiteral(String(bodyExample(document, operation) ?? "…"))] : []),
    ...(operation.body !== "none" && kind !== "binary" && kind !== "text"
      ? [pythonExample(document, operation.request?.schema, body, (schema) => models.modelOf(schema))]
      : []),
    ...query.filter(({ required }) => required).map(({ argument: key, example }) => `${key}=${pythonLiteral(example)}`),
  ];
  const exampleArguments = argumentsWith(bodyExample(document, operation));
  const limit = query.find(({ name: parameter }) => parameter === operation.extensions.pagination?.limit_parameter);
  if (limit) exampleArguments.push(`${limit.argument}=10`);
  // The call that asks for the stream: `stream=True` where the method takes it, else the body's own `stream`.
  const streamArguments = eventStream
    ? [
        ...argumentsWith(streamKeyword ? bodyExample(document, operation) : streamedBodyExample(document, operation)),
        ...(streamKeyword ? ["stream=True"] : []),
      ]
    : undefined;
  return {
    name,
    summary: operation.summary ?? null,
    where: `${operation.method.toUpperCase()} ${operation.path}`,
    httpMethod: operation.method.toUpperCase(),
    path: operation.path,
    needsArguments: path.length > 0 || operation.body === "required" || query.some(({ required }) => required),
    parameters: overloads ? withKeyword("stream: bool = False") : parameters,
    returns,
    overloads,
    streamed: eventStream !== undefined,
    call,
    paginated: pages !== undefined,
    idempotent: operation.idempotent,
    deprecated: operation.extensions.deprecated ?? null,
    example: `client.${resource}.${name}(${exampleArguments.join(", ")})`,
    exampleUsesModels: usesModels(exampleArguments),
    streamExample: streamArguments && {
      call: `client.${resource}.${name}(${streamArguments.join(", ")})`,
      usesModels: usesModels(streamArguments),
      narrowing: narrowingTest(eventNarrowing(document, operation.stream!.eventSchema)),
    },
  };
}

/** The method of the README's streaming example: the TypeScript README's operation (readmeStreamOperation). */
function streamingExample(model: SdkModel, all: Array<{ item: PythonMethod }>): PythonView["streaming"] {
  const chosen = readmeStreamOperation(model.operations);
  const where = chosen && `${chosen.operation.method.toUpperCase()} ${chosen.operation.path}`;
  const method = all.find(({ item }) => item.where === where)?.item.streamExample;
  return method ? { ...method, either: chosen!.either } : null;
}

export function pythonView(
  document: OpenApiDocument,
  model: SdkModel,
  options: { name: string; generator: string; header: string; baseUrl: string; version?: string },
): PythonView {
  const models = new Models(document);
  const resources = pythonResourceNames(model).map(({ attribute, className, methods }) => ({
    attribute,
    className,
    methods: methods.map(({ operation, name }) => method(document, operation, attribute, name, models)),
  }));
  // After the methods: their bodies and responses are models too, though none is part of a ring.
  const ringsCut = cutCostlyRings(models.list);
  const all = resources.flatMap((resource) => resource.methods.map((item) => ({ resource, item })));
  const named = (predicate: (item: PythonMethod) => boolean) =>
    all.filter(({ item }) => predicate(item)).map(({ resource, item }) => `client.${resource.attribute}.${item.name}`);
  const security = pythonSecurity(buildSecurity(document, model.operations));
  return {
    ...options,
    title: model.title,
    version: options.version ?? pep440Version(model.version),
    documentVersion: model.version,
    documentVersionKept: pep440Version(model.version) === model.version,
    bearer: usesBearer(document),
    security,
    models: models.list,
    ringsCut,
    resources,
    description: model.description,
    webhooks: model.webhookSignature ?? null,
    signature: model.webhookSignature ?? { header: "signature", scheme: "v1", toleranceSeconds: 300 },
    conventions: {
      idempotent: named((item) => item.idempotent),
      paginated: named((item) => item.paginated),
      catalogue: model.description.conventions.source === "extensions",
    },
    quickstart: {
      list:
        all.find(({ item }) => item.paginated)?.item ??
        all.find(({ item }) => item.httpMethod === "GET" && !item.needsArguments)?.item ??
        null,
      retrieve: all.find(({ item }) => item.name === "retrieve")?.item ?? null,
      first: (all.find(({ item }) => !item.needsArguments) ?? all[0])?.item ?? null,
    },
    skipped: model.skipped,
    streamFramings: streamFramings(),
    streaming: streamingExample(model, all),
    responseSchemas: {
      components: Object.fromEntries(
        Object.entries(model.responseSchemas.components.schemas).map(([name, schema]) => [
          encodeUriFragment(["components", "schemas", name]),
          schema,
        ]),
      ),
      responses: model.responseSchemas.responses,
    },
    imports: pythonImports(
      models.list,
      all.map(({ item }) => item),
      security,
    ),
  };
}
