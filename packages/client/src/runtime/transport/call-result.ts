// What a call resolves to, from its last attempt: the body of a success (JSON, as the
// operation's parseAs says, or the EventStream of a streamed one), a 304 (etag-revalidation.ts), the typed error of an error
// response (errors/error-from-response.ts), or a ConnectionError when no complete response
// came. Under `validateResponses`, a JSON success body that does not match its schema is an
// InvalidResponseError (validate/). Every result carries its meta: the response's headers and what the client did.
import type { ApiConventions } from "../api-description.js";
import type { CallOutcome, ErrorResult, SuccessResult } from "../call-types.js";
import { ConnectionError, InvalidResponseError } from "../errors/error-families.js";
import { errorFromResponse } from "../errors/error-from-response.js";
import { readResponseHeaders, type ResponseMeta } from "../metadata.js";
import type { PreparedRequest } from "../prepare-request.js";
import { successBody } from "../serialize/response-body.js";
import { mismatchError, type ResponseCheck } from "../validate/response-check.js";
import type { AttemptReports } from "./attempt-reports.js";
import { forget, keep, notModified, type Revalidation } from "./etag-revalidation.js";
import type { Received } from "./receive.js";

/** The meta of a result: the response's request id, rate limit and entity tag, the key sent, the attempts made. */
export function responseMeta(
  response: Response | undefined,
  idempotencyKey: string | undefined,
  attempts: number,
  conventions: ApiConventions,
): ResponseMeta {
  const read = response ? readResponseHeaders(response.headers, conventions.headers) : undefined;
  return {
    requestId: read?.requestId,
    rateLimit: read?.rateLimit,
    etag: read?.etag,
    idempotencyKey,
    attempts,
    fromCache: false,
  };
}

/** A success, kept by the entity-tag cache when the read revalidates and the 200 has an entity tag. */
function success(result: SuccessResult<unknown>, revalidation: Revalidation | undefined): CallOutcome | Promise<CallOutcome> {
  const { data, response, meta } = result;
  return revalidation && meta.etag !== undefined && response.status === 200 ? keep(revalidation, meta.etag, data, result) : result;
}

/** The results of one transport's calls. */
export interface CallResults {
  /** A call that ends in `error` after `attempts` attempts, with the response it got, if any. */
  failed(error: ErrorResult["error"], response: Response | undefined, request: PreparedRequest, attempts: number): ErrorResult;
  /**
   * The result of the last attempt; a promise only when the entity-tag store is written, so the
   * common call allocates none (`npm run bench -- client`: the client's goal is at most 15 %
   * over raw fetch).
   */
  ofLastAttempt(
    received: Received,
    request: PreparedRequest,
    attempts: number,
    revalidation: Revalidation | undefined,
  ): CallOutcome | Promise<CallOutcome>;
}

export function callResults(
  conventions: ApiConventions,
  now: () => number,
  reports: AttemptReports,
  openStream: (response: Response, request: PreparedRequest) => unknown,
  checkResponse?: ResponseCheck,
): CallResults {
  const failed: CallResults["failed"] = (error, response, request, attempts) => ({
    error,
    response,
    meta: responseMeta(response, request.idempotencyKey, attempts, conventions),
  });

  return {
    failed,
    ofLastAttempt(received, request, attempts, revalidation) {
      if (received.kind === "network-error") {
        const error = new ConnectionError({
          code: "connection_error",
          message: `${request.method} ${request.path} got no complete response after ${attempts} attempt(s).`,
          cause: received.cause,
        });
        return failed(error, undefined, request, attempts);
      }
      const { response, text } = received;
      const meta = responseMeta(response, request.idempotencyKey, attempts, conventions);
      if (response.status === 304) return notModified(revalidation, response, meta);
      // A stream is never kept by the entity-tag cache: its events are read once.
      if (received.streamed) return { data: openStream(response, request), response, meta };
      if (response.status >= 200 && response.status <= 299) {
        let data: unknown;
        try {
          data =
            request.parseAs !== undefined && request.parseAs !== "json"
              ? successBody(request.parseAs, text, received.bytes, response)
              : text === ""
                ? undefined
                : JSON.parse(text);
        } catch (cause) {
          const error = new InvalidResponseError({
            code: "invalid_response",
            status: response.status,
            requestId: meta.requestId,
            retryable: false,
            message: `The server answered ${response.status} with a body that is not JSON.`,
            cause,
          });
          return failed(error, response, request, attempts);
        }
        const result: SuccessResult<unknown> = { data, response, meta };
        // Checked before the entity-tag cache keeps it: a 304 then gives only a body that matched.
        if (checkResponse && request.parseAs === undefined && data !== undefined)
          return checkResponse(request.method, request.path, response.status, data).then((mismatches) =>
            mismatches.length === 0
              ? success(result, revalidation)
              : failed(
                  mismatchError(request.method, request.path, response.status, meta.requestId, mismatches),
                  response,
                  request,
                  attempts,
                ),
          );
        return success(result, revalidation);
      }
      const { error, unknownCode } = errorFromResponse(
        { status: response.status, headers: response.headers, text, nowMs: now() },
        conventions,
      );
      if (unknownCode !== undefined) {
        reports.unknownErrorCode({
          code: unknownCode,
          status: response.status,
          requestId: error.requestId,
          method: request.method,
          path: request.path,
        });
      }
      const result = failed(error, response, request, attempts);
      if (revalidation?.kept && (response.status === 404 || response.status === 410)) return forget(revalidation, result);
      return result;
    },
  };
}
