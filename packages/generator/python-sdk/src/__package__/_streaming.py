# What a streamed success gives, as the TypeScript runtime's stream/event-stream.ts does: its
# events, one at a time, as they arrive, each the JSON of an event's data (or of a JSON Lines
# record), typed by the document or, when the document does not describe it, passed through
# as an UntypedEvent. OpenAI's `data: [DONE]` ends the stream. Leaving the `for` loop early,
# closing the stream or leaving its `with` block closes the connection. A body that breaks in
# the middle of an event is resumed where the stream can be (a GET, which is safe to send again:
# `Last-Event-ID` after the server's `retry` wait, through the transport's retries and
# credentials), else a StreamError that says how many events arrived; a POST is not sent again,
# since the server may have acted on it. EventReading makes events of the bytes, with no I/O:
# the async client's stream (_async_streaming.py) reads its bytes with httpx and shares it.
from __future__ import annotations

import codecs
import http.client
import json
from dataclasses import dataclass
from typing import Any, Callable, Generic, Iterator, Mapping, Optional, TypeVar, Union

from ._json_records import JsonRecordSplitter
from ._runtime import ApiError, ConnectionError, Transport, json_object
from ._sse import ServerSentEvent, SseParser
from ._stream_media import stream_framing

#: OpenAI's last event's data: the stream is over.
_DONE_SENTINEL = "[DONE]"
#: The wait before a reconnection when the server sent no `retry` (the standard leaves it to the client).
DEFAULT_RECONNECTION_MS = 3000
#: The request header that tells the server where to resume (WHATWG HTML, server-sent events).
_LAST_EVENT_ID = "last-event-id"
#: The most read at once: what has arrived is read, up to this, without waiting for more.
_CHUNK_SIZE = 65536

Event = TypeVar("Event")


@dataclass(frozen=True)
class UntypedEvent:
    """An event the document does not describe: an unknown type, or data that is not JSON. Never dropped."""

    #: The SSE event type (`message` when none was given, and for a JSON Lines record).
    event: str
    #: The event's data: its JSON, or its text when it is not JSON.
    data: Any
    #: The last event id when it arrived, if the server gave one.
    id: Optional[str] = None


class StreamError(ConnectionError):
    """A streamed response that broke in the middle of an event and could not be resumed."""

    def __init__(self, message: str, *, events_received: int) -> None:
        super().__init__(message, code="stream_interrupted")
        #: How many events the stream gave before it broke.
        self.events_received = events_received


@dataclass(frozen=True)
class Resumption:
    """How a stream is resumed after it breaks, where the operation allows it (a GET)."""

    #: Sends the request again with `Last-Event-ID`; None when the answer is not a stream (204: stop).
    reconnect: Callable[[str], Optional[http.client.HTTPResponse]]
    #: Waits (seconds) before each reconnection.
    sleep: Callable[[float], None]
    #: Reconnections in a row, with no event between, before the stream gives up.
    max_reconnects: int


class _Done:
    """The end of the stream that `[DONE]` marks."""


_DONE = _Done()


def _parse_json(text: str) -> Optional[tuple[Any]]:
    """The JSON value of `text` (in a tuple: null is a value), or None when it is not JSON."""
    try:
        return (json.loads(text),)
    except ValueError:
        return None


class EventReading:
    """The events of a streamed body, read from its bytes with no I/O: what EventStream and
    _async_streaming.py's AsyncEventStream share. Each connection's bytes go to `feed`, then
    `ended` when the body ends whole; `reconnection` says whether and when a broken stream is resumed."""

    def __init__(self, stream_format: Mapping[str, Any], content_type: Optional[str]) -> None:
        self._format = stream_format
        framing = stream_framing(content_type) or "sse"
        self._sse = SseParser()
        self._records = None if framing == "sse" else JsonRecordSplitter(framing)
        #: Events given so far, which a StreamError reports.
        self.received = 0
        self._reconnects = 0
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")

    @property
    def last_event_id(self) -> str:
        return self._sse.last_event_id

    def connected(self) -> None:
        """A new connection: its bytes are decoded anew, and a partial event of the last is forgotten."""
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._sse.restart()

    def feed(self, chunk: bytes) -> tuple[list[Any], bool]:
        """The events a chunk completes (b"" at the end of the body), and whether `[DONE]` ended the stream."""
        text = self._decoder.decode(chunk, final=chunk == b"")
        pieces = [self._record(record) for record in self._records.feed(text)] if self._records else [self._server_sent(event) for event in self._sse.feed(text)]
        events: list[Any] = []
        for piece in pieces:
            if piece is _DONE:
                return events, True
            events.append(piece)
        self.received += len(events)
        if events:
            self._reconnects = 0
        return events, False

    def ended(self) -> tuple[list[Any], bool]:
        """At the end of a body that did not break: its last JSON record, if any, and whether the
        stream is over (else it broke in the middle of an event)."""
        if self._records is None:
            return [], not self._sse.mid_event
        # A JSON record needs no separator after it when it is the last and whole.
        last = self._records.end()
        if not last:
            return [], True
        if _parse_json(last[0]) is None:
            return [], False
        self.received += 1
        return [self._record(last[0])], True

    def broken(self) -> StreamError:
        """The error of a stream that broke and is not resumed."""
        return StreamError(
            f"The stream broke after {self.received} event(s), in the middle of an event or of the connection.",
            events_received=self.received,
        )

    def reconnection(self, max_reconnects: int, broke: Optional[BaseException]) -> float:
        """The wait (seconds) before resuming a stream that broke; the StreamError when it cannot
        be: JSON records, or `max_reconnects` reconnections in a row with no event between."""
        # JSON records carry no event id to resume from: only server-sent events are resumed.
        if self._records is not None or self._reconnects >= max_reconnects:
            raise self.broken() from broke
        self._reconnects += 1
        return (self._sse.reconnection_time if self._sse.reconnection_time is not None else DEFAULT_RECONNECTION_MS) / 1000

    def unresumable(self) -> StreamError:
        """The error of a reconnection the API refused."""
        return StreamError(f"The stream broke after {self.received} event(s), and could not be resumed.", events_received=self.received)

    def _typed(self, event: str, data: Any, event_id: str) -> Any:
        discriminator: Optional[Mapping[str, Any]] = self._format.get("discriminator")
        if discriminator is None:
            known = event == "message" or event in (self._format.get("events") or ())
        else:
            value: Any = json_object(data).get(str(discriminator["property"]))
            # As JavaScript's String() writes it: a discriminator may be a number or a boolean.
            known = value is not None and (value if isinstance(value, str) else json.dumps(value)) in discriminator["values"]
        return data if known else UntypedEvent(event, data, event_id or None)

    def _server_sent(self, event: ServerSentEvent) -> Any:
        if event.data == _DONE_SENTINEL:
            return _DONE
        parsed = _parse_json(event.data)
        return self._typed(event.event, parsed[0], event.id) if parsed else UntypedEvent(event.event, event.data, event.id or None)

    def _record(self, record: str) -> Any:
        parsed = _parse_json(record)
        return self._typed("message", parsed[0], "") if parsed else UntypedEvent("message", record)


class EventStream(Generic[Event]):
    """The events of a streamed response, typed by the document: iterate it once with `for`."""

    def __init__(
        self, response: http.client.HTTPResponse, stream_format: Mapping[str, Any], resumption: Optional[Resumption] = None
    ) -> None:
        #: The response the stream began with; its body is read by iterating.
        self.response = response
        self._format = stream_format
        self._resumption = resumption
        self._reading = response
        self._iterated = False
        self._closed = False

    def __iter__(self) -> Iterator[Union[Event, UntypedEvent]]:
        """The events, as they arrive. A stream is read once."""
        if self._iterated:
            raise TypeError("An event stream can be iterated only once.")
        self._iterated = True
        return self._events()

    def close(self) -> None:
        """Closes the connection; iterating then ends."""
        self._closed = True
        self._reading.close()

    def __enter__(self) -> EventStream[Event]:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __del__(self) -> None:
        # A stream dropped unread, or half read, holds no connection open.
        if hasattr(self, "_reading"):
            self._reading.close()

    def _events(self) -> Iterator[Any]:
        reading = EventReading(self._format, self.response.headers.get("content-type"))
        while True:
            broke: Optional[BaseException] = None
            try:
                while True:
                    try:
                        chunk = self._reading.read1(_CHUNK_SIZE)
                    # A connection reset, a read timeout, or a chunked body cut short (IncompleteRead).
                    except (OSError, http.client.HTTPException) as error:
                        broke = error
                        break
                    if self._closed:
                        return
                    events, done = reading.feed(chunk)
                    yield from events
                    if done:
                        return
                    if chunk == b"":
                        break
            finally:
                # Leaving early (a `break` in the caller's loop, which drops this generator) lands here.
                self._reading.close()
            if broke is None:
                events, over = reading.ended()
                yield from events
                if over:
                    return
            resumption = self._resumption
            if resumption is None:
                raise reading.broken() from broke
            resumption.sleep(reading.reconnection(resumption.max_reconnects, broke))
            try:
                resumed = resumption.reconnect(reading.last_event_id)
            except ApiError as error:
                raise reading.unresumable() from error
            if resumed is None:
                return
            self._reading = resumed
            reading.connected()


def open_stream(transport: Transport, method: str, path: str, **call: Any) -> Any:
    """A call whose success may be streamed: an EventStream of its events when it is, else its body read whole."""
    body = transport.request(method, path, **call).body
    if not isinstance(body, http.client.HTTPResponse):
        return body
    wire: Mapping[str, Any] = call.get("wire") or {}
    stream_format: Mapping[str, Any] = wire.get("stream") or {}
    if method.upper() != "GET":
        return EventStream[Any](body, stream_format)

    def reconnect(last_event_id: str) -> Optional[http.client.HTTPResponse]:
        resumed = transport.request(method, path, **resumed_call(call, last_event_id)).body
        # A 204, or any answer that is not a stream, tells the client to stop.
        return resumed if isinstance(resumed, http.client.HTTPResponse) else None

    options = transport.options
    return EventStream[Any](body, stream_format, Resumption(reconnect, options.sleep, options.max_retries))


def resumed_call(call: Mapping[str, Any], last_event_id: str) -> dict[str, Any]:
    """The keywords of a streamed GET sent again to resume it: `Last-Event-ID` added to its headers."""
    headers: dict[str, str] = {**(call.get("headers") or {})}
    if last_event_id:
        headers[_LAST_EVENT_ID] = last_event_id
    return {**call, "headers": headers}


def stream_requested(body: Any, stream: bool) -> Any:
    """The body of a call made with `stream=True`: its `stream` property true, which asks the server for the stream."""
    if not stream:
        return body
    given: Mapping[str, Any] = body or {}
    return {**given, "stream": True}
