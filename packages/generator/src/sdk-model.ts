// What the generated SDK is made of, read from the document: every operation with its
// resource (its first tag), a method name (its operation id), and the extensions the client
// acts on (read by @signing-platform/client's own `operationsFromOpenApi`).
import { operationsFromOpenApi, type OperationExtensions, type OperationsTable } from "@signing-platform/client";
import { GeneratorInputError } from "./generator-input-error.js";
import type { OpenApiDocument } from "./load-document.js";
import { camelCase, pascalCase } from "./naming.js";

export interface SdkOperation {
  path: string;
  method: string;
  methodName: string;
  resource: string;
  summary: string | undefined;
  extensions: OperationExtensions;
}

export interface SdkModel {
  title: string;
  version: string;
  operations: SdkOperation[];
  table: OperationsTable;
}

/** Keys the SDK object itself uses; a resource of the same name gets a suffix. */
const RESERVED_RESOURCES = new Set(["client", "operations"]);

function resourceOf(operation: { tags?: unknown }, path: string): string {
  const tag = Array.isArray(operation.tags) && typeof operation.tags[0] === "string" ? operation.tags[0] : path.split("/").find((segment) => segment && !segment.startsWith("{") && !/^v\d+$/.test(segment));
  const name = camelCase(tag ?? "default") || "default";
  return RESERVED_RESOURCES.has(name) ? `${name}Resource` : name;
}

export function buildSdkModel(document: OpenApiDocument): SdkModel {
  const table = operationsFromOpenApi(document);
  const operations: SdkOperation[] = [];
  const seen = new Map<string, string>();
  for (const [path, methods] of Object.entries(table)) {
    for (const [method, extensions] of Object.entries(methods)) {
      const operation = document.paths[path]![method] as { tags?: unknown; summary?: unknown };
      const methodName = camelCase(extensions.operationId ?? `${method} ${path.replace(/[{}]/g, " by ")}`);
      const resource = resourceOf(operation, path);
      const key = `${resource}.${methodName}`;
      const where = `${method.toUpperCase()} ${path}`;
      if (seen.has(key)) throw new GeneratorInputError(`${where} and ${seen.get(key)} would both be ${key}: give them distinct operationIds.`);
      seen.set(key, where);
      const sdkOperation = { path, method, methodName, resource, summary: typeof operation.summary === "string" ? operation.summary : undefined, extensions };
      operations.push(sdkOperation);
      if (extensions.pagination) {
        const iterator = `${resource}.${iteratorName(sdkOperation)}`;
        if (seen.has(iterator)) throw new GeneratorInputError(`${where}: its iterator ${iterator} clashes with another operation.`);
        seen.set(iterator, where);
      }
    }
  }
  return { title: document.info?.title ?? "API", version: document.info?.version ?? "0.0.0", operations, table };
}

/** The name of the iterator helper of a paginated operation: listCertificates → iterateCertificates. */
export function iteratorName(operation: SdkOperation): string {
  return `iterate${pascalCase(operation.methodName.replace(/^list(?=[A-Z])/, ""))}`;
}
