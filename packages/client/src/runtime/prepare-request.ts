// Turns a typed call into the request every attempt sends: URL (openapi-fetch's path and
// query serialisation), lower-case headers, the JSON body serialised once, and the
// idempotency key chosen once (Errors › Idempotency 1; docs/decisions.md#idempotency-keys).
import { idempotencyKeyHeader, type ApiConventions } from "./api-description.js";
import { createFinalURL, defaultPathSerializer, type QuerySerializer } from "openapi-fetch";
import { RequestValidationError } from "./errors/error-families.js";
import { generateIdempotencyKey, type RandomBytes } from "./idempotency-key.js";
import type { OperationsTable } from "./operations.js";
import { cookieHeader, fillPath, headerValue } from "./serialize/path-values.js";
import { encodeBody } from "./serialize/request-body.js";
import { withReserved } from "./serialize/reserved.js";
import { joinPairs, styledPairs } from "./serialize/styled-pairs.js";
import { formatOf, type ParseAs, type StreamFormat, type WireFormat } from "./serialize/wire-format.js";

/** Methods HTTP defines as idempotent (RFC 9110 §9.2.2): repeating them is safe. */
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE", "TRACE"]);
const UNFILLED_PATH_PARAMETER = /\{([^}]+)\}/;

/** A call as every attempt of it sends it: prepared once, so each retry sends the same bytes and key. */
export interface PreparedRequest {
  method: string;
  /** Path template, for hooks. */
  path: string;
  url: string;
  /** Lower-case names; no Authorization (added per attempt). */
  headers: Record<string, string>;
  /** Text, or bytes as a Blob (a form, multipart or file body: serialize/request-body.ts). */
  body: string | Blob | undefined;
  /** How a success body is read; JSON when absent. */
  parseAs?: ParseAs;
  /** Present when the success may be a stream of events, which is then iterated, not read whole. */
  stream?: StreamFormat;
  idempotencyKey: string | undefined;
  signal: AbortSignal | undefined;
  /** Overall deadline; undefined for none. */
  timeoutMs: number | undefined;
  /** Whether the request may be sent again after the server may have acted on it (retry-decision.ts). */
  replayable: boolean;
  /** The call's own limit of retries; the client's policy's when undefined. */
  maxRetries?: number;
}

export interface UntypedCallOptions {
  params?: {
    path?: Record<string, unknown>;
    query?: Record<string, unknown>;
    header?: Record<string, unknown>;
    cookie?: Record<string, unknown>;
  };
  body?: unknown;
  /**
   * A URL the API gave, such as a next page's link: sent instead of the path and query, resolved
   * against the base URL when relative, and refused when it leaves the base URL's origin, so that
   * no credential goes to a host the caller did not choose.
   */
  url?: string;
  /** How the operation's document puts parameters and body on the wire; openapi-fetch's defaults and JSON without it. */
  wire?: WireFormat;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  maxRetries?: number;
}

export interface PrepareContext {
  baseUrl: string;
  headers: Record<string, string>;
  operations: OperationsTable;
  conventions: ApiConventions;
  querySerializer: QuerySerializer<unknown>;
  randomBytes: RandomBytes;
  timeoutMs: number | undefined;
}

function addHeaders(into: Record<string, string>, from: Record<string, unknown> | undefined): void {
  if (!from) return;
  for (const [name, value] of Object.entries(from)) {
    if (value !== undefined && value !== null) into[name.toLowerCase()] = String(value);
  }
}

/** A parameter declared as JSON content: its JSON text (a string is taken as that text already). */
const jsonText = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value));

/** The URL by the styles of the operation's parameters (serialize/). */
function styledUrl(path: string, params: NonNullable<UntypedCallOptions["params"]>, wire: WireFormat, baseUrl: string): string {
  const formats = wire.parameters ?? {};
  const query = joinPairs(
    Object.entries(params.query ?? {}).flatMap(([name, value]) => {
      const format = formatOf(formats.query, name, "query");
      const pairs = styledPairs(name, format.json && value !== undefined && value !== null ? jsonText(value) : value, format);
      return format.allowReserved ? withReserved(pairs) : pairs;
    }),
  );
  return `${baseUrl}${fillPath(path, params.path, formats.path)}${query ? `?${query}` : ""}`;
}

/** A URL the API gave, made absolute against the base URL, if it stays on the base URL's origin. */
function givenUrl(given: string, baseUrl: string): string {
  const base = new URL(baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
  const url = new URL(given, base);
  if (url.origin !== base.origin)
    throw new RequestValidationError({
      message: `The API gave a URL on ${url.origin}, not on the base URL's ${base.origin}; it is not followed.`,
    });
  return url.href;
}

export function prepareRequest(method: string, path: string, init: UntypedCallOptions, context: PrepareContext): PreparedRequest {
  const upper = method.toUpperCase();
  const params = init.params ?? {};
  const { wire } = init;
  const url =
    init.url !== undefined
      ? givenUrl(init.url, context.baseUrl)
      : wire
        ? styledUrl(path, params, wire, context.baseUrl)
        : createFinalURL(path, {
            baseUrl: context.baseUrl,
            params,
            querySerializer: context.querySerializer,
            pathSerializer: defaultPathSerializer,
          });
  const unfilled = init.url === undefined && UNFILLED_PATH_PARAMETER.exec(url.split("?")[0]!.slice(context.baseUrl.length));
  if (unfilled) {
    throw new RequestValidationError({
      message: `${upper} ${path} needs the path parameter "${unfilled[1]}".`,
      details: [{ field: `$.params.path.${unfilled[1]}`, code: "required", message: "Missing path parameter." }],
    });
  }

  const headers: Record<string, string> = { accept: wire?.accept ?? "application/json" };
  addHeaders(headers, context.headers);
  if (wire) {
    const formats = wire.parameters ?? {};
    for (const [name, value] of Object.entries(params.header ?? {}))
      if (value !== undefined && value !== null) {
        const format = formatOf(formats.header, name, "header");
        headers[name.toLowerCase()] = format.json ? jsonText(value) : headerValue(value, format);
      }
    const cookie = cookieHeader(params.cookie ?? {}, formats.cookie);
    if (cookie) headers.cookie = cookie;
  } else addHeaders(headers, params.header);
  addHeaders(headers, init.headers);
  let body: PreparedRequest["body"];
  if (init.body !== undefined && wire) {
    const encoded = encodeBody(init.body, wire.body);
    body = encoded.body;
    headers["content-type"] ??= encoded.contentType;
  } else if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers["content-type"] ??= "application/json";
  }

  let idempotencyKey: string | undefined;
  const { conventions, operations } = context;
  const extension = operations[path]?.[method.toLowerCase()]?.idempotency;
  const header = idempotencyKeyHeader({ operations, conventions }, upper, path);
  if (header !== undefined) {
    const name = header.toLowerCase();
    // A key the caller gives is theirs to reuse across their own retries; it is checked here
    // so that a malformed one is refused before anything is sent.
    idempotencyKey = headers[name] ?? generateIdempotencyKey(context.randomBytes);
    const pattern = extension?.pattern ?? conventions.idempotencyKeyPattern;
    if (pattern !== undefined && !new RegExp(pattern).test(idempotencyKey)) {
      throw new RequestValidationError({
        message: `The ${header} header must match ${pattern}.`,
        details: [{ field: `$.params.header.${header}`, code: "pattern", message: `Must match ${pattern}.` }],
      });
    }
    headers[name] = idempotencyKey;
  }

  return {
    method: upper,
    path,
    url,
    headers,
    body,
    idempotencyKey,
    signal: init.signal,
    timeoutMs: init.timeoutMs ?? context.timeoutMs,
    replayable: idempotencyKey !== undefined || IDEMPOTENT_METHODS.has(upper),
    ...(init.maxRetries === undefined ? {} : { maxRetries: init.maxRetries }),
    ...(wire?.parseAs && wire.parseAs !== "json" ? { parseAs: wire.parseAs } : {}),
    ...(wire?.stream ? { stream: wire.stream } : {}),
  };
}
