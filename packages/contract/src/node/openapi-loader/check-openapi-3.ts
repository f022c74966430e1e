// Lint and diff read OpenAPI 3 only: a Swagger 2.0 document, or a file that is no OpenAPI
// document at all, is refused at the top, naming the field that says so.
import { place, UnusableInputError } from "../../input/unusable-input.js";
import { isJsonObject, type Json } from "../../openapi/json.js";
import type { ParsedFile } from "./parse-file.js";

/** Throws UnusableInputError, naming the file and place, unless `parsed` is an OpenAPI 3 document. */
export function checkIsOpenApi3(parsed: ParsedFile): asserts parsed is ParsedFile & { data: Json } {
  const data = parsed.data;
  const object = isJsonObject(data);
  if (object && typeof data.openapi === "string" && /^3\.\d+/.test(data.openapi)) return;
  if (object && data.swagger !== undefined) {
    throw new UnusableInputError(
      `${place(parsed.file, parsed.locate("#/swagger"))}: Swagger ${data.swagger} is not supported: convert the document to OpenAPI 3.`,
    );
  }
  const found = object && data.openapi !== undefined ? `"openapi: ${data.openapi}"` : 'no "openapi" field at the top';
  throw new UnusableInputError(
    `${place(parsed.file, object ? parsed.locate("#/openapi") : undefined)}: not an OpenAPI 3 document (${found}).`,
  );
}
