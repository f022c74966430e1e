// Request and response types of an operation, by its operation id, read from the
// openapi-typescript `operations` interface. The named aliases per operation
// (`CreateEnrollmentRequestBody`, …) are generated over these.
import type { operations } from "./generated/openapi.js";

/** The operationId of an operation of the API, such as `"getCertificate"`. */
export type OperationId = keyof operations;

type JsonContent<Response> = Response extends { content: { "application/json": infer Body } } ? Body : never;

/** `path`, `query` and `header` parameters of an operation. */
export type OperationParameters<Id extends OperationId> = operations[Id]["parameters"];

/** The JSON request body of an operation (never when it has none). */
export type RequestBody<Id extends OperationId> = JsonContent<NonNullable<operations[Id]["requestBody"]>>;

/** The responses of an operation, by status. */
export type OperationResponses<Id extends OperationId> = operations[Id]["responses"];
/** A status an operation may answer with. */
export type ResponseStatus<Id extends OperationId> = keyof OperationResponses<Id>;

/** The JSON body of a response status of an operation (never for a status without a body, such as 304). */
export type ResponseBody<Id extends OperationId, Status extends ResponseStatus<Id>> = JsonContent<OperationResponses<Id>[Status]>;

type StatusesStartingWith<Id extends OperationId, Digit extends string> = {
  [Status in ResponseStatus<Id>]: `${Status & (string | number)}` extends `${Digit}${string}` ? Status : never;
}[ResponseStatus<Id>];

/** The 2xx statuses of an operation. */
export type SuccessStatus<Id extends OperationId> = StatusesStartingWith<Id, "2">;
/** The 4xx and 5xx statuses of an operation. */
export type ErrorStatus<Id extends OperationId> = StatusesStartingWith<Id, "4" | "5">;

/** The JSON body of the success responses of an operation. */
export type SuccessResponseBody<Id extends OperationId> = ResponseBody<Id, SuccessStatus<Id>>;
/** The JSON body of the error responses of an operation (the error body). */
export type ErrorResponseBody<Id extends OperationId> = ResponseBody<Id, ErrorStatus<Id>>;
