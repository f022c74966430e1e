// The typed call style of openapi-fetch (`client.GET("/certificates/{id}", { params })` →
// `{ data, error, response }`), over the `paths` type openapi-typescript makes of a document,
// with three changes: the Idempotency-Key header is optional because the client supplies it
// (Endpoints › General rules: every POST, PUT and PATCH requires one); `error` is an
// ApiError, never the raw body; and every result carries `meta`.
import type { ParamsOption, RequestBodyOption } from "openapi-fetch";
import type {
  FilterKeys,
  HttpMethod,
  MediaType,
  PathsWithMethod,
  Readable,
  RequiredKeysOf,
  ResponseObjectMap,
  SuccessResponse,
} from "openapi-typescript-helpers";
import type { ApiError } from "./errors/api-error.js";
import type { ResponseMeta } from "./metadata.js";

type HeaderOption<Header> = RequiredKeysOf<Header> extends never ? { header?: Header } : { header: Header };

/** An operation's parameters with the header named `Name` made optional. */
type WithOptionalHeader<Parameters, Name extends string> = Parameters extends { header: infer Header }
  ? Omit<Parameters, "header"> & HeaderOption<Omit<Header, Name> & Partial<Pick<Header, Extract<keyof Header, Name>>>>
  : Parameters;

type WithOptionalHeaderOperation<Operation, Name extends string> = Operation extends { parameters: infer Parameters }
  ? Omit<Operation, "parameters"> & { parameters: WithOptionalHeader<Parameters, Name> }
  : Operation;

/** `Paths` with the idempotency header (named `Name`) optional in every operation. */
export type ClientPaths<Paths, Name extends string> = {
  [Path in keyof Paths]: {
    [Method in keyof Paths[Path]]: Method extends HttpMethod ? WithOptionalHeaderOperation<Paths[Path][Method], Name> : Paths[Path][Method];
  };
};

/** Options of one call, besides `params` and `body`. */
export interface CommonCallOptions {
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** Aborts the call, including waits between retries; the call then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Overall deadline of the call in milliseconds, retries and waits included. */
  timeoutMs?: number;
  /** Retries of this call at most, instead of the client's `retry.maxRetries`; 0 sends it once. */
  maxRetries?: number;
}

/** The options of one call of an operation: its `params`, its `body`, and the common call options. */
export type CallOptions<Operation> = ParamsOption<Operation> & RequestBodyOption<Operation> & CommonCallOptions;

export type OperationOf<Paths, Path, Method> = FilterKeys<FilterKeys<Paths, Path>, Method>;

/** The JSON body of the 2xx responses of an operation. */
export type SuccessData<Operation> =
  ResponseObjectMap<Operation> extends infer Responses extends Record<string | number, any>
    ? Readable<SuccessResponse<Responses, MediaType>>
    : never;

type DeclaresNotModified<Operation> = 304 extends keyof ResponseObjectMap<Operation> ? true : false;

/** The result of a call that succeeded: `data` is the response body. */
export interface SuccessResult<Data> {
  /** The response body, parsed. */
  data: Data;
  /** Always undefined on success. */
  error?: undefined;
  /** Always false on success. */
  notModified?: false;
  /** The response. */
  response: Response;
  /** The request id, rate limit and entity tag of the response. */
  meta: ResponseMeta;
}

/** A 304 for which the client holds no cached body (the caller sent If-None-Match itself). */
export interface NotModifiedResult {
  /** Always undefined for a 304. */
  data?: undefined;
  /** Always undefined for a 304. */
  error?: undefined;
  /** True: the server answered 304 Not Modified. */
  notModified: true;
  /** The 304 response. */
  response: Response;
  /** The request id, rate limit and entity tag of the response. */
  meta: ResponseMeta;
}

/** The result of a call that failed: `error` says why; the body is never data. */
export interface ErrorResult {
  /** Always undefined on failure. */
  data?: undefined;
  /** The error: an ApiError, or the subclass of its family. */
  error: ApiError;
  /** Always false on failure. */
  notModified?: false;
  /** Undefined when no response arrived (network error, deadline). */
  response: Response | undefined;
  /** The request id, rate limit and entity tag of the response, when one arrived. */
  meta: ResponseMeta;
}

/** What a call of an operation resolves to: success, a 304 when the operation declares one, or an error. */
export type CallResult<Operation> =
  | SuccessResult<SuccessData<Operation>>
  | (DeclaresNotModified<Operation> extends true ? NotModifiedResult : never)
  | ErrorResult;

/** What the transport resolves a call to, before its types are narrowed to the operation's (CallResult). */
export type CallOutcome = SuccessResult<unknown> | NotModifiedResult | ErrorResult;

export type InitArguments<Init> = RequiredKeysOf<Init> extends never ? [init?: Init] : [init: Init];

export type ClientMethod<Paths extends {}, Method extends HttpMethod> = <Path extends PathsWithMethod<Paths, Method>>(
  path: Path,
  ...init: InitArguments<CallOptions<OperationOf<Paths, Path, Method>>>
) => Promise<CallResult<OperationOf<Paths, Path, Method>>>;

export type ClientRequestMethod<Paths extends {}> = <Method extends HttpMethod, Path extends PathsWithMethod<Paths, Method>>(
  method: Method,
  path: Path,
  ...init: InitArguments<CallOptions<OperationOf<Paths, Path, Method>>>
) => Promise<CallResult<OperationOf<Paths, Path, Method>>>;

type QueryOf<Operation> = Operation extends { parameters: { query?: infer Query } } ? NonNullable<Query> : never;

/** GET paths that take a `cursor` query parameter: the list operations `paginate` walks. */
export type PaginatedPath<Paths extends {}> = {
  [Path in PathsWithMethod<Paths, "get">]: [QueryOf<OperationOf<Paths, Path, "get">>] extends [never]
    ? never
    : "cursor" extends keyof QueryOf<OperationOf<Paths, Path, "get">>
      ? Path
      : never;
}[PathsWithMethod<Paths, "get">];

type ItemsOf<Data> = Data extends { items: ReadonlyArray<infer Item> } ? Item : unknown;

/** The item type of a paginated operation's pages. */
export type PageItem<Paths, Path> = ItemsOf<SuccessData<OperationOf<Paths, Path, "get">>>;

/** Options of `paginate`: the operation's other parameters, the page size and call options. */
export type PaginateOptions<Paths, Path> = Partial<ParamsOption<OperationOf<Paths, Path, "get">>> &
  CommonCallOptions & {
    /** Items per page; refused before sending when outside the operation's bounds. */
    limit?: number;
  };
