// The commands as a library, for scripts and benchmarks that run them in-process. The
// breaking-change engine has a package of its own, @signing-platform/diff.
// The dispatcher and its commands
export { commands, run } from "./cli.js";
export { EXIT, type Command, type CommandIo } from "./command.js";
// What lint does, without the command line, on a document loaded as diff loads it
export { loadOpenApiDocument, type LoadedDocument } from "@signing-platform/diff";
export { UnusableInputError } from "@signing-platform/contract/input";
export { runSpectral } from "./lint/run-spectral.js";
