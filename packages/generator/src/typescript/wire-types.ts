// The TypeScript SDK's types and call arguments that follow an operation's wire format
// (wire-model.ts): its body's type by the media type sent (a file type for bytes, a string
// for text), its response's (a Blob for bytes, an EventStream for a stream), and the format the runtime is given.
import type { SdkOperation } from "../sdk-model.js";

/** The body's type: the JSON schema's, the form or multipart schema's, a string, or a file. */
export function bodyType(operation: SdkOperation, operationType: string): string {
  const request = operation.request;
  switch (request?.kind) {
    case "text":
      return "string";
    case "binary":
      return "FileBody";
    case "form":
    case "multipart":
      return `BodyIn<${operationType}, ${JSON.stringify(request.mediaType)}>`;
    default:
      return `BodyOf<${operationType}>`;
  }
}

/** The type of the success body read whole: the JSON schema's, a string for text, a Blob for bytes. */
export function wholeResponseType(operation: SdkOperation, operationType: string): string {
  if (operation.response === "binary") return "Blob";
  if (operation.response === "text") return "string";
  return `SuccessOf<${operationType}>`;
}

/** The success's type: the body read whole, the EventStream of its events (typed `eventType`), or either, as the server answers. */
export function responseType(operation: SdkOperation, operationType: string, eventType: string): string {
  const stream = `EventStream<${eventType}>`;
  if (operation.response === "stream") return stream;
  const whole = wholeResponseType(operation, operationType);
  return operation.stream ? `${whole} | ${stream}` : whole;
}

/** Whether the operation declares header or cookie parameters, which its options then take. */
export const takesParameterOptions = (operation: SdkOperation) =>
  operation.parameters.some((parameter) => parameter.in === "header" || parameter.in === "cookie");

export const parameterOptions = (operationType: string) =>
  `ParameterRequestOptions<HeaderOf<${operationType}>, CookieOf<${operationType}>>`;

/** The wire format as a literal of the call. */
export const wireLiteral = (operation: SdkOperation) => `wire: ${JSON.stringify(operation.wire)}`;
