// signing-platform-operation-example. Every operation under `paths` shows an example of its
// JSON request body and of the JSON body of each of its 2xx responses: `example` or `examples`
// on the media type, or `example` or `examples` on its schema. The reference docs and the
// README and request samples of the generated SDKs show an operation's documented example, and
// otherwise a value made up from the schema, which reads as no real call would. Whether an
// example fits its schema is Spectral's own `oas3-valid-media-example`, in `spectral:oas`.
//
// A warning, not an error: no clause of the interface document asks for examples (Endpoints:
// "No sample values are given. Shapes only."), so a document without them still states the
// contract; what it lacks is documentation. `signing-platform lint` lists warnings and exits 0.
// Error bodies are the one error schema (Errors › Error body) and webhooks are not operations a
// client calls; neither is judged.
import { createRulesetFunction, type IFunctionResult } from "@stoplight/spectral-core";
import { isJsonObject, type Json } from "@signing-platform/contract/openapi";
import {
  describeOperation,
  describeResponse,
  isJsonMediaType,
  isSuccessStatus,
  operationsOf,
  responsesOf,
  result,
  type Path,
} from "../openapi.js";

/** Where to put an example, and how the spec writes one, for the messages. */
const HOW = "add `example` or `examples` to its media type, or `examples` to its schema (in TypeSpec: `@opExample`)";

/** Whether a media type shows an example of its body, on itself or on its schema. */
function showsExample(media: Json): boolean {
  const shown = (holder: unknown, many: (examples: unknown) => boolean) =>
    isJsonObject(holder) && (holder.example !== undefined || many(holder.examples));
  const schema = media.schema;
  return (
    shown(media, (examples) => isJsonObject(examples) && Object.keys(examples).length > 0) ||
    shown(schema, (examples) => Array.isArray(examples) && examples.length > 0)
  );
}

/** Findings for each JSON media type of `content` that shows no example. */
function missingExamples(content: unknown, at: Path, what: string): IFunctionResult[] {
  if (!isJsonObject(content)) return [];
  return Object.entries(content)
    .filter(([mediaType, media]) => isJsonMediaType(mediaType) && isJsonObject(media) && !showsExample(media))
    .map(([mediaType]) => result(`${what} shows no example: ${HOW}.`, [...at, "content", mediaType]));
}

/**
 * The Spectral function of signing-platform-operation-example: every operation shows an example of its JSON request body and of the JSON body of each 2xx response. Give it `$.paths` of an OpenAPI 3 document.
 * @example
 * ```ts
 * import { operationExample } from "@signing-platform/rules/functions";
 *
 * export default { rules: { "my-operation-example": { given: "$.paths", severity: "warn", then: { function: operationExample } } } };
 * ```
 */
export const operationExample = createRulesetFunction<unknown, null>({ input: null, options: null }, (paths) => {
  const results: IFunctionResult[] = [];
  for (const entry of operationsOf(paths)) {
    const requestBody = entry.operation.requestBody;
    if (isJsonObject(requestBody))
      results.push(
        ...missingExamples(requestBody.content, [...entry.at, "requestBody"], `The JSON request body of ${describeOperation(entry)}`),
      );
    for (const { status, response, at } of responsesOf(entry)) {
      if (isSuccessStatus(status))
        results.push(...missingExamples(response.content, at, `The JSON body of ${describeResponse(entry, status)}`));
    }
  }
  return results;
});
