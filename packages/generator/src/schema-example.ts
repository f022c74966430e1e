// @signing-platform/generator/schema-example: the value the generator writes into an SDK's
// README for a schema, for tools that answer with one (the sandbox serves an operation it has
// no behaviour for with it). It loads none of the generator's templates or compilers.
export { schemaExample } from "./examples.js";
