# The records of a JSON Lines body (`application/x-ndjson`, `application/jsonl`: one JSON value
# a line, LF or CRLF) or of a JSON text sequence (`application/json-seq`, RFC 7464: each value
# after an RS), fed in decoded chunks of any size, as the TypeScript runtime's
# stream/json-records.ts splits them. Blank records are skipped.
from __future__ import annotations

_RECORD_SEPARATOR = "\x1e"


class JsonRecordSplitter:
    """Splits a JSON Lines or JSON text sequence body into the text of its records."""

    def __init__(self, framing: str) -> None:
        self._separator = _RECORD_SEPARATOR if framing == "json-seq" else "\n"
        self._pending = ""

    def feed(self, chunk: str) -> list[str]:
        """Reads a chunk of decoded text; returns the records it completed, trimmed."""
        *parts, self._pending = (self._pending + chunk).split(self._separator)
        return [part.strip() for part in parts if part.strip()]

    def end(self) -> list[str]:
        """The last record, when the body ends without a separator after it (as JSON text sequences do)."""
        last = self._pending.strip()
        self._pending = ""
        return [last] if last else []
