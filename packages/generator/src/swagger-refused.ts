// A Swagger 2.0 document is refused, in one line that says how to convert it. The generator
// does not convert it itself: swagger2openapi, the converter most documents are put through,
// has had no release since 2021 and pulls in its own resolver and validator, while a
// conversion is a one-time step whose result the API's owner should keep and review.
import { GeneratorInputError } from "./generator-input-error.js";

/** The command that converts a Swagger 2.0 document to OpenAPI 3.0. */
export const SWAGGER_CONVERSION = "npx swagger2openapi --patch --outfile openapi.yaml";

/**
 * The error that refuses the Swagger `version` document in the file `input`, its message one line naming the file and the command that converts it.
 * @example
 * ```ts
 * import { swaggerRefused } from "@signing-platform/generator";
 *
 * console.log(swaggerRefused("swagger.yaml", "2.0").message);
 * // swagger.yaml is not an OpenAPI 3.0, 3.1 or 3.2 document (Swagger 2.0): convert it first, e.g. `npx swagger2openapi …`, and generate from openapi.yaml.
 * ```
 */
export function swaggerRefused(input: string, version: string): GeneratorInputError {
  return new GeneratorInputError(
    `${input} is not an OpenAPI 3.0, 3.1 or 3.2 document (Swagger ${version}): convert it first, e.g. \`${SWAGGER_CONVERSION} ${input}\`, and generate from openapi.yaml.`,
  );
}
