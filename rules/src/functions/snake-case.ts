// signing-platform-snake-case. Interface document › Resources and their fields, Errors › Error
// body and Other resources: every field the contract names is snake_case (`client_secret`,
// `created_at`, `content_url`, `request_id`, `identity_evidence.issuing_office`), and clients
// and SDKs read fields by those names. So every property a JSON body declares is snake_case:
// request bodies and responses of the operations under `paths`, and the payloads of
// `webhooks`, through $refs, compositions, items, additionalProperties and nested objects.
// Schemas are walked from those bodies only (a component no body reaches is not judged), each
// once, and a finding names the first body it was reached from. Header and parameter names
// are not fields of a body, and are not judged.
import { createRulesetFunction, type IFunctionResult } from "@stoplight/spectral-core";
import { isJsonObject } from "@signing-platform/contract/openapi";
import {
  describeOperation,
  describeResponse,
  isJsonMediaType,
  operationsOf,
  responsesOf,
  result,
  walkSchemas,
  type Path,
} from "../openapi.js";
import { SNAKE_CASE, snakeCaseOf } from "@signing-platform/contract";

/** Where a property sits in its body, as a reader writes it: `documents[].content_url`. */
function fieldOf(path: Path): string {
  let field = "";
  path.forEach((segment, index) => {
    if (path[index - 1] === "properties") field += field === "" ? String(segment) : `.${segment}`;
    else if (segment === "items") field += "[]";
    else if (segment === "additionalProperties") field += field === "" ? "*" : ".*";
  });
  return field;
}

/**
 * The Spectral function of signing-platform-snake-case: every property of a JSON request body, response body and webhook payload is snake_case (Resources and their fields). Give it the whole document, `$`.
 * @example
 * ```ts
 * import { snakeCase } from "@signing-platform/rules/functions";
 *
 * export default { rules: { "my-snake-case": { given: "$", severity: "error", then: { function: snakeCase } } } };
 * ```
 */
export const snakeCase = createRulesetFunction<unknown, null>({ input: null, options: null }, (document) => {
  if (!isJsonObject(document)) return [];
  const results: IFunctionResult[] = [];
  const seen = new Set<unknown>();
  const judgeBody = (content: unknown, at: Path, where: string) => {
    if (!isJsonObject(content)) return;
    for (const [mediaType, media] of Object.entries(content)) {
      if (!isJsonMediaType(mediaType) || !isJsonObject(media)) continue;
      const bodyAt = [...at, "content", mediaType, "schema"];
      walkSchemas(
        media.schema,
        bodyAt,
        (schema, schemaAt) => {
          if (!isJsonObject(schema.properties)) return;
          for (const name of Object.keys(schema.properties)) {
            if (SNAKE_CASE.test(name)) continue;
            const propertyAt = [...schemaAt, "properties", name];
            results.push(result(messageFor(name, fieldOf(propertyAt.slice(bodyAt.length)), where), propertyAt));
          }
        },
        seen,
      );
    }
  };
  for (const entry of operationsOf(document.paths)) {
    judgeBody(entry.operation.requestBody?.content, [...entry.at, "requestBody"], `the request body of ${describeOperation(entry)}`);
    for (const { status, response, at } of responsesOf(entry)) judgeBody(response.content, at, describeResponse(entry, status));
  }
  for (const entry of operationsOf(document.webhooks, "webhooks")) {
    judgeBody(entry.operation.requestBody?.content, [...entry.at, "requestBody"], `the payload of webhook \`${entry.path}\``);
  }
  return results;
});

function messageFor(name: string, field: string, where: string): string {
  const place = field === name ? where : `${where} (at ${field})`;
  const spelling = snakeCaseOf(name);
  const fix = SNAKE_CASE.test(spelling) ? `name it \`${spelling}\`` : `a field name matches ${SNAKE_CASE.source}`;
  return `Property \`${name}\` in ${place} is not snake_case: ${fix}.`;
}
