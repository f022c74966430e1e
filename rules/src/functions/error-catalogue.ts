// signing-platform-error-catalogue. Interface document › Errors › Error codes: each code has one
// status. Every code an operation declares — in its x-signing-platform-errors extension, in the
// examples of its error responses, or in an enum of `error.code` — must be in the catalogue,
// and a code that a response of one status pins down (an example, a closed enum) must be the
// catalogue's status for it. A code with no status in the source is answered with the status
// servers chose (docs/decisions.md#codes-without-a-status). An open enum (a union with plain string, as the shared
// ErrorCode is) lists known codes, not the codes of one status: only membership is checked.
import { createRulesetFunction, type IFunctionResult } from "@stoplight/spectral-core";
import { EXTENSIONS, type CatalogueErrorCode } from "@signing-platform/contract";
import { readConventions, statusOfCode, type Conventions } from "../conventions.js";
import { isJsonObject, type Json } from "@signing-platform/contract/openapi";
import {
  describeOperation,
  describeResponse,
  isErrorStatus,
  jsonContentOf,
  objectShapeOf,
  operationsOf,
  responsesOf,
  result,
  statusKeyCovers,
  type OperationEntry,
  type Path,
} from "../openapi.js";

/** The catalogue entry of `code`, if the catalogue has it. */
function findErrorCode(conventions: Conventions, code: string): CatalogueErrorCode | undefined {
  return conventions.errors.find((entry) => entry.code === code);
}

/**
 * The Spectral function of signing-platform-error-catalogue: every error code an operation declares is in the catalogue, under the catalogue's status (Errors › Error codes). Give it `$.paths` of an OpenAPI 3 document.
 * @example
 * ```ts
 * import { errorCatalogue } from "@signing-platform/rules/functions";
 *
 * export default { rules: { "my-error-catalogue": { given: "$.paths", severity: "error", then: { function: errorCatalogue } } } };
 * ```
 */
export const errorCatalogue = createRulesetFunction<unknown, null>({ input: null, options: null }, (paths, _options, context) => {
  const conventions = readConventions(context.document.data);
  const results = new Map<string, IFunctionResult>();
  const add = (found: IFunctionResult) => results.set(found.message, found);
  for (const entry of operationsOf(paths)) {
    checkExtension(entry, conventions).forEach(add);
    for (const { status, response, at } of responsesOf(entry)) {
      if (!isErrorStatus(status)) continue;
      const json = jsonContentOf(response.content);
      if (!json) continue;
      const mediaAt = [...at, "content", json.mediaType];
      const where = describeResponse(entry, status);
      for (const { code, at: exampleAt } of exampleCodes(json.media, mediaAt)) {
        checkPinnedCode(code, status, where, exampleAt, conventions).forEach(add);
      }
      const body = objectShapeOf(json.schema, [...mediaAt, "schema"]);
      const error = body.properties.error;
      const code = error && objectShapeOf(error.schema, error.at).properties.code;
      if (!code) continue;
      const { values, open } = enumeratedCodes(code.schema);
      for (const value of values) {
        if (open) {
          if (!findErrorCode(conventions, value))
            add(result(`Error code \`${value}\` of the open error code enum is not in the catalogue.`, code.at));
        } else checkPinnedCode(value, status, where, code.at, conventions).forEach(add);
      }
    }
  }
  return [...results.values()];
});

function checkExtension(entry: OperationEntry, conventions: Conventions): IFunctionResult[] {
  const codes = entry.operation[EXTENSIONS.errors];
  if (!Array.isArray(codes)) return [];
  const name = describeOperation(entry);
  const statuses = Object.keys(isJsonObject(entry.operation.responses) ? entry.operation.responses : {});
  return codes.flatMap((code: unknown, index: number) => {
    const at = [...entry.at, EXTENSIONS.errors, index];
    const known = findErrorCode(conventions, String(code));
    if (!known) return [result(`Error code \`${code}\` declared by ${name} is not in the catalogue.`, at)];
    const status = statusOfCode(known);
    if (status === null || statuses.some((key) => statusKeyCovers(key, status))) return [];
    return [
      result(
        `Error code \`${code}\` declared by ${name} has status ${status} in the catalogue, but ${name} declares no ${status} response.`,
        at,
      ),
    ];
  });
}

/** A code that a response of status `status` is shown or typed to return. */
function checkPinnedCode(code: string, status: string, where: string, at: Path, conventions: Conventions): IFunctionResult[] {
  const known = findErrorCode(conventions, code);
  if (!known) return [result(`Error code \`${code}\` used by ${where} is not in the catalogue.`, at)];
  const expected = statusOfCode(known);
  if (expected === null || statusKeyCovers(status, expected)) return [];
  return [result(`Error code \`${code}\` is used by ${where}, but the catalogue gives it status ${expected}.`, at)];
}

/** `error.code` values in a media type's example, its named examples and its schema's examples. */
function exampleCodes(media: Json, at: Path): { code: string; at: Path }[] {
  const found: { code: string; at: Path }[] = [];
  const take = (value: unknown, valueAt: Path) => {
    const code = isJsonObject(value) && isJsonObject(value.error) ? value.error.code : undefined;
    if (typeof code === "string") found.push({ code, at: [...valueAt, "error", "code"] });
  };
  take(media.example, [...at, "example"]);
  if (isJsonObject(media.examples)) {
    for (const [name, example] of Object.entries(media.examples))
      if (isJsonObject(example)) take(example.value, [...at, "examples", name, "value"]);
  }
  const schema = media.schema;
  if (isJsonObject(schema)) {
    take(schema.example, [...at, "schema", "example"]);
    if (Array.isArray(schema.examples))
      schema.examples.forEach((value: unknown, index: number) => take(value, [...at, "schema", "examples", index]));
  }
  return found;
}

/**
 * The string values an `error.code` schema enumerates, and whether it is open (admits any
 * string besides them): a branch with neither `enum` nor `const` is open.
 */
export function enumeratedCodes(schema: unknown, seen = new Set<unknown>()): { values: string[]; open: boolean } {
  if (!isJsonObject(schema) || seen.has(schema)) return { values: [], open: true };
  seen.add(schema);
  if (schema.const !== undefined) return { values: [String(schema.const)], open: false };
  if (Array.isArray(schema.enum)) return { values: schema.enum.filter((value: unknown) => typeof value === "string"), open: false };
  for (const keyword of ["anyOf", "oneOf"]) {
    if (!Array.isArray(schema[keyword])) continue;
    const branches = schema[keyword].map((branch: unknown) => enumeratedCodes(branch, seen));
    return {
      values: branches.flatMap((branch: { values: string[] }) => branch.values),
      open: branches.some((branch: { open: boolean }) => branch.open),
    };
  }
  if (Array.isArray(schema.allOf)) {
    const closed = schema.allOf.map((branch: unknown) => enumeratedCodes(branch, seen)).filter((branch: { open: boolean }) => !branch.open);
    if (closed.length > 0) return { values: closed.flatMap((branch: { values: string[] }) => branch.values), open: false };
  }
  return { values: [], open: true };
}
