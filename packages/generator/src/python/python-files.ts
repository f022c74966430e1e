// The files of a Python SDK, from the same SDK model as the TypeScript one (sdk-model.ts): one
// fix to the model reaches both. The runtime and the webhook verifier are Python files of this
// package (python-runtime/), copied; _api.py (the API description and the resources) and
// models.py (a TypedDict per schema) are written from the document.
import { readFile } from "node:fs/promises";
import { serverUrlOf } from "../examples.js";
import type { OpenApiDocument } from "../load-document.js";
import type { SdkModel, SdkOperation } from "../sdk-model.js";

type Node = Record<string, any>;

const runtimeDir = new URL("../../python-runtime/", import.meta.url);
const PYTHON_KEYWORDS = new Set(
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield".split(
    " ",
  ),
);

/** snake_case, a valid identifier: `signingRequests` → `signing_requests`, `class` → `class_`. */
export function pythonName(name: string): string {
  const snake = name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9_]+/g, "_")
    .replace(/^(\d)/, "_$1")
    .toLowerCase();
  return PYTHON_KEYWORDS.has(snake) || snake === "" ? `${snake}_` : snake;
}

const refName = (ref: string) => ref.split("/").pop()!;

/** A schema as a Python type expression, names of other schemas quoted (they may come later). */
function pythonType(schema: Node | undefined, depth = 0): string {
  if (!schema || depth > 6) return "Any";
  if (typeof schema.$ref === "string") return `"${refName(schema.$ref)}"`;
  if (Array.isArray(schema.enum) && schema.enum.every((value: unknown) => typeof value === "string")) {
    return `Literal[${schema.enum.map((value: string) => JSON.stringify(value)).join(", ")}]`;
  }
  if (schema.const !== undefined && typeof schema.const === "string") return `Literal[${JSON.stringify(schema.const)}]`;
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) return `Union[${[...new Set(union.map((part: Node) => pythonType(part, depth + 1)))].join(", ")}]`;
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1) return pythonType(schema.allOf[0], depth + 1);
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const nullable = types.includes("null") || schema.nullable === true;
  const mapped = types
    .filter((type) => type !== "null")
    .map((type) => {
      switch (type) {
        case "string":
          return "str";
        case "integer":
          return "int";
        case "number":
          return "float";
        case "boolean":
          return "bool";
        case "array":
          return `list[${pythonType(schema.items, depth + 1)}]`;
        case "object":
          return "dict[str, Any]";
        default:
          return "Any";
      }
    });
  const base = mapped.length === 0 ? "Any" : mapped.length === 1 ? mapped[0]! : `Union[${mapped.join(", ")}]`;
  return nullable ? `Optional[${base}]` : base;
}

/** models.py: an object schema is a TypedDict (functional form: any property name works), anything else an alias. */
export function modelsModule(document: OpenApiDocument, header: string): string {
  const schemas: Record<string, Node> = (document.components as Node | undefined)?.schemas ?? {};
  const lines = [header, "from __future__ import annotations", "", "from typing import Any, Literal, Optional, TypedDict, Union", ""];
  for (const [name, schema] of Object.entries(schemas)) {
    const objectLike = schema.type === "object" || (schema.properties && !schema.type);
    if (objectLike && schema.properties) {
      const fields = Object.entries<Node>(schema.properties).map(
        ([property, value]) => `    ${JSON.stringify(property)}: ${pythonType(value)},`,
      );
      // total=False: a response may leave out what the schema does not require, and an
      // open shape carries more than it names.
      lines.push(`${name} = TypedDict(${JSON.stringify(name)}, {`, ...fields, "}, total=False)", "");
    } else {
      lines.push(`${name} = ${objectLike ? "dict[str, Any]" : pythonType(schema).replace(/^"(.*)"$/, "$1")}`, "");
    }
  }
  lines.push(
    `__all__ = [${Object.keys(schemas)
      .map((name) => JSON.stringify(name))
      .join(", ")}]`,
    "",
  );
  return lines.join("\n");
}

/** The success schema's model name of an operation, when it is a named schema. */
function returnType(document: OpenApiDocument, operation: SdkOperation, models: Set<string>): string {
  const responses: Node = (document.paths as Node)[operation.path][operation.method].responses ?? {};
  const success = Object.entries<Node>(responses).find(([status]) => /^2\d\d$/.test(status))?.[1];
  const resolved = success?.$ref ? ((document.components as Node).responses ?? {})[refName(success.$ref)] : success;
  const schema = resolved?.content?.["application/json"]?.schema;
  const name = schema?.$ref ? refName(schema.$ref) : undefined;
  return name && models.has(name) ? `models.${name}` : "Any";
}

function method(document: OpenApiDocument, operation: SdkOperation, models: Set<string>): string[] {
  const name = pythonName(operation.methodName);
  const pathParameters = operation.pathParameters.map(({ name: parameter }) => ({ parameter, argument: pythonName(parameter) }));
  const queryParameters = operation.parameters
    .filter((parameter) => parameter.in === "query")
    .map((parameter) => ({
      parameter: String(parameter.name),
      argument: pythonName(String(parameter.name)),
      required: parameter.required === true,
    }));
  const bodyModel = (() => {
    const schema = (operation.requestBody?.content as Node | undefined)?.["application/json"]?.schema;
    return schema?.$ref && models.has(refName(schema.$ref)) ? `models.${refName(schema.$ref)}` : "dict[str, Any]";
  })();
  const args = ["self", ...pathParameters.map(({ argument }) => `${argument}: str`)];
  if (operation.body === "required") args.push(`body: ${bodyModel}`);
  if (operation.body === "optional") args.push(`body: Optional[${bodyModel}] = None`);
  const keywords = [
    ...queryParameters.map(({ argument, required }) => `${argument}: ${required ? "Any" : "Optional[Any] = None"}`),
    ...(operation.idempotent ? ["idempotency_key: Optional[str] = None"] : []),
  ];
  if (keywords.length > 0) args.push("*", ...keywords);
  const call = [
    `"${operation.method.toUpperCase()}", ${JSON.stringify(operation.path)}`,
    ...(pathParameters.length
      ? [`path_params={${pathParameters.map(({ parameter, argument }) => `${JSON.stringify(parameter)}: ${argument}`).join(", ")}}`]
      : []),
    ...(queryParameters.length
      ? [`query={${queryParameters.map(({ parameter, argument }) => `${JSON.stringify(parameter)}: ${argument}`).join(", ")}}`]
      : []),
    ...(operation.body !== "none" ? ["body=body"] : []),
    ...(operation.idempotent ? ["idempotency_key=idempotency_key"] : []),
  ];
  const summary = operation.summary ? `        """${operation.summary.replace(/"""/g, "'''")}."""` : null;
  if (operation.extensions.pagination) {
    // Every item, page after page; the cursor is followed for you.
    const query = queryParameters.filter(({ parameter }) => parameter !== operation.extensions.pagination!.cursor_parameter);
    const listArgs = ["self", ...(query.length ? ["*", ...query.map(({ argument }) => `${argument}: Optional[Any] = None`)] : [])];
    return [
      `    def ${name}(${listArgs.join(", ")}) -> Iterator[Any]:`,
      ...(summary ? [summary.replace(/\."""$/, ': every item, across pages."""')] : []),
      `        return self._transport.paginate(${JSON.stringify(operation.path)}, {${query.map(({ parameter, argument }) => `${JSON.stringify(parameter)}: ${argument}`).join(", ")}})`,
      "",
    ];
  }
  return [
    `    def ${name}(${args.join(", ")}) -> ${returnType(document, operation, models)}:`,
    ...(summary ? [summary] : []),
    `        return self._transport.request(${call.join(", ")}).body  # type: ignore[no-any-return]`,
    "",
  ];
}

/** _api.py: the API description the runtime acts on, a class per resource, and the client. */
export function apiModule(document: OpenApiDocument, model: SdkModel, header: string): string {
  const baseUrl = serverUrlOf(document as Node) ?? "https://api.example.com";
  const models = new Set(Object.keys(((document.components as Node | undefined)?.schemas ?? {}) as object));
  const resources = new Map<string, SdkOperation[]>();
  for (const operation of model.operations) resources.set(operation.resource, [...(resources.get(operation.resource) ?? []), operation]);
  const className = (resource: string) => `${resource.charAt(0).toUpperCase()}${resource.slice(1)}Resource`;
  const lines = [
    header,
    "from __future__ import annotations",
    "",
    "import json",
    "import time",
    "from typing import Any, Callable, Iterator, Optional",
    "",
    "from . import models",
    "from ._runtime import ClientOptions, TokenProvider, Transport",
    "",
    "# What the runtime acts on, read from the document's x-signing-platform-* extensions.",
    `API_DESCRIPTION: dict[str, Any] = json.loads(${JSON.stringify(JSON.stringify(model.description))})`,
    "",
  ];
  for (const [resource, operations] of resources) {
    lines.push(
      `class ${className(resource)}:`,
      "    def __init__(self, transport: Transport) -> None:",
      "        self._transport = transport",
      "",
    );
    for (const operation of operations) lines.push(...method(document, operation, models));
  }
  lines.push(
    "class Client:",
    `    """${model.title}: every call keeps the API's conventions (keys, retries, the ETag cache)."""`,
    "",
    "    def __init__(",
    "        self,",
    `        base_url: str = ${JSON.stringify(baseUrl)},`,
    "        *,",
    "        access_token: Optional[str] = None,",
    "        token_provider: Optional[TokenProvider] = None,",
    "        max_retries: int = 3,",
    "        timeout: float = 30.0,",
    "        sleep: Callable[[float], None] = time.sleep,",
    "    ) -> None:",
    "        options = ClientOptions(base_url, access_token, token_provider, max_retries, timeout, sleep)",
    "        self.transport = Transport(API_DESCRIPTION, options)",
    ...[...resources.keys()].map((resource) => `        self.${pythonName(resource)} = ${className(resource)}(self.transport)`),
    "",
  );
  return lines.join("\n");
}

export async function pythonRuntimeFiles(model: SdkModel): Promise<Record<string, string>> {
  const runtime = await readFile(new URL("_runtime.py", runtimeDir), "utf8");
  const webhooks = (await readFile(new URL("_webhooks.py", runtimeDir), "utf8"))
    .replaceAll("{{TOLERANCE_SECONDS}}", String(model.webhookSignature?.toleranceSeconds ?? 300))
    .replaceAll("{{SIGNATURE_HEADER}}", model.webhookSignature?.header ?? "signature");
  return { "_runtime.py": runtime, "_webhooks.py": webhooks };
}

export function initModule(header: string): string {
  return [
    header,
    "from . import models",
    "from ._api import API_DESCRIPTION, Client",
    "from ._runtime import (",
    "    ApiError,",
    "    AuthenticationError,",
    "    ConflictError,",
    "    ConnectionError,",
    "    GoneError,",
    "    NotFoundError,",
    "    PermissionError,",
    "    RateLimitError,",
    "    ServerError,",
    "    ValidationError,",
    "    new_idempotency_key,",
    ")",
    "from ._webhooks import WebhookVerificationError, construct_event, verify_signature_header",
    "",
    "__all__ = [",
    ...[
      "API_DESCRIPTION",
      "ApiError",
      "AuthenticationError",
      "Client",
      "ConflictError",
      "ConnectionError",
      "GoneError",
      "NotFoundError",
      "PermissionError",
      "RateLimitError",
      "ServerError",
      "ValidationError",
      "WebhookVerificationError",
      "construct_event",
      "models",
      "new_idempotency_key",
      "verify_signature_header",
    ].map((name) => `    ${JSON.stringify(name)},`),
    "]",
    "",
  ].join("\n");
}

export function pyprojectToml(name: string, model: SdkModel, generator: string): string {
  return [
    "[build-system]",
    'requires = ["setuptools>=61"]',
    'build-backend = "setuptools.build_meta"',
    "",
    "[project]",
    `name = ${JSON.stringify(name)}`,
    `version = ${JSON.stringify(model.version.match(/^\d+\.\d+\.\d+/) ? model.version : "0.1.0")}`,
    `description = ${JSON.stringify(`Python SDK for ${model.title}, written by ${generator}.`)}`,
    'requires-python = ">=3.10"',
    "dependencies = []",
    "",
    "[tool.setuptools.packages.find]",
    'where = ["src"]',
    "",
    "[tool.setuptools.package-data]",
    `${JSON.stringify(name)} = ["py.typed"]`,
    "",
  ].join("\n");
}
