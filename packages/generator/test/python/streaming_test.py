# The generated Python SDK of test/streaming/document.ts iterating its loopback server
# (test/streaming/server.ts): run by ../python-streaming.test.ts with the SDK on PYTHONPATH,
# and checked by mypy --strict there, so that the types below (assert_type) are the SDK's.
# SERVER_URL comes from the environment.
import json
import os
import time
import unittest
import urllib.request
from typing import Any, Union, assert_type

from streaming_api import Client, ConnectionError, EventStream, StreamError, UntypedEvent, models

SERVER = os.environ["SERVER_URL"]


def server_log() -> dict[str, Any]:
    with urllib.request.urlopen(f"{SERVER}/_log") as answer:
        log: dict[str, Any] = json.loads(answer.read())
        return log


def closed_by_client(scenario: str) -> bool:
    """Whether the server saw the client close that scenario's connection (it may take a moment to see it)."""
    deadline = time.monotonic() + 10
    while scenario not in server_log()["closedByClient"]:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


class StreamingTest(unittest.TestCase):
    def setUp(self) -> None:
        self.waits: list[float] = []
        self.client = Client(SERVER, sleep=self.waits.append)

    def test_stream_true_gives_typed_events_an_unknown_one_untyped_until_done(self) -> None:
        stream = self.client.completions.create({"prompt": "Hi"}, stream=True)
        assert_type(stream, EventStream[models.CompletionChunk])
        events: list[Union[models.CompletionChunk, UntypedEvent]] = list(stream)
        self.assertEqual(
            events,
            [
                {"delta": "Hello"},
                {"delta": " world"},
                UntypedEvent("usage", {"tokens": 2}),
                UntypedEvent("message", "not json"),
            ],
        )
        self.assertEqual(server_log()["requests"][-1]["body"], {"prompt": "Hi", "stream": True})
        # The server held the connection open after [DONE]: the SDK closed it.
        self.assertTrue(closed_by_client("done"))

    def test_without_stream_the_json_body(self) -> None:
        completion = self.client.completions.create({"prompt": "Hi"})
        assert_type(completion, models.Completion)
        self.assertEqual(completion, {"text": "Hello"})

    def test_leaving_the_loop_early_closes_the_connection(self) -> None:
        for event in self.client.completions.create({"prompt": "Hi"}, stream=True, headers={"x-scenario": "hold"}):
            self.assertEqual(event, {"delta": "a"})
            break
        self.assertTrue(closed_by_client("hold"))

    def test_a_post_broken_mid_event_is_a_stream_error_counting_the_events(self) -> None:
        received: list[object] = []
        with self.assertRaises(StreamError) as caught:
            with self.client.completions.create({"prompt": "Hi"}, stream=True, headers={"x-scenario": "break"}) as stream:
                for event in stream:
                    received.append(event)
        self.assertIsInstance(caught.exception, ConnectionError)
        self.assertEqual((caught.exception.code, caught.exception.events_received), ("stream_interrupted", 1))
        self.assertEqual(received, [{"delta": "a"}])
        # A POST is not sent again: the server may have acted on it.
        self.assertEqual([request["url"] for request in server_log()["requests"][-1:]], ["/completions"])
        self.assertEqual(self.waits, [])

    def test_a_get_is_resumed_with_last_event_id_after_the_retry_wait(self) -> None:
        stream = self.client.events.list()
        assert_type(stream, EventStream[models.Event])
        events = list(stream)
        self.assertEqual(
            events,
            [{"type": "delta", "text": "a"}, {"type": "delta", "text": "b"}, UntypedEvent("message", {"type": "ping"}, "2"), {"type": "done"}],
        )
        resumed = [request["lastEventId"] for request in server_log()["requests"] if request["url"] == "/events"]
        self.assertEqual(resumed[-2:], [None, "1"])
        self.assertEqual(self.waits, [0.025])

    def test_json_lines_the_last_record_without_its_line_end(self) -> None:
        stream = self.client.records.list()
        assert_type(stream, EventStream[models.RecordsListEvent])
        self.assertEqual(list(stream), [{"n": 1}, {"n": 2}, {"n": 3}])
        with self.assertRaises(TypeError):
            iter(stream)


if __name__ == "__main__":
    unittest.main()
