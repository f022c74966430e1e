"""The calls of the wire test, as a user of the generated Python SDK writes them: the same
calls as consumer/wire-calls.ts makes with the TypeScript SDK. mypy --strict checks this file."""
from __future__ import annotations

import io
import json
import pathlib
import sys
import tempfile
from typing import Any

from wire_sdk import Client, NotFoundError


def run(base_url: str) -> list[Any]:
    client = Client(base_url, max_retries=0)
    results: list[Any] = []
    results.append(
        client.customers.create(
            {
                "name": "Jenny Rosen",
                "email": "jenny+test@example.com",
                "balance": 12.5,
                "active": True,
                "metadata": {"order_id": "6735", "note key": "a&b=c"},
                "expand": ["customer", "invoice.subscription"],
                "items": [{"price": "price_1", "quantity": 2}, {"price": "price_2"}],
                "tags": ["a", "b,c"],
                "media_url": ["https://example.com/a.png", "https://example.com/b.png"],
                "address": {"line1": "1 Main St", "city": "Zürich"},
            }
        )
    )
    results.append(client.notes.create({"body": "prefers JSON"}))
    results.append(client.notes.put_note_text("note 1", "Grüße, world\n"))
    with tempfile.TemporaryDirectory() as folder:
        passport = pathlib.Path(folder) / "passport.png"
        passport.write_bytes(b"PNG-bytes")
        results.append(
            client.files.create(
                {
                    "purpose": "identity_document",
                    "file": passport,
                    "attachments": [b"first", io.BytesIO(b"second")],
                    "meta": {"pages": 2},
                    "count": 3,
                }
            )
        )
    results.append(client.files.put_file_content("file_1", io.BytesIO(b"chunk-1;chunk-2")))
    pdf: bytes = client.files.download_file("file_1")
    results.append({"text": pdf.decode("utf-8")})
    # An error answer to a call that reads bytes is still read as the API's error.
    try:
        client.files.download_file("missing")
    except NotFoundError as error:
        results.append({"status": error.status, "message": str(error)})
    results.append(
        client.search.retrieve(
            ["a", "b c"],
            ["x", "y"],
            {"x": 1, "y": 2},
            tags=["t1", "t2"],
            colors=["red", "green"],
            words=["hello", "world"],
            levels=[1, 2, 3],
            metadata={"key1": "value1", "key 2": "value/2"},
            range={"gte": 10, "lt": 20},
            q="it's (*) ~ ok!",
            within="/files/a:b?c[0]@x!$'()*,;&d=e#f+g h",
            exact=False,
            filter={"a": 1, "b": ["x y"]},
            x_trace=["t-1", "t-2"],
            session="s 1;2",
        )
    )
    # A file object is read once: the retry after a 503 sends the same bytes.
    retrying = Client(base_url, max_retries=1, sleep=lambda seconds: None)
    results.append(retrying.files.put_file_content("retry", io.BytesIO(b"sent twice")))
    return results


if __name__ == "__main__":
    print(json.dumps(run(sys.argv[1])))
