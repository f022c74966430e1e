# The runtime every Python SDK from signing-platform generate carries: the standard library
# only (urllib, json, secrets, email.utils). It acts on what the document's extensions state,
# as the TypeScript runtime does (the same API description, written into _api.py):
#   - an idempotency key (32 letters and digits from `secrets`) made once per call and sent
#     again on every retry of it;
#   - retries by the status's retry class (retry_decision, as the TypeScript runtime's retryDecision):
#     after Retry-After (seconds or an HTTP-date, at most 60 s) for 429/503, with full-jitter
#     backoff for the classes that ask for it, once after a token refresh for 401; a network
#     error, a 5xx or a 429/503 without Retry-After is retried only when the request may be repeated;
#   - an ETag cache for conditional reads, when asked for: a 304 answers from the cache;
#   - a User-Agent naming the SDK, its version and Python's, unless the call gives its own;
#   - a DeprecationWarning the first time a deprecated operation is called in the process;
#   - pagination as an iterator over every item, in the operation's page shape (_pages.py);
#   - a streamed success left unread, for _streaming.py to read event by event;
#   - with validate_responses=True, each JSON success body checked against its operation's
#     schema (_validate.py), one that does not match an InvalidResponseError naming each mismatch;
#   - errors as exceptions by code family, with code, status, request_id and details; with the
#     document's error catalogue, the fallback rule applied (_error_codes.py), an unknown code
#     logged and raised as ApiError itself, and a body that is not the error body an
#     InvalidResponseError;
#   - hooks for logging and tracing (_hooks.py): each attempt, its answer and each retry, told
#     with every credential redacted, and an unknown error code, told instead of logged.
# Conventions holds all of it but the I/O: Transport sends with urllib, and the async client's
# AsyncTransport (_async_runtime.py) with httpx, each a loop around the same decisions.
from __future__ import annotations

import contextvars
import http.client
import json
import logging
import platform
import random
import secrets
import ssl
import time
import urllib.error
import urllib.parse
import urllib.request
import warnings
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Optional, cast

from ._error_codes import canonical_error_code
from ._hooks import (
    Hooks,
    RequestHookEvent,
    ResponseHookEvent,
    RetryHookEvent,
    RetryReason,
    UnknownErrorCodeHookEvent,
    call_hook,
    redacted_headers,
)
from ._pages import NextPage, next_page, value_at
from ._stream_media import stream_framing
from ._validate import mismatch_message, mismatches, schema_for
from ._wire import as_json, cookie_header, declared, encode_body, fill_path, format_of, header_value, is_text_body, query_string

if TYPE_CHECKING:
    from ._security import Authorization, Authorizer

_ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
_REPEATABLE_METHODS = {"GET", "HEAD", "PUT", "DELETE", "OPTIONS"}
# docs/decisions.md#client-retries: a wait Retry-After asks for past this is not waited; the error is raised.
_RETRY_AFTER_CAP_SECONDS = 60.0
# Errors › Error codes: "Clients log unknown codes and never treat them as success".
_log = logging.getLogger(__name__)

TokenProvider = Callable[[], str]


def user_agent(name: str, version: str) -> str:
    """The User-Agent of an SDK on this interpreter: "acme_signing/1.2.0 (Python 3.11.2)"."""
    return f"{name}/{version} (Python {platform.python_version()})"


# Operations already warned of in this process: a deprecated operation warns once, as in TypeScript.
_warned_deprecated: set[str] = set()


def deprecation_message(method: str, path: str, deprecation: Mapping[str, Any], sdk_method: Optional[str]) -> str:
    """The warning's text, worded as the TypeScript runtime's: the method, the operation, its sunset when the document gives one."""
    operation = f"{method.upper()} {path}"
    caller = f"{sdk_method}() calls {operation}, which" if sdk_method else operation
    sunset = deprecation.get("sunset")
    return f"{caller} is deprecated{f' and may be removed from {sunset}' if sunset else ''}."


def warn_deprecated(method: str, path: str, deprecation: Mapping[str, Any], sdk_method: Optional[str]) -> None:
    """A DeprecationWarning, unless this operation was already warned of in this process."""
    operation = f"{method.upper()} {path}"
    if operation in _warned_deprecated:
        return
    _warned_deprecated.add(operation)
    # 5: this function, Conventions.prepare or list_plan, the transport's request or paginate (either
    # client's), the SDK's method, and the caller's line.
    warnings.warn(deprecation_message(method, path, deprecation, sdk_method), DeprecationWarning, stacklevel=5)


def new_idempotency_key() -> str:
    """32 letters and digits, from a cryptographic source."""
    return "".join(secrets.choice(_ALPHANUMERIC) for _ in range(32))


class ApiError(Exception):
    """An error answer of the API (or no answer at all, for ConnectionError)."""

    def __init__(
        self,
        message: str,
        *,
        status: Optional[int] = None,
        code: Optional[str] = None,
        request_id: Optional[str] = None,
        details: Optional[list[dict[str, Any]]] = None,
        body: Any = None,
        retry_after: Optional[float] = None,
        received_code: Optional[str] = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        #: The code as the server sent it, when the fallback rule changed it (Errors › Error codes).
        self.received_code = received_code
        self.request_id = request_id
        self.details = details or []
        self.body = body
        #: Seconds the answer's Retry-After asked for, when it gave one.
        self.retry_after = retry_after

    def is_code(self, code: str) -> bool:
        """Whether this error is `code`, directly or through its fallback code: a policy_rejected
        whose message names explanation_window_required is both."""
        return code in (self.code, self.received_code)


class ConnectionError(ApiError):  # noqa: A001 - the SDK's own name, as in the TypeScript SDK
    """No answer: the connection failed or timed out."""


class ValidationError(ApiError):
    """400: the request is malformed or a field is invalid (see details)."""


class AuthenticationError(ApiError):
    """401: credentials missing, invalid or expired."""


class PermissionError(ApiError):  # noqa: A001
    """403: the credentials may not do this."""


class NotFoundError(ApiError):
    """404: no such resource (or one of another organization)."""


class RequestTimeoutError(ApiError):
    """408: the server gave up waiting for the request."""


class ConflictError(ApiError):
    """409: the request conflicts with the resource's state, or an idempotency key was reused."""


class GoneError(ApiError):
    """410: the resource is gone for good."""


class RateLimitError(ApiError):
    """429: the rate limit was exceeded."""


class ServerError(ApiError):
    """5xx: the service failed or is unavailable."""


class RequestValidationError(ApiError):
    """Refused before sending anything: a page size outside the operation's bounds."""


class InvalidResponseError(ApiError):
    """An answer not as the document says: with an error catalogue, an error body that is not the API's;
    a page without its items, or naming itself as the next page."""


_FAMILIES: dict[int, type[ApiError]] = {
    400: ValidationError,
    401: AuthenticationError,
    403: PermissionError,
    404: NotFoundError,
    408: RequestTimeoutError,
    409: ConflictError,
    410: GoneError,
    413: ValidationError,
    414: ValidationError,
    415: ValidationError,
    431: ValidationError,
    422: ValidationError,
    429: RateLimitError,
}


def json_object(value: Any) -> dict[str, Any]:
    """A JSON object as such, anything else as an empty one (its keys are strings: it was parsed from JSON)."""
    return cast("dict[str, Any]", value) if isinstance(value, dict) else {}


def error_for(
    status: int,
    body: Any,
    headers: Mapping[str, str],
    request_id_headers: list[str],
    retry_after_header: str = "retry-after",
    catalogue: Optional[Mapping[str, Mapping[str, Any]]] = None,
) -> ApiError:
    """The exception of an error answer: its class by status, its fields from the error body.

    With the API's error catalogue, the body must be its error body, a known code gets its
    family and an unknown one ApiError itself, and the fallback rule is applied.
    """
    raw = json_object(body)
    error = json_object(raw.get("error"))
    request_id: str | None = error.get("request_id") or next(
        (headers[name.lower()] for name in request_id_headers if name.lower() in headers), None
    )
    retry_after = retry_after_seconds(headers.get(retry_after_header.lower()))
    family = _FAMILIES.get(status) or (ServerError if status >= 500 else ApiError)
    received, message = error.get("code"), error.get("message")
    if catalogue is not None:
        if not isinstance(received, str) or not isinstance(message, str):
            return InvalidResponseError(
                f"The server answered {status} with a body that is not the API's error body.",
                status=status,
                code="invalid_response",
                request_id=request_id,
                body=body,
                retry_after=retry_after,
            )
        code = canonical_error_code(received, message, catalogue)
        # A code this version does not know is no family's: ApiError itself (Versioning).
        error_class: type[ApiError] = family if received in catalogue else ApiError
        return error_class(
            message,
            status=status,
            code=code,
            received_code=None if code == received else received,
            request_id=request_id,
            details=error.get("details") if isinstance(error.get("details"), list) else [],
            body=body,
            retry_after=retry_after,
        )
    # Another API's error body: RFC 9457 problem details name the error in detail or title.
    problem: dict[str, Any] = raw if not error else {}
    return family(
        str(message or problem.get("detail") or problem.get("title") or f"HTTP {status}"),
        status=status,
        code=received,
        request_id=request_id,
        details=error.get("details") if isinstance(error.get("details"), list) else [],
        body=body,
        retry_after=retry_after,
    )


def retry_after_seconds(value: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """Retry-After as seconds: a number of seconds, or an HTTP-date (RFC 9110 §10.2.3)."""
    if value is None or value.strip() == "":
        return None
    text = value.strip()
    if text.isdigit():
        return float(text)
    try:
        moment = parsedate_to_datetime(text).timestamp()
    except (TypeError, ValueError):
        return None
    return max(0.0, moment - (time.time() if now is None else now))


def full_jitter(attempt: int, base: float = 0.5, cap: float = 20.0) -> float:
    """Full-jitter backoff: a random wait up to base * 2**attempt, at most cap."""
    return random.uniform(0, min(cap, base * (2**attempt)))


def retry_decision(retry: str, retry_after: Optional[float], attempt: int, replayable: bool) -> Optional[Retry]:
    """The wait before retrying an error answer of retry class `retry`, and why, or None when it
    is final (docs/decisions.md#client-retries), decided as the TypeScript runtime's retryDecision does.

    A request the server may have acted on is repeated only when `replayable` (an idempotent
    method, or an idempotency key); a Retry-After says nothing was done, so it is waited either
    way, up to the cap. Without a usable one, a 429 or 503 is a failure like another.
    """
    if retry == "after_retry_after":
        if retry_after is None:
            return Retry(full_jitter(attempt), "backoff") if replayable else None
        return Retry(retry_after, "retry_after") if retry_after <= _RETRY_AFTER_CAP_SECONDS else None
    if retry == "with_same_idempotency_key":
        return Retry(full_jitter(attempt), "same_idempotency_key") if replayable else None
    if retry == "with_backoff":
        return Retry(full_jitter(attempt), "backoff") if replayable else None
    return None


@dataclass(frozen=True)
class Retry:
    """Send the call again: after `wait` seconds, or at once with new credentials (`refresh`, after a 401);
    `reason` as the TypeScript runtime names it, for on_retry."""

    wait: float
    reason: RetryReason
    refresh: bool = False


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    body: Any
    request_id: Optional[str]


@dataclass
class ClientOptions:
    base_url: str
    access_token: Optional[str] = None
    #: Called for a token, and again once after a 401 (a refresh).
    token_provider: Optional[TokenProvider] = None
    max_retries: int = 3
    timeout: float = 30.0
    #: Waits (seconds) are passed here: tests give a function that records them.
    sleep: Callable[[float], None] = time.sleep
    #: Off unless asked for, as in TypeScript: keeping entity tags is the client's choice (docs/decisions.md#entity-tags).
    etag_cache: bool = False
    #: For mutual TLS: a context holding the client certificate (load_cert_chain) and the CA.
    ssl_context: Optional[ssl.SSLContext] = None
    #: The credentials of each operation's security (_security.py), when the document has schemes.
    authorizer: Optional[Authorizer] = None
    #: Sent as the User-Agent of every call (user_agent()), unless the call gives its own.
    user_agent: Optional[str] = None
    #: Check each JSON success body against its operation's schema; off unless asked for, as in TypeScript.
    validate_responses: bool = False
    #: Told of each attempt, its answer, each retry and each unknown error code (_hooks.py).
    hooks: Optional[Hooks] = None


# Where the calls of with_response() (_with_response.py) receive their final responses; None outside one.
receiving: contextvars.ContextVar[Optional[list[Response]]] = contextvars.ContextVar("receiving", default=None)


def _handed_over(response: Response) -> Response:
    """A call's final response, given to the with_response() that asked for it, if any."""
    waiting = receiving.get()
    if waiting is not None:
        waiting.append(response)
    return response


def _left_unread(response: Response) -> bool:
    """Whether the body is a stream left open for its event stream (either transport's _send), not a body read whole."""
    return 200 <= response.status <= 299 and stream_framing(response.headers.get("content-type")) is not None


@dataclass
class _CachedRead:
    etag: str
    response: Response


@dataclass
class Call:
    """One call as prepared before anything is sent: what each attempt sends, and where the call
    stands between attempts. Both transports (this module's and _async_runtime.py's) send it."""

    method: str
    path: str
    url: str
    headers: dict[str, str]
    data: Optional[bytes]
    parse_as: str
    #: Whether a success may be a stream, left unread for the EventStream.
    streamed: bool
    #: Seconds, of each attempt.
    timeout: float
    retries_allowed: int
    #: Whether the request may be sent again after the server may have acted on it.
    replayable: bool
    conditional: Optional[Mapping[str, Any]]
    cached: Optional[_CachedRead]
    #: Whether `data` is text (JSON, a form, text), as on_request may be shown it; not multipart, not a file's bytes.
    text_body: bool = False
    #: Retries made so far (a refresh after a 401 included), for the backoff and the call's limit.
    attempt: int = 0
    refreshed: bool = False
    #: Attempts sent so far (refreshes included), as the hooks number them.
    sent: int = 0
    #: Whether the attempt in flight carries the client's token (in Authorization).
    carries_token: bool = False
    #: When the attempt in flight was sent (time.monotonic()), for on_response's duration.
    sent_at: float = 0.0
    #: The body of the attempt's answer as text, kept only for on_response with include_bodies.
    answer_text: Optional[str] = None


class Conventions:
    """The API's conventions as a transport applies them, without I/O: a call prepared (URL,
    headers, body, idempotency key, conditional read), each answer judged (the result, a retry
    and its wait, or the error), the ETag cache, the pages of a list. Transport sends with urllib;
    _async_runtime.py's AsyncTransport with httpx."""

    def __init__(self, description: Mapping[str, Any], options: ClientOptions) -> None:
        self.description = description
        self.options = options
        self._token = options.access_token
        self._cache: dict[str, _CachedRead] = {}
        conventions = description["conventions"]
        self._headers = conventions["headers"]
        self._retry_by_status: dict[str, str] = conventions["retryByStatus"]
        self.hooks = options.hooks or Hooks()
        #: Every attempt made, for tests and hooks: (method, url, status or None).
        self.attempts: list[tuple[str, str, Optional[int]]] = []

    def _operation(self, path: str, method: str) -> Mapping[str, Any]:
        found: Mapping[str, Any] = self.description["operations"].get(path, {}).get(method.lower(), {})
        return found

    def _key_header(self, path: str, method: str) -> Optional[str]:
        declared = self._operation(path, method).get("idempotency")
        if declared:
            return str(declared["header"])
        if self.description["conventions"].get("idempotencyKeyOnEveryWrite") and method.upper() in {"POST", "PUT", "PATCH"}:
            header = self._headers.get("idempotencyKey")
            return str(header) if header else None
        return None

    def _access_token(self, refresh: bool = False) -> Optional[str]:
        if self.options.token_provider is not None and (refresh or self._token is None):
            self._token = self.options.token_provider()
        return self._token

    def prepare(
        self,
        method: str,
        path: str,
        *,
        path_params: Optional[Mapping[str, Any]] = None,
        query: Optional[Mapping[str, Any]] = None,
        body: Any = None,
        idempotency_key: Optional[str] = None,
        headers: Optional[Mapping[str, str]] = None,
        header_params: Optional[Mapping[str, Any]] = None,
        cookie_params: Optional[Mapping[str, Any]] = None,
        wire: Optional[Mapping[str, Any]] = None,
        url: Optional[str] = None,
        sdk_method: Optional[str] = None,
        timeout: Optional[float] = None,
        max_retries: Optional[int] = None,
    ) -> Call:
        """One call, ready to send. `wire` is the operation's wire format (_wire.py): its parameters'
        styles, its body's media type and encoding, and how its success body is read. `url`, a URL
        the API gave (a next page's link), is sent instead of the path and query; `sdk_method`, the
        method a deprecation warning names; `timeout` (seconds, of each attempt) and `max_retries`,
        this call's own instead of the client's."""
        deprecated = self._operation(path, method).get("deprecated")
        if deprecated is not None:
            warn_deprecated(method, path, deprecated, sdk_method)
        wire = wire or {}
        formats: Mapping[str, Any] = wire.get("parameters") or {}
        if url is not None:
            url = self._given_url(url)
        else:
            url_path = fill_path(path, path_params or {}, formats.get("path"))
            query_text = query_string(query or {}, formats.get("query"))
            url = self.options.base_url.rstrip("/") + url_path + ("?" + query_text if query_text else "")
        sent: dict[str, str] = {"accept": str(wire.get("accept") or "application/json")}
        for name, value in (header_params or {}).items():
            if value is not None:
                sent[name.lower()] = (
                    as_json(value, formats.get("header"), name)
                    if declared(formats.get("header"), name).get("json")
                    else header_value(value, format_of(formats.get("header"), name, "header")[1])
                )
        cookie = cookie_header(cookie_params or {}, formats.get("cookie"))
        if cookie:
            sent["cookie"] = cookie
        sent.update(headers or {})
        user_agent_header = str(self._headers["userAgent"])
        if self.options.user_agent and all(name.lower() != user_agent_header.lower() for name in sent):
            sent[user_agent_header.lower()] = self.options.user_agent
        data: Optional[bytes] = None
        if body is not None:
            data, sent["content-type"] = encode_body(body, wire.get("body"))
        key_header = self._key_header(path, method)
        if key_header:
            # One key per call, the same on every retry: the server runs the call once.
            sent[key_header] = idempotency_key or new_idempotency_key()
        conditional = self._operation(path, method).get("conditionalRequest") if method.upper() == "GET" else None
        cached = self._cache.get(url) if conditional and self.options.etag_cache else None
        if conditional and cached:
            sent[str(conditional["request_header"])] = cached.etag
        return Call(
            method=method.upper(),
            path=path,
            url=url,
            headers=sent,
            data=data,
            parse_as=str(wire.get("parseAs") or "json"),
            streamed="stream" in wire,
            timeout=self.options.timeout if timeout is None else timeout,
            retries_allowed=self.options.max_retries if max_retries is None else max_retries,
            replayable=key_header is not None or method.upper() in _REPEATABLE_METHODS,
            conditional=conditional,
            cached=cached,
            text_body=data is not None and is_text_body(body, sent["content-type"]),
        )

    def credentials(self, call: Call) -> Optional[Authorization]:
        """The credentials of the next attempt: the client's token in the call's headers, and the
        operation's own (_security.py), which the URL and headers kept for errors never hold. May
        call a token function or a token endpoint."""
        token = self._access_token()
        call.carries_token = bool(token)
        if token:
            call.headers["authorization"] = f"Bearer {token}"
        return self.options.authorizer.authorize(call.method, call.path) if self.options.authorizer else None

    def refresh(self, authorization: Optional[Authorization]) -> None:
        """New tokens after a 401, for the token provider and the operation's own credentials."""
        if self.options.token_provider is not None:
            self._access_token(refresh=True)
        if authorization is not None:
            authorization.refresh()

    def sending(self, call: Call, authorization: Optional[Authorization]) -> tuple[str, dict[str, str]]:
        """The URL and headers of the attempt about to be sent, told to on_request with every
        credential redacted: the client's token, and the headers and cookies of the operation's
        security (an API key in the query is not in the URL it is told)."""
        url, headers = authorization.apply(call.url, call.headers) if authorization else (call.url, call.headers)
        call.sent += 1
        hooks = self.hooks
        if hooks.on_request is not None:
            secret = ["authorization"] if call.carries_token else []
            if authorization:
                secret += [*authorization.headers, *(["cookie"] if authorization.cookies else [])]
            body = call.data.decode("utf-8", errors="replace") if hooks.include_bodies and call.data is not None and call.text_body else None
            call_hook(
                hooks.on_request,
                RequestHookEvent(call.method, call.path, call.url, call.sent, redacted_headers(headers, secret), body),
            )
        # A hook that is not set costs nothing: not even a reading of the clock.
        if hooks.on_response is not None:
            call.sent_at = time.monotonic()
        return url, headers

    def _answered(self, call: Call, response: Optional[Response]) -> None:
        """Tells on_response what the attempt in flight got: an answer, or None for no answer."""
        hook = self.hooks.on_response
        if hook is None:
            return
        event = ResponseHookEvent(
            call.method,
            call.path,
            call.url,
            call.sent,
            status=response.status if response else None,
            request_id=response.request_id if response else None,
            duration_ms=(time.monotonic() - call.sent_at) * 1000,
            body=call.answer_text if response and self.hooks.include_bodies else None,
        )
        call.answer_text = None
        call_hook(hook, event)

    def _retrying(self, call: Call, retry: Retry, status: Optional[int]) -> Retry:
        """Tells on_retry that the call is sent again, when and why; returns the retry."""
        call_hook(self.hooks.on_retry, RetryHookEvent(call.method, call.path, call.sent + 1, retry.wait * 1000, retry.reason, status))
        return retry

    def after_no_answer(self, call: Call, error: BaseException) -> float:
        """The wait before sending again a call that got no answer; the ConnectionError when it is final."""
        self.attempts.append((call.method, call.url, None))
        self._answered(call, None)
        if call.replayable and call.attempt < call.retries_allowed:
            retry = self._retrying(call, Retry(full_jitter(call.attempt), "network_error"), None)
            call.attempt += 1
            return retry.wait
        raise ConnectionError(f"No answer from {call.url}: {getattr(error, 'reason', error)}") from error

    def after_answer(self, call: Call, response: Response, authorization: Optional[Authorization]) -> Response | Retry:
        """The call's final response, or how to retry it; the error when the answer is a final failure."""
        self.attempts.append((call.method, call.url, response.status))
        self._answered(call, response)
        cached, conditional = call.cached, call.conditional
        if response.status == 304 and cached:
            return _handed_over(Response(cached.response.status, {**cached.response.headers, **response.headers}, cached.response.body, response.request_id))
        if response.status < 400:
            # Checked before the ETag cache keeps it: a 304 then gives only a body that matched.
            if self.options.validate_responses and call.parse_as == "json" and not (call.streamed and _left_unread(response)):
                self._check_body(call.method, call.path, response)
            etag = response.headers.get(str(conditional["response_header"]).lower()) if conditional else None
            if etag and self.options.etag_cache:
                self._cache[call.url] = _CachedRead(etag, response)
            return _handed_over(response)
        retry = self._retry_by_status.get(str(response.status), "no")
        refreshable = self.options.token_provider is not None or (authorization is not None and authorization.refreshable)
        # A refresh is a retry, as every other: it counts towards max_retries.
        if call.attempt >= call.retries_allowed:
            raise self._error(call.method, call.path, response)
        if retry == "once_after_refresh" and not call.refreshed and refreshable:
            call.refreshed = True
            call.attempt += 1
            return self._retrying(call, Retry(0.0, "refreshed_credentials", refresh=True), response.status)
        retry_after = retry_after_seconds(response.headers.get(str(self._headers["retryAfter"]).lower()))
        decided = retry_decision(retry, retry_after, call.attempt, call.replayable)
        if decided is None:
            raise self._error(call.method, call.path, response)
        call.attempt += 1
        return self._retrying(call, decided, response.status)

    def _check_body(self, method: str, path: str, response: Response) -> None:
        """Raises InvalidResponseError for a success body that does not match its schema; the
        schemas are imported on the first body checked, never by a client that does not check."""
        from ._response_schemas import COMPONENTS, RESPONSES

        schema = schema_for(RESPONSES, path, method, response.status)
        if schema is None or response.body is None:
            return
        found = mismatches(schema, COMPONENTS, response.body)
        if found:
            raise InvalidResponseError(
                mismatch_message(method, path, response.status, found),
                status=response.status,
                code="invalid_response",
                request_id=response.request_id,
                details=[{"field": mismatch.path, "code": mismatch.rule, "message": mismatch.message} for mismatch in found],
            )

    def _given_url(self, given: str) -> str:
        """A URL the API gave, made absolute against the base URL; refused off the base URL's
        origin, so that no credential goes to a host the caller did not choose."""
        base = self.options.base_url.rstrip("/") + "/"
        url = urllib.parse.urljoin(base, given)
        origin = urllib.parse.urlsplit(url)[:2]
        if origin != urllib.parse.urlsplit(base)[:2]:
            raise RequestValidationError(
                f"The API gave a URL on {origin[0]}://{origin[1]}, not on the base URL's origin; it is not followed.",
                code="invalid_request",
            )
        return url

    def _error(self, method: str, path: str, response: Response) -> ApiError:
        catalogue: Optional[Mapping[str, Mapping[str, Any]]] = self.description["conventions"].get("errorCodes")
        error = error_for(
            response.status, response.body, response.headers, list(self._headers["requestId"]), str(self._headers["retryAfter"]), catalogue
        )
        if catalogue is not None and type(error) is ApiError and error.code not in catalogue:
            hook = self.hooks.on_unknown_error_code
            if hook is not None:
                code = error.received_code or error.code or ""
                call_hook(hook, UnknownErrorCodeHookEvent(code, response.status, error.request_id, method.upper(), path))
            else:
                _log.warning(
                    'Unknown error code "%s" (status %s, request %s, %s %s); returned as ApiError.',
                    error.code, response.status, error.request_id or "without id", method.upper(), path,
                )
        return error

    def response(self, call: Call, status: int, raw_headers: Mapping[str, str], raw: bytes) -> Response:
        """An answer to `call` read whole, its body as the operation's success is read (JSON, bytes or
        text); a stream's is given as b"", and left to its reader."""
        headers = {name.lower(): value for name, value in raw_headers.items()}
        body: Any = None
        parse_as = call.parse_as
        binary = 200 <= status <= 299 and parse_as in {"blob", "arrayBuffer"}
        if self.hooks.include_bodies and self.hooks.on_response is not None:
            # As the TypeScript runtime reads it: a binary success (and a stream) as no text.
            call.answer_text = "" if binary else raw.decode("utf-8", errors="replace")
        # A success body that is not JSON is the bytes (blob, arrayBuffer) or the text received.
        if binary:
            body = raw
        elif 200 <= status <= 299 and parse_as == "text":
            body = raw.decode("utf-8", errors="replace")
        elif raw:
            try:
                body = json.loads(raw.decode("utf-8"))
            except ValueError:
                body = raw.decode("utf-8", errors="replace")
        request_id = next((headers[name.lower()] for name in self._headers["requestId"] if name.lower() in headers), None)
        return Response(status, headers, body, request_id)

    @staticmethod
    def _check_page_size(pagination: Mapping[str, Any], query: Mapping[str, Any]) -> None:
        """A page size outside the extension's bounds is refused here, as the server would refuse it."""
        name = str(pagination["limit_parameter"])
        limit = query.get(name)
        low, high = pagination["limit_minimum"], pagination["limit_maximum"]
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or not low <= limit <= high):
            raise RequestValidationError(
                f"{name} must be an integer from {low} to {high}; got {limit!r}.",
                code="invalid_request",
                details=[{"field": name, "code": "out_of_range", "message": f"Allowed: {low} to {high}."}],
            )

    def list_plan(self, path: str, query: Optional[Mapping[str, Any]], sdk_method: Optional[str]) -> tuple[Mapping[str, Any], dict[str, Any]]:
        """A list's page shape and first query, checked when the list is asked for: the page size
        refused now, and a deprecated list warned of now, so that the warning points at the caller's line."""
        operation = self._operation(path, "get")
        shape = operation.get("pages")
        if not shape:
            raise TypeError(f"GET {path} is not a paginated list.")
        deprecated = operation.get("deprecated")
        if deprecated is not None:
            warn_deprecated("GET", path, deprecated, sdk_method)
        params: dict[str, Any] = {name: value for name, value in (query or {}).items() if value is not None}
        if operation.get("pagination"):
            self._check_page_size(operation["pagination"], params)
        return shape, params

    def items_of(self, shape: Mapping[str, Any], response: Response) -> list[Any]:
        """The items of a page, as its shape says where they are."""
        found = value_at(response.body, shape["items"])
        if not isinstance(found, list):
            where = ".".join(shape["items"])
            raise self._invalid(response, f'A page has no "{where}" array.' if where else "A page is not an array.")
        return cast("list[Any]", found)  # type: ignore[redundant-cast]  # mypy narrows to list[Any]; pyright to list[Unknown]

    def page_after(
        self, shape: Mapping[str, Any], response: Response, items: list[Any], params: dict[str, Any], asked: Optional[NextPage]
    ) -> Optional[tuple[NextPage, dict[str, Any]]]:
        """The page after this one (_pages.py) and the query that asks for it, or None after the last page."""
        following = next_page(shape, response.body, items, response.headers.get("link"), params)
        if following is None:
            return None
        if isinstance(following, str):
            raise self._invalid(response, following)
        if following == asked:
            raise self._invalid(response, "A page names itself as the next page: the list would never end.")
        return following, ({**params, following["parameter"]: following["value"]} if "parameter" in following else params)

    @staticmethod
    def _invalid(response: Response, message: str) -> InvalidResponseError:
        return InvalidResponseError(message, status=response.status, code="invalid_response", request_id=response.request_id)


class Transport(Conventions):
    """Sends calls by the API's conventions over urllib: keys, retries, token refresh, the ETag cache."""

    def request(self, method: str, path: str, **call: Any) -> Response:
        """One call, retried as its answers say; the keywords are those of Conventions.prepare."""
        prepared = self.prepare(method, path, **call)
        while True:
            authorization = self.credentials(prepared)
            url, headers = self.sending(prepared, authorization)
            try:
                response = self._send(prepared, url, headers)
            # No answer: refused, reset, timed out, a TLS handshake failed (OSError, URLError among
            # them), or an answer HTTP cannot read (HTTPException).
            except (OSError, http.client.HTTPException) as error:
                self.options.sleep(self.after_no_answer(prepared, error))
                continue
            outcome = self.after_answer(prepared, response, authorization)
            if isinstance(outcome, Response):
                return outcome
            if outcome.refresh:
                self.refresh(authorization)
            else:
                self.options.sleep(outcome.wait)

    def _send(self, call: Call, url: str, headers: Mapping[str, str]) -> Response:
        request = urllib.request.Request(url, data=call.data, method=call.method, headers=dict(headers))
        try:
            answer = urllib.request.urlopen(request, timeout=call.timeout, context=self.options.ssl_context)  # noqa: S310
        except urllib.error.HTTPError as error:
            return self.response(call, error.code, dict(error.headers.items()), error.read())
        if call.streamed and 200 <= answer.status <= 299 and stream_framing(answer.headers.get("content-type")) is not None:
            # Left unread, the open response as the body: its EventStream (_streaming.py) reads the events as they arrive.
            response = self.response(call, answer.status, dict(answer.headers.items()), b"")
            response.body = answer
            return response
        with answer:
            return self.response(call, answer.status, dict(answer.headers.items()), answer.read())

    def paginate(
        self,
        path: str,
        *,
        query: Optional[Mapping[str, Any]] = None,
        sdk_method: Optional[str] = None,
        **call: Any,
    ) -> Iterator[Any]:
        """Every item of a list, page after page, each next page asked for as the operation's
        page shape says (_pages.py); the keywords are those of Conventions.prepare.

        The page size is checked now, when the list is asked for; the pages are asked for as
        the items are used.
        """
        shape, params = self.list_plan(path, query, sdk_method)
        return self._pages(path, shape, params, call)

    def _pages(self, path: str, shape: Mapping[str, Any], params: dict[str, Any], call: Mapping[str, Any]) -> Iterator[Any]:
        asked: Optional[NextPage] = None
        while True:
            response = self.request("GET", path, query=params, url=asked.get("url") if asked else None, **call)
            items = self.items_of(shape, response)
            yield from items
            following = self.page_after(shape, response, items, params, asked)
            if following is None:
                return
            asked, params = following
