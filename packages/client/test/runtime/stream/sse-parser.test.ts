// The parser of server-sent events, held to the WHATWG HTML standard's interpretation of an
// event stream (§9.2.6): fields, comments, multi-line data, the three line ends, a BOM, and
// the same events however the bytes are cut into chunks.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SseParser, type ServerSentEvent } from "../../../src/runtime/stream/sse-parser.js";

const parse = (...chunks: string[]) => {
  const parser = new SseParser();
  const events = chunks.flatMap((chunk) => parser.feed(chunk));
  return { events, parser };
};

describe("SseParser", () => {
  it.each<[string, string, ServerSentEvent[]]>([
    ["a data line", "data: hello\n\n", [{ event: "message", data: "hello", id: "" }]],
    ["multi-line data, joined with LF", "data: a\ndata: b\ndata\n\n", [{ event: "message", data: "a\nb\n", id: "" }]],
    ["only one leading space is removed", "data:  two\n\n", [{ event: "message", data: " two", id: "" }]],
    ["a named event with an id", "event: ping\nid: 7\ndata: {}\n\n", [{ event: "ping", data: "{}", id: "7" }]],
    ["comments and unknown fields are ignored", ": keep-alive\nfoo: bar\ndata: x\n\n", [{ event: "message", data: "x", id: "" }]],
    [
      "CRLF and CR end lines too",
      "data: a\r\ndata: b\r\rdata: c\r\n\r\n",
      [
        { event: "message", data: "a\nb", id: "" },
        { event: "message", data: "c", id: "" },
      ],
    ],
    ["a leading BOM is skipped", "\uFEFFdata: x\n\n", [{ event: "message", data: "x", id: "" }]],
    ["an event without data is not dispatched, but its id is kept", "id: 3\n\ndata: y\n\n", [{ event: "message", data: "y", id: "3" }]],
    [
      "an id holding NUL is ignored",
      "id: 1\ndata: a\n\nid: 2\0\ndata: b\n\n",
      [
        { event: "message", data: "a", id: "1" },
        { event: "message", data: "b", id: "1" },
      ],
    ],
    [
      "an event type does not outlive its event",
      "event: a\ndata: 1\n\ndata: 2\n\n",
      [
        { event: "a", data: "1", id: "" },
        { event: "message", data: "2", id: "" },
      ],
    ],
  ])("%s", (_name, body, want) => {
    expect(parse(body).events).toEqual(want);
  });

  it("takes retry when it is digits only", () => {
    expect(parse("retry: 1500\n\n").parser.reconnectionTime).toBe(1500);
    expect(parse("retry: 1500\nretry: 2s\n\n").parser.reconnectionTime).toBe(1500);
  });

  it("says when an event is cut short, and forgets it on restart", () => {
    const { events, parser } = parse("id: 4\ndata: a\n\ndata: b");
    expect(events).toHaveLength(1);
    expect(parser.midEvent).toBe(true);
    parser.restart();
    expect(parser.midEvent).toBe(false);
    expect(parser.lastEventId).toBe("4");
    expect(parser.feed("data: c\n\n")).toEqual([{ event: "message", data: "c", id: "4" }]);
  });

  it("gives the same events however the stream is cut into chunks", () => {
    const line = fc.oneof(
      fc.string({ unit: fc.constantFrom("a", "é", "{", ":", " ", "😀") }).map((text) => `data: ${text}`),
      fc.constantFrom("event: update", "id: 42", "retry: 10", ": comment", "data"),
    );
    const event = fc.array(line, { minLength: 1, maxLength: 4 });
    const lineEnd = fc.constantFrom("\n", "\r\n", "\r");
    const stream = fc
      .tuple(fc.array(fc.tuple(event, lineEnd), { maxLength: 6 }), fc.boolean())
      .map(([events, bom]) => (bom ? "\uFEFF" : "") + events.map(([lines, end]) => lines.join(end) + end + end).join(""));
    fc.assert(
      fc.property(stream, fc.array(fc.nat(), { maxLength: 10 }), (text, cuts) => {
        const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...points, text.length].slice(1).map((end, index, ends) => text.slice(index === 0 ? 0 : ends[index - 1], end));
        expect(parse(...chunks).events).toEqual(parse(text).events);
      }),
    );
  });
});
