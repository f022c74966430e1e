// A streamed success, read from a real server on loopback that writes its events in pieces:
// events typed (by a discriminator, or by the SSE event types the document names) or passed
// through untyped, `[DONE]`, JSON Lines, the connection closed when the caller stops or aborts,
// a break mid-event as a StreamError that counts the events, and a GET resumed with
// Last-Event-ID after the server's retry wait.
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createApiClient,
  describeApi,
  resourceCalls,
  StreamError,
  UntypedEvent,
  type Client,
  type WireFormat,
} from "../../../src/index.js";
import type { EventStream } from "../../../src/runtime/stream/event-stream.js";
import { recordingSleep, startScriptedServer, type ScriptedServer } from "../../support/scripted-server.js";

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.stop());

const api = describeApi({ openapi: "3.1.0", info: { title: "Streams", version: "1" }, paths: {} });
const SSE: WireFormat = { accept: "text/event-stream", stream: { discriminator: { property: "type", values: ["delta", "done"] } } };

function calls() {
  const { waits, sleep } = recordingSleep();
  const client = createApiClient(api, { baseUrl: server.url, retry: { sleep } });
  return { waits, ...resourceCalls(client as unknown as Client<{}>, api) };
}

/** Writes each piece as its own chunk, then runs `after` (ends the response by default). */
function streaming(contentType: string, pieces: string[], after: (response: ServerResponse) => void = (response) => response.end()) {
  return (_request: unknown, response: ServerResponse) => {
    response.writeHead(200, { "content-type": contentType, "cache-control": "no-cache" });
    const next = (index: number) => {
      if (index === pieces.length) return after(response);
      response.write(pieces[index], () => setImmediate(() => next(index + 1)));
    };
    next(0);
  };
}

/** Breaks the connection once what was written has left. */
const breakConnection = (response: ServerResponse) => response.socket?.destroy();
const closed = (response: ServerResponse) => new Promise<void>((resolve) => response.once("close", resolve));

async function collect(stream: AsyncIterable<unknown>): Promise<unknown[]> {
  const events: unknown[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

describe("EventStream", () => {
  it("gives each event's JSON data as it is typed, an unknown one untyped, and stops at [DONE]", async () => {
    let connection: Promise<void> | undefined;
    server.play(
      streaming(
        "text/event-stream; charset=utf-8",
        [
          'data: {"type":"del',
          'ta","text":"Hel"}\n',
          '\n: keep-alive\r\n\r\ndata: {"type":"delta","text":"lo"}\r',
          "\n\r\n",
          'event: usage\ndata: {"type":"usage"}\n\n',
          "data: not json\n\n",
          "data: [DONE]\n\n",
        ],
        // The server keeps the connection open after [DONE]: the client closes it.
        (response) => {
          connection = closed(response);
        },
      ),
    );
    const stream = await calls().call<EventStream<{ type: string; text?: string }>>("POST", "/chat", { wire: SSE });
    expect(await collect(stream)).toEqual([
      { type: "delta", text: "Hel" },
      { type: "delta", text: "lo" },
      new UntypedEvent("usage", { type: "usage" }),
      new UntypedEvent("message", "not json"),
    ]);
    await connection;
  });

  it("types the SSE event types the document names besides message, without a discriminator", async () => {
    server.play(
      streaming("text/event-stream", ['event: delta\ndata: {"text":"a"}\n\n', 'event: usage\ndata: {"n":1}\n\n', 'data: {"text":"b"}\n\n']),
    );
    const stream = await calls().call<EventStream<{ text: string }>>("GET", "/events", {
      wire: { accept: "text/event-stream", stream: { events: ["delta"] } },
    });
    expect(await collect(stream)).toEqual([{ text: "a" }, new UntypedEvent("usage", { n: 1 }), { text: "b" }]);
  });

  it("reads JSON Lines, the last line without its line end", async () => {
    server.play(streaming("application/x-ndjson", ['{"n":1}\n{"n"', ":2}\r\n\n", '{"n":3}']));
    const stream = await calls().call<EventStream<{ n: number }>>("GET", "/lines", {
      wire: { accept: "application/x-ndjson", stream: {} },
    });
    expect(await collect(stream)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it("closes the connection when the caller leaves the loop", async () => {
    let connection: Promise<void> | undefined;
    server.play(streaming("text/event-stream", ['data: {"type":"delta"}\n\n'], (response) => (connection = closed(response))));
    const stream = await calls().call<EventStream<unknown>>("POST", "/chat", { wire: SSE });
    for await (const event of stream) {
      expect(event).toEqual({ type: "delta" });
      break;
    }
    await connection;
  });

  it("closes the connection when the call's signal aborts, and rejects with its reason", async () => {
    let connection: Promise<void> | undefined;
    server.play(streaming("text/event-stream", ['data: {"type":"delta"}\n\n'], (response) => (connection = closed(response))));
    const controller = new AbortController();
    const stream = await calls().call<EventStream<unknown>>("POST", "/chat", { wire: SSE }, { signal: controller.signal });
    const reason = new Error("stopped by the caller");
    await expect(
      (async () => {
        for await (const _event of stream) controller.abort(reason);
      })(),
    ).rejects.toBe(reason);
    await connection;
  });

  it("is a StreamError naming the events that arrived when a POST stream breaks mid-event", async () => {
    server.play(streaming("text/event-stream", ['data: {"type":"delta"}\n\n', 'data: {"type":"de'], breakConnection));
    const stream = await calls().call<EventStream<unknown>>("POST", "/chat", { wire: SSE });
    const events: unknown[] = [];
    const error = await (async () => {
      for await (const event of stream) events.push(event);
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StreamError);
    expect(error).toMatchObject({ code: "stream_interrupted", eventsReceived: 1 });
    expect(events).toEqual([{ type: "delta" }]);
    expect(server.requests).toHaveLength(1);
  });

  it("resumes a GET stream with Last-Event-ID after the server's retry wait", async () => {
    server.play(
      streaming("text/event-stream", ['retry: 25\nid: 1\ndata: {"type":"delta","n":1}\n\n', 'id: 2\ndata: {"ty'], breakConnection),
      streaming("text/event-stream", ['id: 2\ndata: {"type":"delta","n":2}\n\n', 'data: {"type":"done"}\n\n']),
    );
    const { call, waits } = calls();
    const stream = await call<EventStream<unknown>>("GET", "/events", { wire: SSE });
    expect(await collect(stream)).toEqual([{ type: "delta", n: 1 }, { type: "delta", n: 2 }, { type: "done" }]);
    expect(server.requests.map((request) => request.headers["last-event-id"])).toEqual([undefined, "1"]);
    expect(waits).toEqual([25]);
  });

  it("is iterated once", async () => {
    server.play(streaming("text/event-stream", []));
    const stream = await calls().call<EventStream<unknown>>("GET", "/events", { wire: SSE });
    expect(await collect(stream)).toEqual([]);
    expect(() => stream[Symbol.asyncIterator]()).toThrow(TypeError);
  });
});
