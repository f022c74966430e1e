// The two calls every generated resource method is made of: `call` for one request, `list`
// for a paginated one. They turn positional arguments and the options object into the call
// options of the lower-level client (create-client.ts), so the rules of the transport —
// retries, idempotency keys, tokens, entity tags, typed errors — apply unchanged.
import { idempotencyKeyHeader, type ApiDescription } from "../api-description.js";
import type { Client } from "../create-client.js";
import { RequestValidationError } from "../errors/error-families.js";
import { checkPageSize } from "../paginate.js";
import type { NextPage } from "../pages/next-page.js";
import type { UntypedCallOptions } from "../prepare-request.js";
import type { WireFormat } from "../serialize/wire-format.js";
import type { CallOutcome } from "../call-types.js";
import { APIPromise } from "./api-promise.js";
import { warnDeprecatedOnce } from "./deprecation-warning.js";
import { PagePromise } from "./page-promise.js";
import type { IdempotentRequestOptions, ParameterRequestOptions, QueryRequestOptions } from "./resource-types.js";

type UntypedRequest = (method: string, path: string, init?: UntypedCallOptions) => Promise<CallOutcome>;

/** What a resource method passes besides the options: its path parameters, query and body. */
export interface CallParts {
  /** The path parameters, by name. */
  path?: Record<string, unknown>;
  /** The query parameters. */
  query?: object | undefined;
  /** The request body. */
  body?: unknown;
  /** The document's styles and media types for this operation. */
  wire?: WireFormat;
  /** The SDK method making the call, `certificates.retrieve`: named when its operation is deprecated. */
  name?: string;
}

type AnyOptions = IdempotentRequestOptions & QueryRequestOptions<object> & ParameterRequestOptions<object, object>;

/** The two calls resource methods are made of: `call` for one request, `list` for a paginated one. */
export interface ResourceCalls {
  /** Sends one request and returns its body as an APIPromise. */
  call<Data>(method: string, path: string, parts: CallParts, options?: AnyOptions): APIPromise<Data>;
  /** Sends the first request of a paginated operation and returns a PagePromise over every item. */
  list<Page, Item>(path: string, parts: CallParts, options?: AnyOptions): PagePromise<Page, Item>;
}

/**
 * The calls resource methods are made of, over `client` and the API `api` describes: the style of generated SDKs, for resources written by hand.
 * @example
 * ```ts
 * import { api, createClient, resourceCalls, type Client } from "@signing-platform/client";
 * import type { components } from "@signing-platform/types";
 *
 * const client = createClient({ baseUrl: "https://api.example.test", accessToken: "token" });
 * const { call } = resourceCalls(client as unknown as Client<{}>, api);
 * const certificate = await call<components["schemas"]["Certificate"]>("get", "/certificates/{id}", { path: { id: "cert_1" } });
 * ```
 */
export function resourceCalls(client: Client<{}>, api: ApiDescription): ResourceCalls {
  const request = client.request as unknown as UntypedRequest;

  function callOptions(method: string, path: string, parts: CallParts, options: AnyOptions = {}): UntypedCallOptions {
    const deprecated = api.operations[path]?.[method.toLowerCase()]?.deprecated;
    if (deprecated) warnDeprecatedOnce(method, path, deprecated, parts.name);
    const { headers, signal, timeoutMs, maxRetries, idempotencyKey, query, cookie } = options;
    const header: Record<string, unknown> = { ...(options.header as Record<string, unknown>) };
    if (idempotencyKey !== undefined) {
      const name = idempotencyKeyHeader(api, method, path);
      if (name === undefined) throw new RequestValidationError({ message: `${method} ${path} takes no idempotency key.` });
      header[name] = idempotencyKey;
    }
    return {
      params: {
        path: parts.path,
        query: { ...(parts.query as Record<string, unknown>), ...(query as Record<string, unknown>) },
        header,
        ...(cookie ? { cookie: cookie as Record<string, unknown> } : {}),
      },
      ...(parts.body === undefined ? {} : { body: parts.body }),
      ...(parts.wire ? { wire: parts.wire } : {}),
      ...(headers ? { headers } : {}),
      ...(signal ? { signal } : {}),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      ...(maxRetries === undefined ? {} : { maxRetries }),
    };
  }

  // An argument the client refuses (a bad idempotency key or page size) is a rejected
  // promise like every other error of a call, never a throw from the method itself.
  const outcome = (send: () => Promise<CallOutcome>): Promise<CallOutcome> => {
    try {
      return send();
    } catch (error) {
      return Promise.reject(error);
    }
  };

  return {
    call<Data>(method: string, path: string, parts: CallParts, options?: AnyOptions) {
      return new APIPromise<Data>(outcome(() => request(method, path, callOptions(method, path, parts, options))));
    },
    list<Page, Item>(path: string, parts: CallParts, options?: AnyOptions) {
      const { pages, pagination } = api.operations[path]?.get ?? {};
      if (!pages) throw new TypeError(`GET ${path} is not a paginated operation.`);
      let init: UntypedCallOptions = {};
      const first = outcome(() => {
        init = callOptions("GET", path, parts, options);
        if (pagination) checkPageSize(init.params?.query?.[pagination.limit_parameter] as number | undefined, pagination);
        return request("GET", path, init);
      });
      const next = (page: NextPage) =>
        request(
          "GET",
          path,
          "url" in page
            ? { ...init, url: page.url }
            : { ...init, params: { ...init.params, query: { ...init.params?.query, [page.parameter]: page.value } } },
        );
      return new PagePromise<Page, Item>(first, next, pages, () => init.params?.query ?? {});
    },
  };
}
