// @signing-platform/generator: stand-alone TypeScript SDK packages for any OpenAPI 3.0 or 3.1
// document, with the conventions of the x-signing-platform-* extensions where it has them.

// The generator, and the `generate` command the CLI calls.
export { generateSdk, type GenerateSdkOptions, type GeneratedSdk } from "./generate-sdk.js";
export { runGenerate, type GenerateIo, type RunGenerateOptions } from "./run-generate.js";
export { GeneratorInputError } from "./generator-input-error.js";
// Handler types of a document for @signing-platform/server's createApp({ document }).
export { generateServerHandlers } from "./server/server-handlers.js";

// Request samples (curl and the SDK's call) for an API reference.
export { requestSamples, type RequestSample, type RequestSampleOptions } from "./request-samples.js";
