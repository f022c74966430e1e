// One breach of the contract per check: each proxy below breaks exactly the rule its check
// names, and nothing else, on top of a sandbox that keeps every rule.
import { createHash } from "node:crypto";
import { asBody, jsonOf, type Breach, type ProxiedRequest, type ProxiedResponse } from "./breaking-proxy.js";

export interface Credentials {
  token: string;
  otherToken: string;
}

const withoutQuery = (url: string) => url.split("?")[0]!;
const query = (url: string) => new URL(url, "http://proxy").searchParams;
const isWrite = (request: ProxiedRequest) => ["POST", "PUT", "PATCH"].includes(request.method);
const freshKey = (seed: string) => createHash("sha256").update(seed).digest("hex").slice(0, 32);

/** The sandbox's answer to a path no operation has (the framework's own not-found, in a server that breaks that rule). */
const isNoRoute = (response: ProxiedResponse) =>
  response.status === 404 && /no operation matches/i.test(String(jsonOf(response.body)?.error?.message ?? ""));

/** A request to a path of the API's (its operations' paths, with any method). */
const isApiPath = (request: ProxiedRequest) => /^\/(certificates|enrollments|v1)(\/|$)/.test(withoutQuery(request.url));

/** The response without the named headers, on the routes the API has (a middleware that runs on matched routes only). */
const withoutHeaders = (response: ProxiedResponse, ...names: string[]): ProxiedResponse =>
  isNoRoute(response)
    ? response
    : { ...response, headers: Object.fromEntries(Object.entries(response.headers).filter(([name]) => !names.includes(name))) };

/** Every JSON body's items after the first, for a page read with a cursor. */
const isPageAfterCursor = (request: ProxiedRequest, response: ProxiedResponse) =>
  request.method === "GET" && query(request.url).has("cursor") && response.status === 200 && Array.isArray(jsonOf(response.body)?.items);

/** A 4xx answered by the server, turned into 400 bad_request with the same Request-Id. */
function asBadRequest(status: number): Breach {
  return {
    response(response) {
      if (response.status !== status) return response;
      const body = jsonOf(response.body);
      return { ...response, status: 400, body: asBody({ error: { ...body.error, code: "bad_request", message: "Refused." } }) };
    },
  };
}

export function breaches({ token, otherToken }: Credentials): Record<string, Breach> {
  const inFlight = new Map<string, number>();
  const keyOf = new WeakMap<ProxiedRequest, string>();
  const firstRequestId = new Map<string, string>();
  return {
    // Serves a request without credentials as the first organization.
    unauthenticated: {
      request: (request) =>
        request.headers.authorization ? request : { ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } },
    },
    // The second organization's reads are served as the first's.
    "other-organization": {
      request: (request) =>
        request.method === "GET" && request.headers.authorization === `Bearer ${otherToken}`
          ? { ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } }
          : request,
    },
    // An id no resource has is 400 bad_request, the lookup's refusal.
    "missing-resource": {
      response(response, request) {
        const body = jsonOf(response.body);
        if (response.status !== 404 || isNoRoute(response) || request.headers.authorization !== `Bearer ${token}`) return response;
        return { ...response, status: 400, body: asBody({ error: { ...body.error, code: "bad_request", message: "No such resource." } }) };
      },
    },
    // Idempotency keys are not scoped to the organization: the second organization's write replays the first's.
    "idempotency-key-scope": {
      request: (request) =>
        request.headers["idempotency-key"] && request.headers.authorization === `Bearer ${otherToken}`
          ? { ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } }
          : request,
    },
    // Refusals of a body say nothing of which field is wrong.
    "invalid-body": {
      response(response, request) {
        const body = jsonOf(response.body);
        if (response.status !== 400 || !isWrite(request) || !body?.error) return response;
        return { ...response, body: asBody({ error: { ...body.error, details: [] } }) };
      },
    },
    // A write without a key gets one.
    "idempotency-key-required": {
      request: (request) =>
        isWrite(request) && !request.headers["idempotency-key"]
          ? { ...request, headers: { ...request.headers, "idempotency-key": freshKey(request.body.toString()) } }
          : request,
    },
    // A malformed key is swapped for a good one.
    "idempotency-key-format": {
      request(request) {
        const key = request.headers["idempotency-key"];
        return key && !/^[A-Za-z0-9]{16,128}$/.test(key)
          ? { ...request, headers: { ...request.headers, "idempotency-key": freshKey(key) } }
          : request;
      },
    },
    // Replays are not marked.
    "idempotent-replay": {
      response: (response) => ({
        ...response,
        headers: Object.fromEntries(Object.entries(response.headers).filter(([name]) => name !== "idempotent-replayed")),
      }),
    },
    // The key is scoped by body too, so another body under one key is simply another request.
    "idempotency-key-reused": {
      request(request) {
        const key = request.headers["idempotency-key"];
        return key && /^[A-Za-z0-9]{16,128}$/.test(key)
          ? { ...request, headers: { ...request.headers, "idempotency-key": freshKey(`${key}${request.body.toString()}`) } }
          : request;
      },
    },
    // A request whose key is already in flight is given a key of its own.
    "idempotent-concurrency": {
      request(request) {
        const key = request.headers["idempotency-key"];
        if (!key || !/^[A-Za-z0-9]{16,128}$/.test(key)) return request;
        const running = inFlight.get(key) ?? 0;
        inFlight.set(key, running + 1);
        const sent =
          running === 0 ? request : { ...request, headers: { ...request.headers, "idempotency-key": freshKey(`${key}${running}`) } };
        keyOf.set(sent, key);
        return sent;
      },
      response(response, request) {
        const key = keyOf.get(request);
        if (key) inFlight.set(key, (inFlight.get(key) ?? 1) - 1);
        return response;
      },
    },
    // No ETag on a read of one resource.
    "entity-tag": {
      response: (response) =>
        response.status === 200 && !Array.isArray(jsonOf(response.body)?.items)
          ? { ...response, headers: Object.fromEntries(Object.entries(response.headers).filter(([name]) => name !== "etag")) }
          : response,
    },
    // If-None-Match is ignored.
    "not-modified": {
      request: (request) => ({
        ...request,
        headers: Object.fromEntries(Object.entries(request.headers).filter(([name]) => name !== "if-none-match")),
      }),
    },
    // A limit out of bounds is quietly clamped.
    "limit-bounds": {
      request(request) {
        const params = query(request.url);
        const limit = params.get("limit");
        if (limit === null) return request;
        params.set("limit", String(Math.min(100, Math.max(1, Number(limit) || 1))));
        return { ...request, url: `${withoutQuery(request.url)}?${params}` };
      },
    },
    // Every page after the first is the first again.
    "page-walk": {
      request(request) {
        const params = query(request.url);
        if (!params.has("cursor") || !params.has("limit")) return request;
        params.delete("cursor");
        return { ...request, url: `${withoutQuery(request.url)}?${params}` };
      },
    },
    // A cursor the server refuses is answered as the first page.
    "tampered-cursor": {
      response: (response, request) =>
        response.status === 400 && query(request.url).has("cursor")
          ? {
              ...response,
              status: 200,
              headers: { ...response.headers, etag: '"empty"' },
              body: asBody({ items: [], cursor: null, next: null }),
            }
          : response,
    },
    "payload-too-large": asBadRequest(413),
    "uri-too-long": asBadRequest(414),
    // A body of any type is read as JSON.
    "unsupported-media-type": {
      request: (request) =>
        request.headers["content-type"]?.startsWith("text/plain")
          ? { ...request, headers: { ...request.headers, "content-type": "application/json" } }
          : request,
    },
    "request-id": { response: (response) => withoutHeaders(response, "request-id") },
    "rate-limit-headers": { response: (response) => withoutHeaders(response, "ratelimit-remaining") },
    // The seconds until the reset, as the IETF drafts have it, where the document names a Unix time.
    "rate-limit-reset": {
      response(response) {
        const reset = Number(response.headers["ratelimit-reset"]);
        if (!Number.isInteger(reset)) return response;
        const until = Math.max(0, reset - Math.floor(Date.now() / 1000));
        return { ...response, headers: { ...response.headers, "ratelimit-reset": String(until) } };
      },
    },
    // The framework's own not-found page for a path the API does not have.
    "unknown-route": {
      response: (response, request) =>
        isNoRoute(response) && !isApiPath(request)
          ? { status: 404, headers: { "content-type": "text/html" }, body: Buffer.from("<html><body><h1>Not Found</h1></body></html>") }
          : response,
    },
    // The framework's own 405 for a method a path of the API does not have.
    "unknown-method": {
      response: (response, request) =>
        isNoRoute(response) && isApiPath(request)
          ? { status: 405, headers: { allow: "GET", "content-type": "text/plain" }, body: Buffer.from("Method Not Allowed") }
          : response,
    },
    // An idempotent replay carries the Request-Id of the original answer, stored with the outcome.
    "request-id-unique": {
      response(response, request) {
        const key = request.headers["idempotency-key"];
        const id = response.headers["request-id"];
        if (!key || !id) return response;
        const original = firstRequestId.get(key);
        if (original === undefined || response.headers["idempotent-replayed"] !== "true") {
          firstRequestId.set(key, id);
          return response;
        }
        const body = jsonOf(response.body);
        return {
          ...response,
          headers: { ...response.headers, "request-id": original },
          body: body?.error ? asBody({ error: { ...body.error, request_id: original } }) : response.body,
        };
      },
    },
    // RateLimit-Remaining is read before the request is counted: it never goes down.
    "rate-limit-remaining": {
      response: (response) =>
        response.headers["ratelimit-limit"] === undefined
          ? response
          : { ...response, headers: { ...response.headers, "ratelimit-remaining": response.headers["ratelimit-limit"] } },
    },
    // A refusal that quotes the credentials it was sent.
    "credentials-echoed": {
      response(response, request) {
        const body = jsonOf(response.body);
        if (response.status < 400 || !body?.error || !request.headers.authorization) return response;
        const message = `${body.error.message} (${request.headers.authorization})`;
        return { ...response, body: asBody({ error: { ...body.error, message } }) };
      },
    },
    // The record just after the cursor is left out of the page.
    "page-complete": {
      response(response, request) {
        if (!isPageAfterCursor(request, response)) return response;
        const page = jsonOf(response.body);
        return { ...response, body: asBody({ ...page, items: page.items.slice(1) }) };
      },
    },
    // next is null on every page, a following one or not.
    "next-link": {
      response(response, request) {
        const page = jsonOf(response.body);
        return request.method === "GET" && response.status === 200 && page && "next" in page
          ? { ...response, body: asBody({ ...page, next: null }) }
          : response;
      },
    },
    // No ETag on the 201 of a create.
    "created-entity-tag": {
      response: (response) =>
        response.status === 201
          ? { ...response, headers: Object.fromEntries(Object.entries(response.headers).filter(([name]) => name !== "etag")) }
          : response,
    },
    // No ETag on a page of a list, which the document declares required there.
    "declared-headers": {
      response: (response, request) =>
        request.method === "GET" && response.status === 200 && Array.isArray(jsonOf(response.body)?.items)
          ? withoutHeaders(response, "etag")
          : response,
    },
    // JSON sent as text/plain.
    "json-content-type": {
      response: (response) =>
        jsonOf(response.body) === undefined ? response : { ...response, headers: { ...response.headers, "content-type": "text/plain" } },
    },
    // A code of the catalogue answered at another status than its own.
    "error-code-status": {
      response: (response) =>
        jsonOf(response.body)?.error?.code === "enrollment_identity_incomplete" ? { ...response, status: 422 } : response,
    },
    "retry-after": {
      response: (response) => (response.status === 200 ? { ...response, headers: { ...response.headers, "retry-after": "1" } } : response),
    },
    // A refusal named with a code the catalogue does not have.
    "error-body": {
      response(response) {
        const body = jsonOf(response.body);
        return body?.error?.code === "bad_request"
          ? { ...response, body: asBody({ error: { ...body.error, code: "malformed" } }) }
          : response;
      },
    },
    // A certificate's id is a number.
    "response-schemas": {
      response(response, request) {
        const body = jsonOf(response.body);
        return response.status === 200 && /^\/certificates\/[^/?]+/.test(request.url) && body?.id
          ? { ...response, body: asBody({ ...body, id: 42 }) }
          : response;
      },
    },
  };
}
