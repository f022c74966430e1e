// The commands as a library, for scripts and benchmarks that run them in-process.
// The dispatcher and its commands
export { commands, run } from "./cli.js";
export { EXIT, type Command, type CommandIo } from "./command.js";
// Loading a document, and the errors that make it unusable
export { loadOpenApiDocument, type LoadedDocument } from "./input/load-document.js";
export { UnusableInputError } from "./unusable-input.js";
// What lint and diff do, without the command line
export { runSpectral } from "./lint/run-spectral.js";
export { compareDocuments } from "./diff/compare.js";
export type { Finding, Place } from "./diff/change.js";
export { CHECKS, type Check, type Level } from "./diff/checks.js";
