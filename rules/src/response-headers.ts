// The one check several rules make of a response: it declares a header, and marks it
// required, because the interface document says the header is always sent.
import type { IFunctionResult } from "@stoplight/spectral-core";
import type { Json } from "@signing-platform/contract/openapi";
import { capitalise, findHeader, result, type Path } from "./openapi.js";

/**
 * Results for a response that should always carry `header`. `where` names the response
 * ("the 404 response of GET /x"); `because` ends each message with the reason.
 */
export function requireResponseHeader(response: Json, at: Path, where: string, header: string, because: string): IFunctionResult[] {
  const found = findHeader(response.headers, header);
  if (!found) return [result(`${capitalise(where)} does not declare the ${header} header: ${because}.`, at)];
  if (found.header.required !== true) {
    return [result(`${header} on ${where} must be required: ${because}.`, [...at, "headers", found.key])];
  }
  return [];
}
