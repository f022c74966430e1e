// @signing-platform/client: a typed client of the Signing Platform API that keeps every
// client rule of the interface document. Browser-safe; mutual TLS is in
// `@signing-platform/client/node`. The runtime under src/runtime/ is the same one every
// generated SDK carries.

export { createClient, type ClientOptions, type MutualTlsOptions } from "./client.js";
export { api } from "./generated/api.js";
export * from "./runtime/index.js";
