// Lint and diff read OpenAPI 3 only: a Swagger 2.0 document, or a file that is no OpenAPI
// document at all, is refused at the top, naming the field that says so.
import { place, UnusableInputError } from "../../input/unusable-input.js";
import { isJsonObject, type Json } from "../../openapi/json.js";
import type { ParsedFile } from "./parse-file.js";

/** A file that is no OpenAPI 3 document; a Swagger 2.0 one says which version, for a caller that names the tool converting it. */
export class NotOpenApi3Error extends UnusableInputError {
  /** The class name, `NotOpenApi3Error`. */
  override readonly name: string = "NotOpenApi3Error";
  /** The `swagger` field of a Swagger document (`2.0`); undefined for anything else. */
  readonly swaggerVersion: string | undefined;

  /** The error, its message one line naming the file and place; `swaggerVersion` for a Swagger document. */
  constructor(message: string, swaggerVersion?: string) {
    super(message);
    this.swaggerVersion = swaggerVersion;
  }
}

/** Throws NotOpenApi3Error, naming the file and place, unless `parsed` is an OpenAPI 3 document. */
export function checkIsOpenApi3(parsed: ParsedFile): asserts parsed is ParsedFile & { data: Json } {
  const data = parsed.data;
  const object = isJsonObject(data);
  if (object && typeof data.openapi === "string" && /^3\.\d+/.test(data.openapi)) return;
  if (object && data.swagger !== undefined) {
    throw new NotOpenApi3Error(
      `${place(parsed.file, parsed.locate("#/swagger"))}: Swagger ${data.swagger} is not supported: convert the document to OpenAPI 3.`,
      String(data.swagger),
    );
  }
  const found = object && data.openapi !== undefined ? `"openapi: ${data.openapi}"` : 'no "openapi" field at the top';
  throw new NotOpenApi3Error(
    `${place(parsed.file, object ? parsed.locate("#/openapi") : undefined)}: not an OpenAPI 3 document (${found}).`,
  );
}
