// The operation keys of an OpenAPI path item (OpenAPI 3.1, Path Item Object), in the
// specification's order: every reader of a document walks its operations by this one list.

/** The fixed fields of a path item that hold an operation, lower case, in the specification's order. */
export const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
