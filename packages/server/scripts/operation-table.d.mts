// Declarations of operation-table.mjs for the TypeScript tests that hold the server's reading of
// a document at start-up to the build's.
import type { Catalogue } from "@signing-platform/types";
import type { OperationDescriptor } from "../src/router/operation-descriptor.js";

/** The operations of a document, as the build writes them into src/generated/operations.ts. */
export declare function operationTable(document: Record<string, any>): OperationDescriptor[];
/** The HTTP status a server answers an error code with. */
export declare function statusOfCode(catalogue: Catalogue, code: string): number;
