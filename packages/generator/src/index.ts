// @signing-platform/generator: SDK packages for OpenAPI documents that use the
// x-signing-platform-* extensions.

// The generator, and the `generate` command the CLI calls.
export { generateSdk, type GenerateSdkOptions, type GeneratedSdk } from "./generate-sdk.js";
export { GENERATE_USAGE, runGenerate, type GenerateIo } from "./run-generate.js";
export { GeneratorInputError } from "./generator-input-error.js";
