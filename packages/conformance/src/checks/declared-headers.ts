// The headers a response declares required (OpenAPI: Header Object, `required: true`) are on
// it: a client generated from the document reads them without asking whether they came (an
// ETag on a list, kept for the next conditional read). Judged over every answer the run saw,
// each against the response its operation declares for the status (the status, its range,
// then default). Request-Id, the rate-limit headers and Retry-After have checks of their own
// and are left to them, as is the ETag of a conditional read (entity-tag, not-modified) and of
// a write's success (created-entity-tag), so that one missing header is one finding.
import type { PassiveCheck } from "../check.js";
import { pass, verdict } from "../outcome.js";
import type { Contract } from "../contract.js";
import { isSuccess } from "../exchange.js";
import { findingsOver } from "./findings.js";

const WRITES = new Set(["post", "put", "patch"]);

/** The names of the headers the operation's response for `status` declares required. */
function requiredHeaders(contract: Contract, path: string, method: string, status: number): string[] {
  const responses = (contract.document.paths?.[path]?.[method]?.responses ?? {}) as Record<string, unknown>;
  const key = [String(status), `${String(status)[0]}XX`, "default"].find((candidate) => candidate in responses);
  if (key === undefined) return [];
  const headers = (contract.resolve(responses[key] as Record<string, unknown>).headers ?? {}) as Record<string, Record<string, unknown>>;
  return Object.entries(headers)
    .filter(([, header]) => contract.resolve(header ?? {}).required === true)
    .map(([name]) => name);
}

export const declaredHeaders: PassiveCheck = {
  kind: "passive",
  id: "declared-headers",
  area: "headers",
  clause: "Errors › Headers on every response",
  title: "Every header the document declares required on a response is on it.",
  judge(exchanges, contract) {
    const { requestId, rateLimitLimit, rateLimitRemaining, rateLimitReset, retryAfter } = contract.headers;
    const judgedElsewhere = new Set(
      [...requestId, rateLimitLimit, rateLimitRemaining, rateLimitReset, retryAfter]
        .filter((name): name is string => name !== undefined)
        .map((name) => name.toLowerCase()),
    );
    const judged = exchanges.filter(({ request }) => request.operation !== null);
    if (judged.length === 0) return pass("no answer of an operation to judge");
    return verdict(
      findingsOver(judged, ({ request, response }) => {
        const { path, method } = request.operation!;
        const operation = contract.operations.find((candidate) => candidate.path === path && candidate.method === method);
        const entityTag = (
          operation?.extensions.conditionalRequest?.response_header ?? (WRITES.has(method) && isSuccess(response.status) ? "ETag" : "")
        ).toLowerCase();
        const missing = requiredHeaders(contract, path, method, response.status).filter(
          (name) =>
            !judgedElsewhere.has(name.toLowerCase()) &&
            name.toLowerCase() !== entityTag &&
            response.headers[name.toLowerCase()] === undefined,
        );
        return missing.length === 0
          ? null
          : `no ${missing.join(", ")}, which ${method.toUpperCase()} ${path} declares required on a ${response.status}`;
      }),
    );
  },
};
