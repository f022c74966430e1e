# The AsyncClient of the generated Python SDK of test/streaming/document.ts reading its loopback
# server (test/streaming/server.ts) with `async for`, as streaming_test.py reads it with `for`:
# run by ../python-streaming.test.ts with the SDK on PYTHONPATH and Debian's httpx, and checked
# by mypy --strict there, so that the types below (assert_type) are the SDK's.
import asyncio
import os
import unittest
from typing import Union, assert_type

from streaming_api import AsyncClient, AsyncEventStream, ConnectionError, StreamError, UntypedEvent, models

from streaming_test import closed_by_client, server_log

SERVER = os.environ["SERVER_URL"]


class AsyncStreamingTest(unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self) -> None:
        self.waits: list[float] = []

        async def sleep(seconds: float) -> None:
            self.waits.append(seconds)

        self.client = AsyncClient(SERVER, sleep=sleep)

    async def asyncTearDown(self) -> None:
        await self.client.aclose()

    async def test_stream_true_gives_typed_events_an_unknown_one_untyped_until_done(self) -> None:
        stream = await self.client.completions.create({"prompt": "Hi"}, stream=True)
        assert_type(stream, AsyncEventStream[models.CompletionChunk])
        events: list[Union[models.CompletionChunk, UntypedEvent]] = [event async for event in stream]
        self.assertEqual(
            events,
            [{"delta": "Hello"}, {"delta": " world"}, UntypedEvent("usage", {"tokens": 2}), UntypedEvent("message", "not json")],
        )
        self.assertEqual(server_log()["requests"][-1]["body"], {"prompt": "Hi", "stream": True})
        # The server held the connection open after [DONE]: the SDK closed it.
        self.assertTrue(await asyncio.to_thread(closed_by_client, "done"))

    async def test_without_stream_the_json_body(self) -> None:
        completion = await self.client.completions.create({"prompt": "Hi"})
        assert_type(completion, models.Completion)
        self.assertEqual(completion, {"text": "Hello"})

    async def test_leaving_the_block_early_closes_the_connection(self) -> None:
        async with await self.client.completions.create({"prompt": "Hi"}, stream=True, headers={"x-scenario": "hold"}) as stream:
            async for event in stream:
                self.assertEqual(event, {"delta": "a"})
                break
        self.assertTrue(await asyncio.to_thread(closed_by_client, "hold"))

    async def test_a_post_broken_mid_event_is_a_stream_error_counting_the_events(self) -> None:
        received: list[object] = []
        with self.assertRaises(StreamError) as caught:
            async for event in await self.client.completions.create({"prompt": "Hi"}, stream=True, headers={"x-scenario": "break"}):
                received.append(event)
        self.assertIsInstance(caught.exception, ConnectionError)
        self.assertEqual((caught.exception.code, caught.exception.events_received), ("stream_interrupted", 1))
        self.assertEqual(received, [{"delta": "a"}])
        # A POST is not sent again: the server may have acted on it.
        self.assertEqual([request["url"] for request in server_log()["requests"][-1:]], ["/completions"])
        self.assertEqual(self.waits, [])

    async def test_a_get_is_resumed_with_last_event_id_after_the_retry_wait(self) -> None:
        stream = await self.client.events.list()
        assert_type(stream, AsyncEventStream[models.Event])
        events = [event async for event in stream]
        self.assertEqual(
            events,
            [{"type": "delta", "text": "a"}, {"type": "delta", "text": "b"}, UntypedEvent("message", {"type": "ping"}, "2"), {"type": "done"}],
        )
        resumed = [request["lastEventId"] for request in server_log()["requests"] if request["url"] == "/events"]
        self.assertEqual(resumed[-2:], [None, "1"])
        self.assertEqual(self.waits, [0.025])

    async def test_json_lines_the_last_record_without_its_line_end(self) -> None:
        stream = await self.client.records.list()
        assert_type(stream, AsyncEventStream[models.RecordsListEvent])
        self.assertEqual([record async for record in stream], [{"n": 1}, {"n": 2}, {"n": 3}])
        with self.assertRaises(TypeError):
            stream.__aiter__()


if __name__ == "__main__":
    unittest.main()
