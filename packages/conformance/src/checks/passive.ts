// The checks that send nothing: they read every exchange of the run, so each holds for every
// response the implementation gave, whatever check asked for it. The answer to a route the
// API does not have is unknown-route's alone to judge, so that one fault is one finding.
import type { PassiveCheck } from "../check.js";
import { pass, verdict } from "../outcome.js";
import { isSuccess, type Exchange } from "../exchange.js";
import { findingsOver } from "./findings.js";
import { createdEntityTag } from "./created-entity-tag.js";
import { credentialsEchoed } from "./credentials-echoed.js";
import { declaredHeaders } from "./declared-headers.js";
import { jsonContentType } from "./json-content-type.js";
import { rateLimitReset } from "./rate-limit-reset.js";

/** The exchanges of the API's own operations. */
const ofOperations = (exchanges: readonly Exchange[]) => exchanges.filter((exchange) => exchange.request.operation !== null);

const RETRY_AFTER_STATUSES = new Set([429, 503]);

export const requestIdOnEveryResponse: PassiveCheck = {
  kind: "passive",
  id: "request-id",
  area: "headers",
  clause: "Errors › Headers on every response",
  title: "Every response carries Request-Id.",
  judge(exchanges, contract) {
    const names = contract.headers.requestId.map((name) => name.toLowerCase());
    return verdict(
      findingsOver(ofOperations(exchanges), ({ response }) =>
        names.some((name) => response.headers[name]) ? null : `no ${contract.headers.requestId[0]} header`,
      ),
    );
  },
};

export const rateLimitHeadersOnEveryResponse: PassiveCheck = {
  kind: "passive",
  id: "rate-limit-headers",
  area: "headers",
  clause: "Errors › Headers on every response",
  title: "Every response carries the three rate-limit headers.",
  judge(exchanges, contract) {
    const { rateLimitLimit, rateLimitRemaining, rateLimitReset } = contract.headers;
    const names = [rateLimitLimit, rateLimitRemaining, rateLimitReset].filter((name): name is string => name !== undefined);
    if (names.length === 0) return pass("the document names no rate-limit headers");
    return verdict(
      findingsOver(ofOperations(exchanges), ({ response }) => {
        const missing = names.filter((name) => !/^\d+$/.test(response.headers[name.toLowerCase()] ?? ""));
        return missing.length === 0 ? null : `no whole-number ${missing.join(", ")}`;
      }),
    );
  },
};

export const retryAfterOnlyWhenAskedToWait: PassiveCheck = {
  kind: "passive",
  id: "retry-after",
  area: "headers",
  clause: "Errors › Headers on every response",
  title: "Retry-After is on every 429 and 503, and on no other response.",
  judge(exchanges, contract) {
    const name = contract.headers.retryAfter.toLowerCase();
    return verdict(
      findingsOver(exchanges, ({ response }) => {
        const present = response.headers[name] !== undefined;
        if (RETRY_AFTER_STATUSES.has(response.status)) return present ? null : `no ${contract.headers.retryAfter}`;
        return present ? `${contract.headers.retryAfter} on a ${response.status}` : null;
      }),
    );
  },
};

export const errorBodyOnEveryError: PassiveCheck = {
  kind: "passive",
  id: "error-body",
  area: "errors",
  clause: "Errors › Error body",
  title: "Every 4xx and 5xx is the error body, with a catalogue code and request_id equal to Request-Id.",
  judge(exchanges, contract) {
    const requestIdHeader = contract.headers.requestId[0]!.toLowerCase();
    return verdict(
      findingsOver(ofOperations(exchanges), ({ response }) => {
        if (response.status < 400) return null;
        const error = (response.json as { error?: Record<string, unknown> } | undefined)?.error;
        if (!error || typeof error !== "object") return 'not the error body ({"error": {…}})';
        const { code, message, request_id, details } = error;
        if (typeof code !== "string" || typeof message !== "string" || typeof request_id !== "string" || !Array.isArray(details)) {
          return "the error object lacks code, message, request_id or details";
        }
        // Whether the status is the catalogue's for the code is error-code-status's to judge.
        if (contract.errorCodes && !contract.errorCodes[code]) return `${code} is no code of the catalogue`;
        const header = response.headers[requestIdHeader];
        if (header !== undefined && header !== request_id) return `request_id ${request_id} is not the Request-Id ${header}`;
        return null;
      }),
    );
  },
};

export const responsesMatchTheirSchemas: PassiveCheck = {
  kind: "passive",
  id: "response-schemas",
  area: "schemas",
  clause: "Resources",
  title: "Every response of an operation has a status it declares and a body its schema accepts.",
  judge(exchanges, contract) {
    return verdict(
      findingsOver(exchanges, ({ request, response }) => {
        const operation = request.operation
          ? contract.operations.find(
              (candidate) => candidate.path === request.operation!.path && candidate.method === request.operation!.method,
            )
          : undefined;
        // Refusals of the transport (413, 414, 415, 429, 503 …) come before any operation; the
        // error-body check holds them to the error body.
        if (
          !operation ||
          (!isSuccess(response.status) && response.status !== 304 && !operation.statuses.includes(String(response.status)))
        ) {
          return null;
        }
        const result = contract.validateResponse(operation, response.status, response.headers["content-type"], response.json);
        if (result.ok) return null;
        if (result.undeclaredStatus) return `${response.status} is no status of ${operation.method.toUpperCase()} ${operation.path}`;
        return result.issues
          .slice(0, 3)
          .map((issue) => `${issue.field} ${issue.message}`)
          .join("; ");
      }),
    );
  },
};

export const PASSIVE_CHECKS: readonly PassiveCheck[] = [
  requestIdOnEveryResponse,
  rateLimitHeadersOnEveryResponse,
  rateLimitReset,
  retryAfterOnlyWhenAskedToWait,
  declaredHeaders,
  jsonContentType,
  errorBodyOnEveryError,
  credentialsEchoed,
  responsesMatchTheirSchemas,
  createdEntityTag,
];
