# The raw response of one call, as the TypeScript SDK's `.withResponse()` gives it:
# `with_response(client.certificates.retrieve)("cert_1")` calls the method and returns its
# body with the last response (status, headers, body, request id); for a method of the async
# client, `await with_response(client.certificates.retrieve)("cert_1")`. The transport hands
# each final response to the call that asked for it through a context variable, so calls on
# other threads or tasks never see each other's.
from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any, Callable, Coroutine, Generic, ParamSpec, TypeVar, overload

from ._runtime import Response, receiving

P = ParamSpec("P")
T = TypeVar("T")


@dataclass
class WithResponse(Generic[T]):
    """A call's result with the response it came in."""

    #: What the method returns: the body as its declared model.
    data: T
    #: The last response: status, headers (lower-case names), body and request id.
    response: Response


def _with_last(data: T, received: list[Response]) -> WithResponse[T]:
    if not received:
        # A list is an iterator: it sends its requests as it is read, page by page.
        raise TypeError("with_response() takes a method that makes one call; a list's pages are read as it is iterated.")
    return WithResponse(data, received[-1])


# An async method's result is awaited first: it matches this overload before the next. mypy and
# pyright call the two an unsafe overlap, since a coroutine is also a value of any T.
@overload
def with_response(method: Callable[P, Coroutine[Any, Any, T]]) -> Callable[P, Coroutine[Any, Any, WithResponse[T]]]: ...  # type: ignore[misc]


@overload
def with_response(method: Callable[P, T]) -> Callable[P, WithResponse[T]]: ...


def with_response(method: Callable[P, Any]) -> Callable[P, Any]:
    """`method` (an SDK method of a single call, not a list) returning its result and its response."""
    if inspect.iscoroutinefunction(method):

        async def call_async(*args: P.args, **kwargs: P.kwargs) -> WithResponse[Any]:
            received: list[Response] = []
            token = receiving.set(received)
            try:
                data = await method(*args, **kwargs)
            finally:
                receiving.reset(token)
            return _with_last(data, received)

        return call_async

    def call(*args: P.args, **kwargs: P.kwargs) -> WithResponse[Any]:
        received: list[Response] = []
        token = receiving.set(received)
        try:
            data = method(*args, **kwargs)
        finally:
            receiving.reset(token)
        return _with_last(data, received)

    return call
