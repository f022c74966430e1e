// @ts-check
// The conventions library of the spec: the JavaScript side of conventions.tsp.
//   src/decorators.js  what the decorators record;
//   src/validate.js    the catalogue and the x-signing-platform-* extensions, written when the spec compiles;
//   src/linter.js      the conventions judged at the .tsp line (rules in src/rules/);
//   src/source-map.js  the emitter of the source map from the OpenAPI document back to the .tsp.
export { $lib } from "./src/library.js";
export { $decorators } from "./src/decorators.js";
export { $onValidate } from "./src/validate.js";
export { $linter } from "./src/linter.js";
export { $onEmit } from "./src/source-map.js";
