// @signing-platform/generator: stand-alone SDK packages, in TypeScript or Python, for any
// OpenAPI 3.0, 3.1 or 3.2 document, with the conventions of the x-signing-platform-* extensions
// where it has them; and the handler types of a server on @signing-platform/server.

// The generator: what `signing-platform generate` writes, from options already read.
export { generate, type GenerateOptions, type GenerateTarget, type Generated } from "./generate.js";
export { generateSdk, type GenerateSdkOptions, type GeneratedSdk } from "./generate-sdk.js";
export { GeneratorInputError } from "./generator-input-error.js";
// A file read as the generator reads one (the contract's loader; a Swagger 2.0 document refused
// with the command that converts it), for callers that read the document before generating.
export { loadDocumentToGenerate, loadGeneratorInput, type OpenApiDocument } from "./load-document.js";
// An SDK's release from the change of its document (`previous`): its version and changelog.
export type { SdkRelease } from "./release/sdk-release.js";
export type { Bump, Kind } from "./release/version-bump.js";
// Handler types of a document for @signing-platform/server's createApp({ document }).
export { generateServerHandlers } from "./server/server-handlers.js";

// Request samples (curl and the SDK's call) for an API reference.
export { requestSamples, type RequestSample, type RequestSampleOptions } from "./request-samples.js";
