// signing-platform-error-body. Interface document › Errors › Error body: every error answers
// `{"error": {"code", "message", "request_id", "details": [...]}}`, details empty when there
// are none. Applies to every 4xx and 5xx response (and 4XX/5XX ranges).
import { createRulesetFunction, type IFunctionResult } from "@stoplight/spectral-core";
import {
  capitalise,
  describeResponse,
  isErrorStatus,
  jsonContentOf,
  objectShapeOf,
  operationsOf,
  responsesOf,
  result,
  typesOf,
  type Path,
} from "../openapi.js";

/** The fields of the error object and the JSON type each must have (Errors › Error body). */
const ERROR_FIELDS = [
  ["code", "string"],
  ["message", "string"],
  ["request_id", "string"],
  ["details", "array"],
] as const;

/**
 * The Spectral function of signing-platform-error-body: every 4xx and 5xx response body is the error schema {error:{code,message,request_id,details[]}} (Errors › Error body). Give it `$.paths` of an OpenAPI 3 document.
 * @example
 * ```ts
 * import { errorBody } from "@signing-platform/rules/functions";
 *
 * export default { rules: { "my-error-body": { given: "$.paths", severity: "error", then: { function: errorBody } } } };
 * ```
 */
export const errorBody = createRulesetFunction<unknown, null>({ input: null, options: null }, (paths) => {
  const results: IFunctionResult[] = [];
  for (const entry of operationsOf(paths)) {
    for (const { status, response, at } of responsesOf(entry)) {
      if (!isErrorStatus(status)) continue;
      const where = describeResponse(entry, status);
      const json = jsonContentOf(response.content);
      if (!json) {
        results.push(result(`${capitalise(where)} has no JSON body: errors answer {error:{code,message,request_id,details[]}}.`, at));
        continue;
      }
      results.push(...checkErrorSchema(json.schema, [...at, "content", json.mediaType, "schema"], where));
    }
  }
  return results;
});

function checkErrorSchema(schema: unknown, at: Path, where: string): IFunctionResult[] {
  const body = objectShapeOf(schema, at);
  const error = body.properties.error;
  if (!error || !body.required.has("error")) return [result(`The body of ${where} must have the required object \`error\`.`, at)];
  const shape = objectShapeOf(error.schema, error.at);
  const results: IFunctionResult[] = [];
  for (const [field, type] of ERROR_FIELDS) {
    const property = shape.properties[field];
    if (!property || !shape.required.has(field)) {
      results.push(result(`The error body of ${where} lacks the required field \`error.${field}\`.`, error.at));
      continue;
    }
    const types = typesOf(property.schema);
    if (types.size > 0 && !types.has(type))
      results.push(result(`\`error.${field}\` in the error body of ${where} must be of type ${type}.`, property.at));
  }
  return results;
}
