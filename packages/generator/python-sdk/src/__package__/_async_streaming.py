# What a streamed success gives the async client: its events for `async for`, as EventStream
# (_streaming.py) gives them for `for`, made by the same EventReading from the bytes httpx
# receives. It ends, breaks and resumes as EventStream does; leaving the loop early, `aclose()`
# or leaving its `async with` block closes the connection.
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, AsyncIterator, Awaitable, Callable, Generic, Mapping, Optional, Union

from ._async_runtime import AsyncSleep, AsyncTransport
from ._runtime import ApiError
from ._streaming import Event, EventReading, UntypedEvent, resumed_call

if TYPE_CHECKING:
    import httpx


@dataclass(frozen=True)
class AsyncResumption:
    """How a stream is resumed after it breaks, where the operation allows it (a GET)."""

    #: Sends the request again with `Last-Event-ID`; None when the answer is not a stream (204: stop).
    reconnect: Callable[[str], Awaitable[Optional[httpx.Response]]]
    #: Waits (seconds) before each reconnection.
    sleep: AsyncSleep
    #: Reconnections in a row, with no event between, before the stream gives up.
    max_reconnects: int


class AsyncEventStream(Generic[Event]):
    """The events of a streamed response, typed by the document: iterate it once with `async for`."""

    def __init__(self, response: httpx.Response, stream_format: Mapping[str, Any], resumption: Optional[AsyncResumption] = None) -> None:
        #: The response the stream began with; its body is read by iterating.
        self.response = response
        self._format = stream_format
        self._resumption = resumption
        self._reading = response
        self._iterated = False
        self._closed = False

    def __aiter__(self) -> AsyncIterator[Union[Event, UntypedEvent]]:
        """The events, as they arrive. A stream is read once."""
        if self._iterated:
            raise TypeError("An event stream can be iterated only once.")
        self._iterated = True
        return self._events()

    async def aclose(self) -> None:
        """Closes the connection; iterating then ends."""
        self._closed = True
        await self._reading.aclose()

    async def __aenter__(self) -> AsyncEventStream[Event]:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def _events(self) -> AsyncIterator[Any]:
        import httpx

        reading = EventReading(self._format, self.response.headers.get("content-type"))
        while True:
            broke: Optional[BaseException] = None
            try:
                try:
                    async for chunk in self._reading.aiter_bytes():
                        if self._closed:
                            return
                        events, done = reading.feed(chunk)
                        for event in events:
                            yield event
                        if done:
                            return
                # A connection reset, a read timeout, or a chunked body cut short.
                except httpx.TransportError as error:
                    broke = error
                if broke is None and not self._closed:
                    events, done = reading.feed(b"")
                    for event in events:
                        yield event
                    if done:
                        return
            finally:
                # Leaving early (a `break` in the caller's loop, then the generator's aclose()) lands here.
                await self._reading.aclose()
            if self._closed:
                return
            if broke is None:
                events, over = reading.ended()
                for event in events:
                    yield event
                if over:
                    return
            resumption = self._resumption
            if resumption is None:
                raise reading.broken() from broke
            await resumption.sleep(reading.reconnection(resumption.max_reconnects, broke))
            try:
                resumed = await resumption.reconnect(reading.last_event_id)
            except ApiError as error:
                raise reading.unresumable() from error
            if resumed is None:
                return
            self._reading = resumed
            reading.connected()


async def open_stream_async(transport: AsyncTransport, method: str, path: str, **call: Any) -> Any:
    """A call whose success may be streamed: an AsyncEventStream of its events when it is, else its body read whole."""
    body = (await transport.request(method, path, **call)).body
    if not transport.is_stream(body):
        return body
    wire: Mapping[str, Any] = call.get("wire") or {}
    stream_format: Mapping[str, Any] = wire.get("stream") or {}
    if method.upper() != "GET":
        return AsyncEventStream[Any](body, stream_format)

    async def reconnect(last_event_id: str) -> Optional[httpx.Response]:
        resumed = (await transport.request(method, path, **resumed_call(call, last_event_id))).body
        # A 204, or any answer that is not a stream, tells the client to stop.
        return resumed if transport.is_stream(resumed) else None

    return AsyncEventStream[Any](body, stream_format, AsyncResumption(reconnect, transport.sleep, transport.options.max_retries))
