# Hooks for logging and tracing, as the TypeScript SDK's (`hooks` of createSdk): what is needed
# to follow a call, never a credential (the Authorization header carrying the client's token,
# and the headers and cookies of the operation's security schemes, are `[redacted]`; an API
# key in the query is never part of the URL they see), and never a body unless the client was
# made with `Hooks(include_bodies=True)`: bodies may carry personal data and secrets.
# The runtime (_runtime.py's Conventions) decides when each hook is told what, for Client and
# AsyncClient alike; this module holds what they are told.
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Literal, Mapping, Optional, TypeVar

#: What a hook sees instead of a credential.
REDACTED = "[redacted]"

#: Why a call is retried: after a 401 with new credentials, after the answer's Retry-After, a
#: 5xx retried with the same idempotency key, with backoff, or after no answer at all.
RetryReason = Literal["refreshed_credentials", "retry_after", "same_idempotency_key", "backoff", "network_error"]


@dataclass(frozen=True)
class AttemptHookEvent:
    """What on_request and on_response are both told of an attempt."""

    #: The HTTP method, upper case.
    method: str
    #: The path template, such as `/certificates/{id}`.
    path: str
    #: The full URL of the request (without the query's API keys).
    url: str
    #: The attempt, 1 for the first.
    attempt: int


@dataclass(frozen=True)
class RequestHookEvent(AttemptHookEvent):
    """What `on_request` is told of each attempt before it is sent."""

    #: The request headers by lower-case name, every credential `[redacted]`.
    headers: Mapping[str, str]
    #: The request body as text, only with `include_bodies=True` (and never a multipart or binary body).
    body: Optional[str] = None


@dataclass(frozen=True)
class ResponseHookEvent(AttemptHookEvent):
    """What `on_response` is told of each attempt once it has an answer or failed."""

    #: None when no response arrived (a network error).
    status: Optional[int]
    #: The request id of the response, when it has one.
    request_id: Optional[str]
    #: How long the attempt took, in milliseconds.
    duration_ms: float
    #: The response body as text, only with `include_bodies=True` (empty for a stream or a binary success).
    body: Optional[str] = None


@dataclass(frozen=True)
class RetryHookEvent:
    """What `on_retry` is told before the client waits and sends an attempt again."""

    method: str
    path: str
    #: The attempt that is about to be made.
    attempt: int
    #: How long the client waits before the attempt, in milliseconds.
    delay_ms: float
    reason: RetryReason
    #: The status of the attempt that failed; None for a network error.
    status: Optional[int]


@dataclass(frozen=True)
class UnknownErrorCodeHookEvent:
    """What `on_unknown_error_code` is told of an error code the API's catalogue does not list."""

    #: The error code as the server sent it.
    code: str
    #: The HTTP status of the response.
    status: int
    #: The request id of the response, when it has one.
    request_id: Optional[str]
    method: str
    path: str


@dataclass(frozen=True, kw_only=True)
class Hooks:
    """Callables for logging and tracing, given to `Client(hooks=...)` or `AsyncClient(hooks=...)`.

    Each is a plain function, called in the calling thread (for AsyncClient, in the event loop:
    it should return quickly). A hook that raises never changes the outcome of the call.
    """

    #: Called before each attempt is sent.
    on_request: Optional[Callable[[RequestHookEvent], None]] = None
    #: Called when each attempt is answered or fails.
    on_response: Optional[Callable[[ResponseHookEvent], None]] = None
    #: Called before the client waits and retries.
    on_retry: Optional[Callable[[RetryHookEvent], None]] = None
    #: An error code this version does not know; instead of the warning logged without it.
    on_unknown_error_code: Optional[Callable[[UnknownErrorCodeHookEvent], None]] = None
    #: Give on_request and on_response the request and response bodies. Off by default.
    include_bodies: bool = False


Event = TypeVar("Event")


def call_hook(hook: Optional[Callable[[Event], None]], event: Event) -> None:
    """Calls a hook; a hook that raises must not break the call it observes."""
    if hook is None:
        return
    try:
        hook(event)
    except Exception:  # noqa: BLE001, S110 - observability never changes the outcome of a call
        pass


def redacted_headers(headers: Mapping[str, str], secret: Iterable[str]) -> dict[str, str]:
    """The headers of an attempt as hooks see them, by lower-case name as in TypeScript: each one
    named in `secret` (lower case) `[redacted]`."""
    shown = {name.lower(): value for name, value in headers.items()}
    for name in secret:
        if name in shown:
            shown[name] = REDACTED
    return shown
