// @signing-platform/contract/openapi: the one reader of an OpenAPI document every package
// uses, pure, on a document already parsed (from disk: `/openapi-loader`). The same rules
// everywhere: pointers decoded as RFC 6901 says, a `$ref` followed or refused with one typed
// error, operations walked over the same methods, path-level parameters merged as OpenAPI says.

// The objects of a document
export { isJsonObject, type Json } from "./json.js";
// JSON pointers, in string and URI fragment form
export { appendPointer, decodePointer, encodePointer, encodeUriFragment, JsonPointerError, resolvePointer } from "./json-pointer.js";
// `$ref`s: followed, refused, listed
export { type BrokenRefOptions, followRef, resolveRef, type Located } from "./resolve-ref.js";
export { BrokenRefError, type BrokenRefReason } from "./broken-ref-error.js";
export { refsIn, type RefAt } from "./refs-in.js";
// Operations and their parameters
export { type OpenApiOperation, operationsOf, type OperationsOptions } from "./document-operations.js";
export { mergeParameters, parametersOf, type OperationParameter } from "./operation-parameters.js";
