// Faults a real implementation could ship, each a small change to a server that keeps the
// contract (the sandbox), made by a proxy in front of it: a header left off some answers, a
// status of the wrong family, a store that forgets what it should keep. Each names the heading
// of the interface document it contradicts and the checks that report it; the mutation suite
// runs those checks against each fault and the clean sandbox. The breaches of ./breaches.ts,
// one per check, are among them.
import { createHash } from "node:crypto";
import { breaches, type Credentials } from "./breaches.js";
import { asBody, jsonOf, type Breach, type ProxiedRequest, type ProxiedResponse } from "./breaking-proxy.js";

export interface Fault {
  /** Stable, kebab-case. */
  id: string;
  /** What the server does wrong, in one line. */
  description: string;
  /** The heading of the interface document it contradicts, as the kit cites it: "Errors › Idempotency". */
  heading: string;
  /** The checks that report it. */
  caughtBy: readonly string[];
  /** Checks run beside them only to give the passive ones the answers they judge. */
  with?: readonly string[];
  breach(credentials: Credentials): Breach;
}

type Headers = ProxiedResponse["headers"];

const HEADERS = "Errors › Headers on every response";
const ERROR_BODY = "Errors › Error body";
const STATUSES = "Errors › HTTP statuses";
const IDEMPOTENCY = "Errors › Idempotency";
const CODES = "Errors › Error codes";
const RATE_LIMIT = ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"];

const pathOf = (url: string) => url.split("?")[0]!;
const query = (url: string) => new URL(url, "http://proxy").searchParams;
const withQuery = (url: string, params: URLSearchParams) => `${pathOf(url)}${params.size > 0 ? `?${params}` : ""}`;
const hash = (text: string) => createHash("sha256").update(text).digest("hex");
const isList = (request: ProxiedRequest) => request.method === "GET" && pathOf(request.url) === "/certificates";
const isRead = (request: ProxiedRequest) => request.method === "GET" && /^\/certificates\/[^/]+$/.test(pathOf(request.url));
const isNoRoute = (response: ProxiedResponse) =>
  response.status === 404 && /no operation matches/i.test(String(jsonOf(response.body)?.error?.message ?? ""));
const isError = (response: ProxiedResponse) => response.status >= 400;

const without = (headers: Headers, ...names: string[]): Headers =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name)));

/** A breach of the answers `when` picks, changed by `change`; the unknown route's answer is left to its own faults. */
function answers(
  when: (response: ProxiedResponse, request: ProxiedRequest) => boolean,
  change: (response: ProxiedResponse, request: ProxiedRequest) => ProxiedResponse,
): Breach {
  return { response: (response, request) => (!isNoRoute(response) && when(response, request) ? change(response, request) : response) };
}

/** The named headers left off the answers `when` picks. */
const headersLeftOff = (when: (response: ProxiedResponse, request: ProxiedRequest) => boolean, ...names: string[]) =>
  answers(when, (response) => ({ ...response, headers: without(response.headers, ...names) }));

/** Error answers whose `error` object is rewritten. */
const errorRewritten = (
  change: (error: Record<string, any>, response: ProxiedResponse, request: ProxiedRequest) => unknown,
  when: (response: ProxiedResponse, request: ProxiedRequest) => boolean = () => true,
) =>
  answers(
    (response, request) => isError(response) && jsonOf(response.body)?.error !== undefined && when(response, request),
    (response, request) => ({ ...response, body: asBody(change(jsonOf(response.body).error, response, request)) }),
  );

/** An answer whose status and code are another's: `{ status, code }`, keeping the Request-Id and headers. */
const answeredAs = (response: ProxiedResponse, status: number, code: string, message = "Refused."): ProxiedResponse => {
  const error = jsonOf(response.body)?.error ?? {};
  return {
    ...response,
    status,
    headers: { ...response.headers, "content-type": "application/json; charset=utf-8" },
    body: asBody({ error: { code, message, request_id: error.request_id ?? response.headers["request-id"], details: [] } }),
  };
};

/** The list page of a GET of the list, rewritten. */
const pageRewritten = (change: (page: Record<string, any>, request: ProxiedRequest) => Record<string, any>) =>
  answers(
    (response, request) => isList(request) && response.status === 200 && Array.isArray(jsonOf(response.body)?.items),
    (response, request) => ({ ...response, body: asBody(change(jsonOf(response.body), request)) }),
  );

/** Requests whose query is rewritten. */
const queryRewritten = (change: (params: URLSearchParams, request: ProxiedRequest) => void): Breach => ({
  request(request) {
    if (!isList(request)) return request;
    const params = query(request.url);
    change(params, request);
    return { ...request, url: withQuery(request.url, params) };
  },
});

/** Requests whose Idempotency-Key is rewritten. */
const keyRewritten = (change: (key: string, request: ProxiedRequest) => string): Breach => ({
  request(request) {
    const key = request.headers["idempotency-key"];
    return key === undefined ? request : { ...request, headers: { ...request.headers, "idempotency-key": change(key, request) } };
  },
});

/** One of the breaches of ./breaches.ts, caught by the check of its name. */
const breach =
  (id: string) =>
  (credentials: Credentials): Breach =>
    breaches(credentials)[id]!;

export const FAULTS: readonly Fault[] = [
  // ——— Errors › Headers on every response ———
  {
    id: "request-id",
    description: "No Request-Id on any answer of the API's operations.",
    heading: HEADERS,
    caughtBy: ["request-id"],
    breach: breach("request-id"),
  },
  {
    id: "request-id-missing-on-304",
    description: "A 304 is sent without Request-Id (the not-modified path returns before the header is set).",
    heading: HEADERS,
    caughtBy: ["request-id"],
    with: ["not-modified"],
    breach: () => headersLeftOff((response) => response.status === 304, "request-id"),
  },
  {
    id: "request-id-missing-on-errors",
    description: "Error answers are built by a handler that does not set Request-Id.",
    heading: HEADERS,
    caughtBy: ["request-id"],
    with: ["unauthenticated"],
    breach: () => headersLeftOff((response) => response.status === 401, "request-id"),
  },
  {
    id: "request-id-missing-on-create",
    description: "A 201 of a create has no Request-Id.",
    heading: HEADERS,
    caughtBy: ["request-id"],
    with: ["idempotent-replay"],
    breach: () => headersLeftOff((response) => response.status === 201, "request-id"),
  },
  {
    id: "headers-missing-on-transport-refusals",
    description: "413, 414 and 415 are answered by the body parser, before the hooks that set Request-Id and the rate-limit headers.",
    heading: HEADERS,
    caughtBy: ["request-id", "rate-limit-headers"],
    with: ["payload-too-large", "uri-too-long", "unsupported-media-type"],
    breach: () => headersLeftOff((response) => [413, 414, 415].includes(response.status), "request-id", ...RATE_LIMIT),
  },
  {
    id: "request-id-replayed",
    description: "An idempotent replay carries the Request-Id of the original answer (stored with the outcome).",
    heading: HEADERS,
    caughtBy: ["request-id-unique"],
    with: ["idempotent-replay"],
    breach: breach("request-id-unique"),
  },
  {
    id: "request-id-constant",
    description: "Every answer carries the same Request-Id, made once when the process started.",
    heading: HEADERS,
    caughtBy: ["request-id-unique"],
    with: ["unauthenticated"],
    breach: () => ({
      response(response) {
        if (!response.headers["request-id"]) return response;
        const id = "req_00000000000000000000000000000001";
        const body = jsonOf(response.body);
        return {
          ...response,
          headers: { ...response.headers, "request-id": id },
          body: body?.error ? asBody({ error: { ...body.error, request_id: id } }) : response.body,
        };
      },
    }),
  },
  {
    id: "request-id-echoed",
    description: "A Request-Id the client sends is echoed back as the canonical one.",
    heading: HEADERS,
    caughtBy: ["request-id-unique"],
    breach() {
      const sent = new WeakMap<ProxiedRequest, string>();
      return {
        request(request) {
          const id = request.headers["request-id"];
          if (id) sent.set(request, id);
          return request;
        },
        response(response, request) {
          const id = sent.get(request);
          if (!id) return response;
          const body = jsonOf(response.body);
          return {
            ...response,
            headers: { ...response.headers, "request-id": id },
            body: body?.error ? asBody({ error: { ...body.error, request_id: id } }) : response.body,
          };
        },
      };
    },
  },
  {
    id: "rate-limit-headers",
    description: "No RateLimit-Remaining on any answer of the API's operations.",
    heading: HEADERS,
    caughtBy: ["rate-limit-headers"],
    breach: breach("rate-limit-headers"),
  },
  {
    id: "rate-limit-missing-on-304",
    description: "A 304 is sent without the rate-limit headers.",
    heading: HEADERS,
    caughtBy: ["rate-limit-headers"],
    with: ["not-modified"],
    breach: () => headersLeftOff((response) => response.status === 304, ...RATE_LIMIT),
  },
  {
    id: "rate-limit-missing-on-errors",
    description: "Error answers are built afresh, without the rate-limit headers.",
    heading: HEADERS,
    caughtBy: ["rate-limit-headers"],
    with: ["unauthenticated"],
    breach: () => headersLeftOff(isError, ...RATE_LIMIT),
  },
  {
    id: "rate-limit-remaining-negative",
    description: "RateLimit-Remaining is -1 on an endpoint without a quota of its own, a sentinel for unlimited.",
    heading: HEADERS,
    caughtBy: ["rate-limit-headers"],
    with: ["entity-tag"],
    breach: () =>
      answers(
        (_response, request) => isRead(request),
        (response) => ({ ...response, headers: { ...response.headers, "ratelimit-remaining": "-1" } }),
      ),
  },
  {
    id: "rate-limit-remaining-constant",
    description: "RateLimit-Remaining is read before the request is counted, and never goes down.",
    heading: HEADERS,
    caughtBy: ["rate-limit-remaining"],
    breach: breach("rate-limit-remaining"),
  },
  {
    id: "rate-limit-remaining-above-limit",
    description: "RateLimit-Limit is the quota per second while RateLimit-Remaining counts the minute's window.",
    heading: HEADERS,
    caughtBy: ["rate-limit-remaining"],
    breach: () =>
      answers(
        (response) => response.headers["ratelimit-limit"] !== undefined,
        (response) => ({
          ...response,
          headers: { ...response.headers, "ratelimit-limit": String(Math.ceil(Number(response.headers["ratelimit-limit"]) / 60)) },
        }),
      ),
  },
  {
    id: "rate-limit-reset",
    description: "RateLimit-Reset is the seconds until the reset, as the IETF drafts have it.",
    heading: HEADERS,
    caughtBy: ["rate-limit-reset"],
    breach: breach("rate-limit-reset"),
  },
  {
    id: "rate-limit-reset-milliseconds",
    description: "RateLimit-Reset is a Unix time in milliseconds.",
    heading: HEADERS,
    caughtBy: ["rate-limit-reset"],
    breach: () =>
      answers(
        (response) => /^\d+$/.test(response.headers["ratelimit-reset"] ?? ""),
        (response) => ({ ...response, headers: { ...response.headers, "ratelimit-reset": `${response.headers["ratelimit-reset"]}000` } }),
      ),
  },
  {
    id: "rate-limit-reset-local-time",
    description: "RateLimit-Reset is the local time of a server at UTC−5 read as UTC, five hours in the past.",
    heading: HEADERS,
    caughtBy: ["rate-limit-reset"],
    breach: () =>
      answers(
        (response) => /^\d+$/.test(response.headers["ratelimit-reset"] ?? ""),
        (response) => ({
          ...response,
          headers: { ...response.headers, "ratelimit-reset": String(Number(response.headers["ratelimit-reset"]) - 5 * 3600) },
        }),
      ),
  },
  {
    id: "retry-after",
    description: "Retry-After on every 200.",
    heading: HEADERS,
    caughtBy: ["retry-after"],
    breach: breach("retry-after"),
  },
  {
    id: "retry-after-on-errors",
    description: "Retry-After: 30 on every error, retryable or not.",
    heading: HEADERS,
    caughtBy: ["retry-after"],
    with: ["unauthenticated"],
    breach: () => answers(isError, (response) => ({ ...response, headers: { ...response.headers, "retry-after": "30" } })),
  },
  {
    id: "unknown-route",
    description: "A path the API does not have gets the framework's HTML not-found page.",
    heading: HEADERS,
    caughtBy: ["unknown-route"],
    breach: breach("unknown-route"),
  },
  {
    id: "unknown-route-without-headers",
    description:
      "A path the API does not have gets a JSON 404 from a catch-all outside the API's hooks: no Request-Id, no rate-limit headers.",
    heading: HEADERS,
    caughtBy: ["unknown-route"],
    breach: () => ({
      response: (response) =>
        isNoRoute(response) ? { ...response, headers: without(response.headers, "request-id", ...RATE_LIMIT) } : response,
    }),
  },
  {
    id: "unknown-route-spa",
    description: "A path the API does not have is answered 200 with the web console's page.",
    heading: HEADERS,
    caughtBy: ["unknown-route"],
    breach: () => ({
      response: (response) =>
        isNoRoute(response)
          ? { status: 200, headers: { "content-type": "text/html" }, body: Buffer.from("<!doctype html><div id=app></div>") }
          : response,
    }),
  },
  {
    id: "method-not-allowed-bare",
    description: "A method a path does not have gets the framework's own 405, with none of the API's headers and no error body.",
    heading: HEADERS,
    caughtBy: ["unknown-method"],
    breach: breach("unknown-method"),
  },
  {
    id: "method-not-allowed-without-request-id",
    description: "A method a path does not have is 405 with the error body but no Request-Id or rate-limit headers.",
    heading: HEADERS,
    caughtBy: ["unknown-method"],
    breach: () => ({
      response: (response, request) =>
        isNoRoute(response) && /^\/(certificates|enrollments)/.test(pathOf(request.url))
          ? { ...answeredAs(response, 405, "not_found", "Method not allowed."), headers: { "content-type": "application/json" } }
          : response,
    }),
  },

  // ——— Errors › Error body ———
  {
    id: "invalid-body",
    description: "A refused body's error has an empty details array.",
    heading: ERROR_BODY,
    caughtBy: ["invalid-body"],
    breach: breach("invalid-body"),
  },
  {
    id: "details-without-field",
    description: "Each detail of a refused body has a code and a message, but no field.",
    heading: ERROR_BODY,
    caughtBy: ["invalid-body"],
    breach: () =>
      errorRewritten((error) => ({
        error: { ...error, details: (error.details ?? []).map(({ field: _field, ...rest }: Record<string, unknown>) => rest) },
      })),
  },
  {
    id: "details-field-renamed",
    description: "Each detail names the offending value under path, not field.",
    heading: ERROR_BODY,
    caughtBy: ["invalid-body"],
    breach: () =>
      errorRewritten((error) => ({
        error: {
          ...error,
          details: (error.details ?? []).map(({ field, ...rest }: Record<string, unknown>) => ({ ...rest, path: field })),
        },
      })),
  },
  {
    id: "error-without-request-id",
    description: "The error object has no request_id.",
    heading: ERROR_BODY,
    caughtBy: ["error-body"],
    with: ["unauthenticated"],
    breach: () => errorRewritten(({ request_id: _id, ...error }) => ({ error })),
  },
  {
    id: "error-request-id-differs",
    description: "error.request_id is an id of its own, not the Request-Id of the answer.",
    heading: ERROR_BODY,
    caughtBy: ["error-body"],
    with: ["unauthenticated"],
    breach: () => errorRewritten((error) => ({ error: { ...error, request_id: `req_${hash(String(error.request_id)).slice(0, 32)}` } })),
  },
  {
    id: "error-details-null",
    description: "details is null, not an empty array, when there are none.",
    heading: ERROR_BODY,
    caughtBy: ["error-body"],
    with: ["unauthenticated"],
    breach: () => errorRewritten((error) => ({ error: { ...error, details: error.details?.length ? error.details : null } })),
  },
  {
    id: "error-body-flat",
    description: "A 401 is {code, message} at the top level, without the error envelope.",
    heading: ERROR_BODY,
    caughtBy: ["unauthenticated", "error-body"],
    breach: () =>
      errorRewritten(
        ({ code, message }) => ({ code, message }),
        (response) => response.status === 401,
      ),
  },
  {
    id: "error-body",
    description: "A refusal named with a code the catalogue does not have (malformed for bad_request).",
    heading: ERROR_BODY,
    caughtBy: ["error-body"],
    with: ["tampered-cursor"],
    breach: breach("error-body"),
  },
  {
    id: "credentials-echoed",
    description: "A refusal's message quotes the Authorization header it was sent.",
    heading: ERROR_BODY,
    caughtBy: ["credentials-echoed"],
    with: ["invalid-body"],
    breach: breach("credentials-echoed"),
  },
  {
    id: "credentials-in-details",
    description: "Refusals carry the request's headers, Authorization included, in a debugging detail.",
    heading: ERROR_BODY,
    caughtBy: ["credentials-echoed"],
    with: ["other-organization"],
    breach: () =>
      errorRewritten(
        (error, _response, request) => ({
          error: { ...error, details: [{ code: "debug", message: `headers: ${JSON.stringify(request.headers)}` }] },
        }),
        (_response, request) => request.headers.authorization !== undefined,
      ),
  },

  // ——— Errors › HTTP statuses ———
  {
    id: "payload-too-large",
    description: "A body too large is 400 bad_request.",
    heading: STATUSES,
    caughtBy: ["payload-too-large"],
    breach: breach("payload-too-large"),
  },
  {
    id: "payload-too-large-as-500",
    description: "A body too large makes the body parser throw: 500 internal_error.",
    heading: STATUSES,
    caughtBy: ["payload-too-large"],
    breach: () =>
      answers(
        (response) => response.status === 413,
        (response) => answeredAs(response, 500, "internal_error", "Something went wrong."),
      ),
  },
  {
    id: "uri-too-long",
    description: "A URI too long is 400 bad_request.",
    heading: STATUSES,
    caughtBy: ["uri-too-long"],
    breach: breach("uri-too-long"),
  },
  {
    id: "uri-too-long-served",
    description: "Unknown query parameters are ignored whatever their length: a URI of 8,000 characters is served.",
    heading: STATUSES,
    caughtBy: ["uri-too-long"],
    breach: () => ({
      request: (request) => (request.url.length > 4000 ? { ...request, url: pathOf(request.url) } : request),
    }),
  },
  {
    id: "unsupported-media-type",
    description: "A body of any Content-Type is read as JSON.",
    heading: STATUSES,
    caughtBy: ["unsupported-media-type"],
    breach: breach("unsupported-media-type"),
  },
  {
    id: "unsupported-media-type-as-400",
    description: "A body sent as text/plain is 400 bad_request, the parser's refusal, not 415.",
    heading: STATUSES,
    caughtBy: ["unsupported-media-type"],
    breach: () =>
      answers(
        (response) => response.status === 415,
        (response) => answeredAs(response, 400, "bad_request", "The body is not valid JSON."),
      ),
  },
  {
    id: "create-answers-200",
    description: "A create answers 200, not 201.",
    heading: STATUSES,
    caughtBy: ["response-schemas"],
    with: ["idempotent-replay"],
    breach: () =>
      answers(
        (response) => response.status === 201,
        (response) => ({ ...response, status: 200 }),
      ),
  },
  {
    id: "not-modified-for-any-tag",
    description: "Any If-None-Match is answered 304, whether the tag matches or not.",
    heading: STATUSES,
    caughtBy: ["not-modified"],
    breach() {
      const tags = new Map<string, string>();
      return {
        response(response, request) {
          if (!isRead(request)) return response;
          const tag = response.headers.etag;
          if (response.status === 200 && tag) tags.set(pathOf(request.url), tag);
          const known = tags.get(pathOf(request.url));
          if (response.status !== 200 || !request.headers["if-none-match"] || !known) return response;
          return { status: 304, headers: { ...without(response.headers, "content-type"), etag: known }, body: Buffer.alloc(0) };
        },
      };
    },
  },

  // ——— Endpoints: entity tags ———
  {
    id: "entity-tag",
    description: "A resource read has no ETag.",
    heading: "Endpoints",
    caughtBy: ["entity-tag"],
    breach: breach("entity-tag"),
  },
  {
    id: "entity-tag-unquoted",
    description: "The ETag is the bare hash, without the quotes of an entity tag (If-None-Match is read either way).",
    heading: "Endpoints",
    caughtBy: ["entity-tag"],
    breach: () => ({
      request(request) {
        const tag = request.headers["if-none-match"];
        return tag && !tag.includes('"') ? { ...request, headers: { ...request.headers, "if-none-match": `"${tag}"` } } : request;
      },
      response: (response) =>
        response.headers.etag
          ? { ...response, headers: { ...response.headers, etag: response.headers.etag.replaceAll('"', "") } }
          : response,
    }),
  },
  {
    id: "not-modified",
    description: "If-None-Match is ignored: every read is a 200.",
    heading: "Endpoints",
    caughtBy: ["not-modified"],
    breach: breach("not-modified"),
  },
  {
    id: "not-modified-without-etag",
    description: "A 304 carries no ETag.",
    heading: "Endpoints",
    caughtBy: ["not-modified"],
    breach: () => headersLeftOff((response) => response.status === 304, "etag"),
  },
  {
    id: "weak-tag-compared-strongly",
    description: 'ETags are sent weak (W/"…"), and If-None-Match is compared strongly, so a weak tag never matches.',
    heading: "Endpoints",
    caughtBy: ["not-modified"],
    breach: () => ({
      request: (request) =>
        request.headers["if-none-match"]?.startsWith("W/") ? { ...request, headers: without(request.headers, "if-none-match") } : request,
      response: (response) =>
        response.headers.etag && !response.headers.etag.startsWith("W/")
          ? { ...response, headers: { ...response.headers, etag: `W/${response.headers.etag}` } }
          : response,
    }),
  },
  {
    id: "entity-tag-per-answer",
    description: "The ETag is a hash over the answer, Request-Id included, so the unchanged resource has a new tag on every read.",
    heading: "Endpoints",
    caughtBy: ["not-modified"],
    breach: () =>
      answers(
        (response) => response.headers.etag !== undefined && response.status === 200,
        (response) => ({
          ...response,
          headers: { ...response.headers, etag: `"${hash(`${response.headers["request-id"]}`).slice(0, 43)}"` },
        }),
      ),
  },
  {
    id: "declared-headers",
    description: "A page of a list has no ETag, which the document declares required on it.",
    heading: HEADERS,
    caughtBy: ["declared-headers"],
    with: ["page-walk"],
    breach: breach("declared-headers"),
  },
  {
    id: "created-entity-tag",
    description: "The 201 of a create has no ETag.",
    heading: "Endpoints",
    caughtBy: ["created-entity-tag"],
    with: ["idempotent-replay"],
    breach: breach("created-entity-tag"),
  },
  {
    id: "entity-tag-missing-on-replay",
    description: "A replayed create comes from the idempotency store without its ETag.",
    heading: "Endpoints",
    caughtBy: ["created-entity-tag"],
    with: ["idempotent-replay"],
    breach: () => headersLeftOff((response) => response.headers["idempotent-replayed"] === "true", "etag"),
  },

  // ——— Errors › Idempotency ———
  {
    id: "idempotency-key-required",
    description: "A write without a key is done, as if a key had been sent.",
    heading: IDEMPOTENCY,
    caughtBy: ["idempotency-key-required"],
    breach: breach("idempotency-key-required"),
  },
  {
    id: "idempotency-key-format",
    description: "A malformed key is accepted.",
    heading: IDEMPOTENCY,
    caughtBy: ["idempotency-key-format"],
    breach: breach("idempotency-key-format"),
  },
  {
    id: "idempotency-key-truncated",
    description: "A key longer than 128 characters is cut to 128 by the store's column and accepted.",
    heading: IDEMPOTENCY,
    caughtBy: ["idempotency-key-format"],
    breach: () => keyRewritten((key) => key.slice(0, 128)),
  },
  {
    id: "idempotency-key-any-characters",
    description: "A key of any characters is accepted (a hyphenated UUID, say).",
    heading: IDEMPOTENCY,
    caughtBy: ["idempotency-key-format"],
    breach: () => keyRewritten((key) => (/^[A-Za-z0-9]+$/.test(key) ? key : key.replace(/[^A-Za-z0-9]/g, "").padEnd(16, "0"))),
  },
  {
    id: "idempotency-key-short",
    description: "A key of fewer than 16 characters is accepted.",
    heading: IDEMPOTENCY,
    caughtBy: ["idempotency-key-format"],
    breach: () => keyRewritten((key) => (key.length < 16 ? key.padEnd(16, "0") : key)),
  },
  {
    id: "idempotent-replay",
    description: "A replay is not marked Idempotent-Replayed.",
    heading: IDEMPOTENCY,
    caughtBy: ["idempotent-replay"],
    breach: breach("idempotent-replay"),
  },
  {
    id: "replay-runs-again",
    description: "A key seen before is marked a replay, but the operation runs again and makes a second resource.",
    heading: IDEMPOTENCY,
    caughtBy: ["idempotent-replay"],
    breach() {
      const seen = new Map<string, number>();
      const again = new WeakSet<ProxiedRequest>();
      return {
        request(request) {
          const key = request.headers["idempotency-key"];
          if (!key) return request;
          const times = seen.get(key) ?? 0;
          seen.set(key, times + 1);
          if (times === 0) return request;
          const sent = { ...request, headers: { ...request.headers, "idempotency-key": hash(`${key}${times}`).slice(0, 32) } };
          again.add(sent);
          return sent;
        },
        response: (response, request) =>
          again.has(request) ? { ...response, headers: { ...response.headers, "idempotent-replayed": "true" } } : response,
      };
    },
  },
  {
    id: "replay-answers-200",
    description: "A replay answers 200 where the original was 201.",
    heading: IDEMPOTENCY,
    caughtBy: ["idempotent-replay"],
    breach: () =>
      answers(
        (response) => response.status === 201 && response.headers["idempotent-replayed"] === "true",
        (response) => ({ ...response, status: 200 }),
      ),
  },
  {
    id: "replay-without-body",
    description: "The store keeps the status of the outcome but not its body: a replay is an empty 201.",
    heading: IDEMPOTENCY,
    caughtBy: ["idempotent-replay"],
    breach: () =>
      answers(
        (response) => response.headers["idempotent-replayed"] === "true",
        (response) => ({ ...response, headers: without(response.headers, "content-type"), body: Buffer.alloc(0) }),
      ),
  },
  {
    id: "idempotency-key-reused",
    description: "The key is scoped by the body too, so another body under one key is simply another request.",
    heading: IDEMPOTENCY,
    caughtBy: ["idempotency-key-reused"],
    breach: breach("idempotency-key-reused"),
  },
  {
    id: "key-reused-answers-conflict",
    description: "A key reused with another body is 409 conflict, not idempotency_key_reused.",
    heading: IDEMPOTENCY,
    caughtBy: ["idempotency-key-reused"],
    breach: () =>
      errorRewritten(
        (error) => ({ error: { ...error, code: "conflict" } }),
        (response) => jsonOf(response.body)?.error?.code === "idempotency_key_reused",
      ),
  },
  {
    id: "key-reused-answers-422",
    description: "A key reused with another body is 422 policy_rejected.",
    heading: IDEMPOTENCY,
    caughtBy: ["idempotency-key-reused"],
    breach: () =>
      answers(
        (response) => jsonOf(response.body)?.error?.code === "idempotency_key_reused",
        (response) => answeredAs(response, 422, "policy_rejected", "The key was used for another request."),
      ),
  },
  {
    id: "key-reused-replays",
    description: "The payload is not fingerprinted: a key reused with another body replays the first outcome.",
    heading: IDEMPOTENCY,
    caughtBy: ["idempotency-key-reused"],
    breach() {
      const first = new Map<string, Buffer>();
      return {
        request(request) {
          const key = request.headers["idempotency-key"];
          if (!key || request.body.length === 0) return request;
          if (!first.has(key)) first.set(key, request.body);
          return { ...request, body: first.get(key)! };
        },
      };
    },
  },
  {
    id: "idempotent-concurrency",
    description: "A request whose key is still running is run too, under a key of its own.",
    heading: IDEMPOTENCY,
    caughtBy: ["idempotent-concurrency"],
    breach: breach("idempotent-concurrency"),
  },
  {
    id: "idempotency-key-across-organizations",
    description: "Keys are not scoped to the organization: another organization's request with a key replays the first's resource.",
    heading: "Authentication",
    caughtBy: ["idempotency-key-scope"],
    breach: breach("idempotency-key-scope"),
  },

  // ——— Endpoints and Limits: pagination ———
  {
    id: "limit-bounds",
    description: "A limit out of bounds is quietly clamped.",
    heading: "Endpoints",
    caughtBy: ["limit-bounds"],
    breach: breach("limit-bounds"),
  },
  {
    id: "limit-above-maximum-served",
    description: "A limit above 100 is served as 100.",
    heading: "Endpoints",
    caughtBy: ["limit-bounds"],
    breach: () =>
      queryRewritten((params) => {
        if (Number(params.get("limit")) > 100) params.set("limit", "100");
      }),
  },
  {
    id: "limit-zero-as-default",
    description: "limit=0 is read as no limit, and the default page is served.",
    heading: "Endpoints",
    caughtBy: ["limit-bounds"],
    breach: () =>
      queryRewritten((params) => {
        if (params.get("limit") === "0") params.delete("limit");
      }),
  },
  {
    id: "default-page-size-100",
    description: "Without a limit, pages hold 100 records, not the default 25.",
    heading: "Endpoints",
    caughtBy: ["limit-bounds"],
    breach: () =>
      queryRewritten((params) => {
        if (!params.has("limit")) params.set("limit", "100");
      }),
  },
  {
    id: "limit-ignored",
    description: "The limit is validated but not applied: every page is the default size.",
    heading: "Endpoints",
    caughtBy: ["page-walk"],
    breach: () =>
      queryRewritten((params) => {
        if (params.has("cursor") || Number(params.get("limit")) < 25) params.delete("limit");
      }),
  },
  {
    id: "page-walk",
    description: "Every page after the first is the first again.",
    heading: "Endpoints",
    caughtBy: ["page-walk"],
    breach: breach("page-walk"),
  },
  {
    id: "cursor-inclusive",
    description: "The page after a cursor starts with the cursor's own record (>= for >), so each boundary record comes twice.",
    heading: "Limits",
    caughtBy: ["page-walk"],
    breach() {
      const lastBefore = new Map<string, unknown>();
      return pageRewritten((page, request) => {
        const cursor = query(request.url).get("cursor");
        const items = cursor && lastBefore.has(cursor) ? [lastBefore.get(cursor), ...page.items] : page.items;
        if (page.cursor) lastBefore.set(page.cursor, page.items.at(-1));
        return { ...page, items };
      });
    },
  },
  {
    id: "page-complete",
    description: "The record just after the cursor is left out of the page.",
    heading: "Limits",
    caughtBy: ["page-complete"],
    breach: breach("page-complete"),
  },
  {
    id: "tampered-cursor",
    description: "A cursor the server cannot read is answered as an empty last page.",
    heading: "Limits",
    caughtBy: ["tampered-cursor"],
    breach: breach("tampered-cursor"),
  },
  {
    id: "tampered-cursor-500",
    description: "A cursor the server cannot read makes the decoder throw: 500 internal_error.",
    heading: "Limits",
    caughtBy: ["tampered-cursor"],
    breach: () =>
      answers(
        (response, request) => response.status === 400 && query(request.url).has("cursor"),
        (response) => answeredAs(response, 500, "internal_error", "Something went wrong."),
      ),
  },
  {
    id: "next-link",
    description: "next is null on every page.",
    heading: "Endpoints",
    caughtBy: ["next-link"],
    breach: breach("next-link"),
  },
  {
    id: "next-relative",
    description: "next is a path and query, not an absolute URL.",
    heading: "Endpoints",
    caughtBy: ["next-link"],
    breach: () =>
      pageRewritten((page) => (typeof page.next === "string" ? { ...page, next: page.next.replace(/^https?:\/\/[^/]+/, "") } : page)),
  },
  {
    id: "next-on-last-page",
    description: "The last page has next, the URL of the page itself.",
    heading: "Endpoints",
    caughtBy: ["next-link"],
    breach: () => pageRewritten((page, request) => (page.next === null ? { ...page, next: `http://127.0.0.1${request.url}` } : page)),
  },
  {
    id: "next-stale-cursor",
    description: "next carries the cursor the page was read with, not the page's own.",
    heading: "Endpoints",
    caughtBy: ["next-link"],
    breach: () =>
      pageRewritten((page, request) => {
        const read = query(request.url).get("cursor");
        if (typeof page.next !== "string" || !read) return page;
        const next = new URL(page.next);
        next.searchParams.set("cursor", read);
        return { ...page, next: String(next) };
      }),
  },
  {
    id: "list-items-renamed",
    description: "A page holds its records under data, not items.",
    heading: "Endpoints",
    caughtBy: ["response-schemas"],
    breach: () => pageRewritten(({ items, ...page }) => ({ ...page, data: items })),
  },

  // ——— Authentication ———
  {
    id: "unauthenticated",
    description: "A request without credentials is served as the first organization.",
    heading: "Authentication",
    caughtBy: ["unauthenticated"],
    breach: breach("unauthenticated"),
  },
  {
    id: "unauthenticated-as-403",
    description: "A request without credentials is 403, as a forbidden one.",
    heading: "Authentication",
    caughtBy: ["unauthenticated"],
    breach: () =>
      answers(
        (response) => response.status === 401,
        (response) => answeredAs(response, 403, "capability_not_granted", "Not permitted."),
      ),
  },
  {
    id: "unauthenticated-code-renamed",
    description: "A 401 is named unauthorized, a code the catalogue does not have.",
    heading: "Authentication",
    caughtBy: ["unauthenticated", "error-body"],
    breach: () =>
      errorRewritten(
        (error) => ({ error: { ...error, code: "unauthorized" } }),
        (response) => response.status === 401,
      ),
  },
  {
    id: "invalid-token-as-403",
    description: "A token the server does not know is 403 capability_not_granted: only a missing one is 401.",
    heading: "Authentication",
    caughtBy: ["unauthenticated"],
    breach: () =>
      answers(
        (response, request) => response.status === 401 && request.headers.authorization !== undefined,
        (response) => answeredAs(response, 403, "capability_not_granted", "The token grants nothing."),
      ),
  },
  {
    id: "invalid-token-oauth-code",
    description: "A token the server does not know is 401 invalid_token, the OAuth error, not the catalogue's unauthenticated.",
    heading: "Authentication",
    caughtBy: ["unauthenticated"],
    breach: () =>
      errorRewritten(
        (error) => ({ error: { ...error, code: "invalid_token" } }),
        (response, request) => response.status === 401 && request.headers.authorization !== undefined,
      ),
  },
  {
    id: "other-organization",
    description: "The second organization is served as the first.",
    heading: "Authentication",
    caughtBy: ["other-organization"],
    breach: breach("other-organization"),
  },
  {
    id: "other-organization-403",
    description: "Another organization's resource is 403, which tells that it exists.",
    heading: "Authentication",
    caughtBy: ["other-organization"],
    breach: ({ otherToken }) =>
      answers(
        (response, request) => response.status === 404 && isRead(request) && request.headers.authorization === `Bearer ${otherToken}`,
        (response) => answeredAs(response, 403, "capability_not_granted", "This certificate belongs to another organization."),
      ),
  },
  {
    id: "other-organization-message",
    description: "Another organization's resource is 404 not_found, but its message says it belongs to another organization.",
    heading: "Authentication",
    caughtBy: ["other-organization"],
    breach({ token, otherToken }) {
      const mine = new Set<string>();
      return {
        response(response, request) {
          const auth = request.headers.authorization;
          if (auth === `Bearer ${token}` && isList(request)) for (const item of jsonOf(response.body)?.items ?? []) mine.add(item.id);
          const id = pathOf(request.url).split("/")[2] ?? "";
          if (auth !== `Bearer ${otherToken}` || !isRead(request) || response.status !== 404 || !mine.has(id)) return response;
          const error = jsonOf(response.body).error;
          return { ...response, body: asBody({ error: { ...error, message: "The certificate belongs to another organization." } }) };
        },
      };
    },
  },
  {
    id: "other-organization-list",
    description: "The list is not filtered by organization: the second organization's page holds the first's certificates.",
    heading: "Authentication",
    caughtBy: ["other-organization"],
    breach: ({ token, otherToken }) => ({
      request: (request) =>
        isList(request) && request.headers.authorization === `Bearer ${otherToken}`
          ? { ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } }
          : request,
    }),
  },

  // ——— Errors › Error codes ———
  {
    id: "error-code-status",
    description: "enrollment_identity_incomplete is answered 422, where the catalogue gives 400.",
    heading: CODES,
    caughtBy: ["error-code-status"],
    breach: breach("error-code-status"),
  },
  {
    id: "schema-failure-422",
    description: "A body the schema refuses is 422 Unprocessable Entity, the status some frameworks use, with bad_request.",
    heading: CODES,
    caughtBy: ["invalid-body", "error-code-status"],
    breach: () =>
      answers(
        (response) => jsonOf(response.body)?.error?.code === "bad_request",
        (response) => ({ ...response, status: 422 }),
      ),
  },
  {
    id: "missing-resource-400",
    description: "An id no resource has is 400 bad_request (the lookup's refusal), not 404 not_found.",
    heading: CODES,
    caughtBy: ["missing-resource"],
    breach: breach("missing-resource"),
  },
  {
    id: "missing-resource-null",
    description: "An id no resource has is 200 with null.",
    heading: CODES,
    caughtBy: ["missing-resource"],
    breach: () =>
      answers(
        (response, request) => response.status === 404 && isRead(request),
        (response) => ({
          ...response,
          status: 200,
          headers: { ...response.headers, "content-type": "application/json" },
          body: asBody(null),
        }),
      ),
  },
  {
    id: "missing-resource-other-code",
    description: "An id no resource has is 404 enrollment_not_found, the code of another resource's lookup, not not_found.",
    heading: CODES,
    caughtBy: ["missing-resource"],
    breach: () =>
      errorRewritten(
        (error) => ({ error: { ...error, code: "enrollment_not_found" } }),
        (response, request) => response.status === 404 && isRead(request),
      ),
  },

  // ——— What the service does; Resources and their fields ———
  {
    id: "json-content-type",
    description: "JSON sent as text/plain.",
    heading: "What the service does",
    caughtBy: ["json-content-type"],
    breach: breach("json-content-type"),
  },
  {
    id: "errors-without-content-type",
    description: "Error bodies are JSON with no Content-Type.",
    heading: "What the service does",
    caughtBy: ["json-content-type"],
    with: ["unauthenticated"],
    breach: () => answers(isError, (response) => ({ ...response, headers: without(response.headers, "content-type") })),
  },
  {
    id: "response-schemas",
    description: "A certificate's id is a number.",
    heading: "Resources and their fields › Other resources",
    caughtBy: ["response-schemas"],
    with: ["entity-tag"],
    breach: breach("response-schemas"),
  },
  {
    id: "certificate-id-unprefixed",
    description: "Certificate ids come without their cert_ prefix.",
    heading: "Resources and their fields › Other resources",
    caughtBy: ["response-schemas"],
    breach: () =>
      pageRewritten((page) => ({
        ...page,
        items: page.items.map((item: { id: string }) => ({ ...item, id: item.id.replace(/^cert_/, "") })),
      })),
  },
];
