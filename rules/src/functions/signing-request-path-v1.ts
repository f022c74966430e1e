// signing-platform-signing-request-path-v1. Interface document › Versioning: "The
// signing-request path carries the segment /v1" ({base_url}/v1/signing-requests/{id}). A
// document may put /v1 in the path or at the end of every server URL.
import { createRulesetFunction, type IFunctionResult } from "@stoplight/spectral-core";
import { isJsonObject } from "@signing-platform/contract/openapi";
import { result } from "../openapi.js";

const RESOURCE_SEGMENT = /^signing[-_]requests$/;
const VERSION_SEGMENT = "v1";

function serversCarryVersion(servers: unknown): boolean {
  if (!Array.isArray(servers) || servers.length === 0) return false;
  return servers.every((server) => isJsonObject(server) && typeof server.url === "string" && /\/v1\/?$/.test(server.url));
}

/**
 * The Spectral function of signing-platform-signing-request-path-v1: the signing-request path carries /v1. Give it `$.paths` of an OpenAPI 3 document.
 * @example
 * ```ts
 * import { signingRequestPathV1 } from "@signing-platform/rules/functions";
 *
 * export default { rules: { "my-signing-request-path-v1": { given: "$.paths", severity: "error", then: { function: signingRequestPathV1 } } } };
 * ```
 */
export const signingRequestPathV1 = createRulesetFunction<unknown, null>({ input: null, options: null }, (paths, _options, context) => {
  if (!isJsonObject(paths)) return [];
  const document = context.document.data as Record<string, unknown>;
  if (serversCarryVersion(document.servers)) return [];
  const results: IFunctionResult[] = [];
  for (const path of Object.keys(paths)) {
    const segments = path.split("/").filter(Boolean);
    const resource = segments.findIndex((segment) => RESOURCE_SEGMENT.test(segment));
    if (resource < 0 || segments.slice(0, resource).includes(VERSION_SEGMENT)) continue;
    results.push(result(`The signing-request path ${path} must carry the /${VERSION_SEGMENT} segment.`, ["paths", path]));
  }
  return results;
});
