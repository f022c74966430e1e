// @signing-platform/contract/openapi-loader: an OpenAPI document read from disk, for Node. YAML
// or JSON, a document split over files bundled into one, the line and column of every node for
// the messages, and what no command can use refused in one line (UnusableInputError). What is
// read is then read with `@signing-platform/contract/openapi`. A file that is no OpenAPI 3
// document is a NotOpenApi3Error, which says the version of a Swagger one.

export { loadOpenApiDocument, type LoadedDocument, type LoadOptions } from "./load-document.js";
export { BUNDLED_FILES_KEY, type Bundle } from "./bundle.js";
export type { Position } from "./position.js";
export { NotOpenApi3Error } from "./check-openapi-3.js";
