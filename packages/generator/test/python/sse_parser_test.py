# The Python runtime's server-sent events parser (_sse.py) and JSON record splitter
# (_json_records.py), by the rules the TypeScript runtime's tests hold: run by
# ../python-streaming.test.ts with a generated SDK on PYTHONPATH.
import unittest

from streaming_api._json_records import JsonRecordSplitter
from streaming_api._sse import ServerSentEvent, SseParser

STREAM = 'event: delta\ndata: {"a":1}\nid: 7\n\n: a comment\ndata: one\ndata:two\n\ndata\n\nevent: ignored, no data\n\n'
EVENTS = [
    ServerSentEvent("delta", '{"a":1}', "7"),
    ServerSentEvent("message", "one\ntwo", "7"),
    ServerSentEvent("message", "", "7"),
]


def parse(*chunks: str) -> tuple[list[ServerSentEvent], SseParser]:
    parser = SseParser()
    events = [event for chunk in chunks for event in parser.feed(chunk)]
    return events, parser


class SseParserTest(unittest.TestCase):
    def test_fields_comments_multi_line_data_and_events_without_data(self) -> None:
        self.assertEqual(parse(STREAM)[0], EVENTS)

    def test_any_cut_into_chunks_gives_the_same_events(self) -> None:
        for text in (STREAM, STREAM.replace("\n", "\r\n"), STREAM.replace("\n", "\r")):
            self.assertEqual(parse(*text)[0], EVENTS, "one character a chunk")
            for cut in range(len(text) + 1):
                with self.subTest(text=text, cut=cut):
                    self.assertEqual(parse(text[:cut], text[cut:])[0], EVENTS)

    def test_cr_lf_and_crlf_end_lines_alike_and_a_crlf_is_one_line_end(self) -> None:
        for ending in ("\n", "\r", "\r\n"):
            with self.subTest(ending=repr(ending)):
                self.assertEqual(parse(f"data: a{ending}{ending}data: b{ending}{ending}")[0], [
                    ServerSentEvent("message", "a", ""),
                    ServerSentEvent("message", "b", ""),
                ])
        # A CR then an LF in the next chunk is one line end, not a blank line that dispatches.
        self.assertEqual(parse("data: a\r", "\ndata: b\r\n\r\n")[0], [ServerSentEvent("message", "a\nb", "")])

    def test_a_leading_byte_order_mark_is_dropped_once(self) -> None:
        self.assertEqual(parse("\ufeff", "data: a\n\n")[0], [ServerSentEvent("message", "a", "")])
        # Later, one is part of the field name: "\ufeffdata" is no field, and its event has no data.
        self.assertEqual(parse("data: a\n\n\ufeffdata: b\n\n")[0], [ServerSentEvent("message", "a", "")])

    def test_retry_takes_digits_only_and_an_id_with_nul_is_ignored(self) -> None:
        events, parser = parse("retry: 25\nretry: 1x\nid: 3\ndata: a\n\nid: 4\0\ndata: b\n\n")
        self.assertEqual(parser.reconnection_time, 25)
        self.assertEqual([event.id for event in events], ["3", "3"])
        self.assertEqual(parser.last_event_id, "3")

    def test_knows_it_is_mid_event_and_restarts_keeping_the_last_id(self) -> None:
        _, parser = parse("id: 9\ndata: a\n\ndata: {\"par")
        self.assertTrue(parser.mid_event)
        parser.restart()
        self.assertFalse(parser.mid_event)
        self.assertEqual(parser.feed("data: b\n\n"), [ServerSentEvent("message", "b", "9")])


class JsonRecordSplitterTest(unittest.TestCase):
    def test_json_lines_split_across_chunks_with_lf_or_crlf_blank_lines_skipped(self) -> None:
        splitter = JsonRecordSplitter("json-lines")
        self.assertEqual(splitter.feed('{"n":1}\n{"n"'), ['{"n":1}'])
        self.assertEqual(splitter.feed(':2}\r\n\n{"n":3}'), ['{"n":2}'])
        self.assertEqual(splitter.end(), ['{"n":3}'])

    def test_json_text_sequences_each_record_after_a_record_separator(self) -> None:
        splitter = JsonRecordSplitter("json-seq")
        self.assertEqual(splitter.feed('\x1e{"n":1}\n\x1e{"n":'), ['{"n":1}'])
        self.assertEqual(splitter.feed("2}\n"), [])
        self.assertEqual(splitter.end(), ['{"n":2}'])


if __name__ == "__main__":
    unittest.main()
