// The validators of an operation's request body and responses. The package's own operations
// have precompiled ones (@signing-platform/validators); an operation read from a document
// given to createApp has those compiled from that document at start-up
// (../document/document-operations.ts), registered here under its descriptor, so an
// operation of another document is never checked against a schema of this package's.
import type { ErrorDetail } from "@signing-platform/types";
import { operationValidators } from "@signing-platform/validators";
import type { OperationDescriptor } from "../router/operation-descriptor.js";

/** A validator of a JSON value: its problems as error details, or ok. */
export type SchemaValidator = (value: unknown) => { ok: true } | { ok: false; errors: ErrorDetail[] };

/** The validators of one operation: its request body's, and each response status's. */
export interface OperationValidators {
  readonly requestBody?: SchemaValidator;
  readonly responses?: Readonly<Record<string, SchemaValidator>>;
}

const ofDocuments = new WeakMap<OperationDescriptor, OperationValidators>();

/** Registers the validators compiled from a document for its operation. */
export function registerOperationValidators(operation: OperationDescriptor, validators: OperationValidators): void {
  ofDocuments.set(operation, validators);
}

/** The validators of `operation`: those of its document when it came from one, else the package's. */
export function validatorsOf(operation: OperationDescriptor): OperationValidators | undefined {
  return ofDocuments.get(operation) ?? (operationValidators as Record<string, OperationValidators | undefined>)[operation.operationId];
}
