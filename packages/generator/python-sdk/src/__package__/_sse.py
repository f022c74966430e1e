# Server-sent events as the WHATWG HTML standard parses them (§9.2.6, "Interpreting an event
# stream"), rule for rule as the TypeScript runtime's stream/sse-parser.ts: lines end with
# CRLF, LF or CR, even split across chunks; a line starting with a colon is a comment; `data`
# lines join with LF; `id` sets the last event id (not when it holds NUL) and `retry` the
# reconnection time (digits only); a blank line dispatches the event, unless it has no data.
# A leading BOM is dropped. The standard library has no parser of its own for them.
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

_LINE_END = re.compile(r"[\r\n]")
_DIGITS = re.compile(r"[0-9]+")


@dataclass(frozen=True)
class ServerSentEvent:
    """One event of a `text/event-stream` body, as the standard dispatches it."""

    #: The `event` field, else `message`.
    event: str
    #: The `data` lines, joined with LF.
    data: str
    #: The last event id when the event was dispatched; empty when none was given.
    id: str


class SseParser:
    """Parses a `text/event-stream` body fed in decoded chunks of any size."""

    def __init__(self) -> None:
        #: The last event id seen, which a reconnection sends as `Last-Event-ID`.
        self.last_event_id = ""
        #: The last `retry` field's value in milliseconds, if any.
        self.reconnection_time: Optional[int] = None
        self.restart()

    @property
    def mid_event(self) -> bool:
        """Whether part of an event (a line or a field) arrived that no blank line ended yet."""
        return self._line != "" or self._data_seen or self._event_type != ""

    def restart(self) -> None:
        """Forgets a partial event, for a new connection; the last event id and reconnection time stay."""
        self._line = ""
        self._data = ""
        self._data_seen = False
        self._event_type = ""
        self._last_event_id_buffer = self.last_event_id
        self._after_cr = False
        self._started = False

    def feed(self, chunk: str) -> list[ServerSentEvent]:
        """Reads a chunk of decoded text; returns the events it completed."""
        text = chunk
        if not self._started and text:
            self._started = True
            if text[0] == "\ufeff":
                text = text[1:]
        events: list[ServerSentEvent] = []
        start = 0
        for match in _LINE_END.finditer(text):
            index = match.start()
            ending = match.group()
            # The LF of a CRLF whose CR ended the previous line, in this chunk or the one before.
            skipped = ending == "\n" and self._after_cr and index == start and self._line == ""
            self._after_cr = ending == "\r"
            if not skipped:
                event = self._line_ended(self._line + text[start:index])
                self._line = ""
                if event is not None:
                    events.append(event)
            start = index + 1
        if start < len(text):
            self._line += text[start:]
            self._after_cr = False
        return events

    def _line_ended(self, line: str) -> Optional[ServerSentEvent]:
        if line == "":
            return self._dispatch()
        if line.startswith(":"):
            return None
        field, colon, value = line.partition(":")
        if colon and value.startswith(" "):
            value = value[1:]
        if field == "event":
            self._event_type = value
        elif field == "data":
            self._data += value + "\n"
            self._data_seen = True
        elif field == "id":
            if "\0" not in value:
                self._last_event_id_buffer = value
        elif field == "retry" and _DIGITS.fullmatch(value):
            self.reconnection_time = int(value)
        return None

    def _dispatch(self) -> Optional[ServerSentEvent]:
        self.last_event_id = self._last_event_id_buffer
        event = ServerSentEvent(self._event_type or "message", self._data[:-1], self.last_event_id)
        had_data = self._data_seen
        self._data = ""
        self._data_seen = False
        self._event_type = ""
        return event if had_data else None
