// OpenAPI 3.2 `itemSchema` in both SDKs: the generated SDKs of test/streaming/item-schema-document.ts
// type JSON Lines records by the item schema and server-sent events by their data's
// `contentSchema` (a Delta or a Done), typing the events whose `event` the item schema names;
// held by tsc --strict and mypy --strict (assert_type), then iterated against a loopback server,
// where an event of another type arrives as an UntypedEvent. Python and mypy are Debian's, as in
// python-streaming.test.ts.
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSdk } from "../src/index.js";
import { generateAndBuild } from "./built-sdk.js";
import { MYPY_STRICT } from "./python/mypy.mjs";
import { itemSchemaDocument } from "./streaming/item-schema-document.js";

const PYTHON = "/usr/bin/python3";
const scratch = mkdtempSync(join(tmpdir(), "item-schema-streaming-"));
const EVENTS = [
  'event: delta\ndata: {"text":"Hel"}\n\n',
  'event: delta\ndata: {"text":"lo"}\n\n',
  'event: usage\ndata: {"tokens":2}\n\n',
  'event: done\ndata: {"count":2}\n\n',
];
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === "/records") {
      response.writeHead(200, { "content-type": "application/jsonl" });
      return void response.end('{"n":1}\n{"n":2}\n');
    }
    if (request.url === "/events") {
      response.writeHead(200, { "content-type": "text/event-stream" });
      return void response.end(EVENTS.join(""));
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  rmSync(scratch, { recursive: true, force: true });
});

const typeScriptUsage = `
import { createSdk, UntypedEvent, type components, type EventStream } from "./index.js";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Schemas = components["schemas"];

export async function usage(sdk: ReturnType<typeof createSdk>) {
  const records = await sdk.records.list();
  const record: Equal<typeof records, EventStream<{ n: number }>> = true;
  const events = await sdk.events.list();
  const event: Equal<typeof events, EventStream<Schemas["Delta"] | Schemas["Done"]>> = true;
  const text: string[] = [];
  for await (const item of events) if (!(item instanceof UntypedEvent) && "text" in item) text.push(item.text);
  return { record, event, text };
}
`;

const pythonUsage = `
import asyncio
import os
from typing import Union, assert_type

from item_schemas import AsyncClient, AsyncEventStream, Client, EventStream, UntypedEvent, models

Event = Union[models.Delta, models.Done, UntypedEvent]
client = Client(os.environ["SERVER_URL"])
records = client.records.list()
assert_type(records, EventStream[models.RecordsListEvent])
assert list(records) == [{"n": 1}, {"n": 2}]
events = client.events.list()
assert_type(events, EventStream[Union[models.Delta, models.Done]])
seen: list[Event] = list(events)
assert seen[:2] == [{"text": "Hel"}, {"text": "lo"}], seen
assert isinstance(seen[2], UntypedEvent) and seen[2].event == "usage" and seen[2].data == {"tokens": 2}, seen
assert seen[3] == {"count": 2}, seen


async def read_async() -> list[Event]:
    async with AsyncClient(os.environ["SERVER_URL"]) as client:
        stream = await client.events.list()
        assert_type(stream, AsyncEventStream[Union[models.Delta, models.Done]])
        return [event async for event in stream]


assert asyncio.run(read_async()) == seen
print("ok")
`;

describe("OpenAPI 3.2 itemSchema", () => {
  it("types the TypeScript SDK's events by it and reads them from the server", async () => {
    const built = await generateAndBuild(scratch, "items.yaml", "item-schemas", itemSchemaDocument);
    expect(`${built.build.stdout}${built.build.stderr}`).toBe("");
    writeFileSync(join(built.dir, "src", "usage.ts"), typeScriptUsage);
    const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
    const checked = spawnSync(process.execPath, [tsc, "-p", built.dir, "--noEmit"], { encoding: "utf8" });
    expect(checked.stdout + checked.stderr).toBe("");
    const sdk = built.sdk.createSdk({ baseUrl: url });
    const records: unknown[] = [];
    for await (const record of await sdk.records.list()) records.push(record);
    expect(records).toEqual([{ n: 1 }, { n: 2 }]);
    const events: unknown[] = [];
    for await (const event of await sdk.events.list()) events.push(event);
    expect(events).toEqual([{ text: "Hel" }, { text: "lo" }, expect.any(built.sdk.UntypedEvent), { count: 2 }]);
    expect(events[2]).toMatchObject({ event: "usage", data: { tokens: 2 } });
  }, 120_000);

  it("types the Python SDK's events by it, for mypy --strict, and reads them from the server", async () => {
    const outDir = join(scratch, "python");
    await generateSdk({ input: "items.yaml", document: itemSchemaDocument as never, outDir, name: "item_schemas", language: "python" });
    writeFileSync(join(scratch, "usage.py"), pythonUsage);
    const env = { ...process.env, MYPYPATH: join(outDir, "src"), PYTHONPATH: join(outDir, "src"), SERVER_URL: url };
    for (const targets of [["-p", "item_schemas"], ["usage.py"]]) {
      const checked = spawnSync(PYTHON, [...MYPY_STRICT, ...targets], { encoding: "utf8", cwd: scratch, env });
      expect(`${checked.stdout}${checked.stderr}`).toMatch(/^Success: no issues found/m);
    }
    // Asynchronous, so that this process answers meanwhile.
    const ran = await new Promise<{ code: number; output: string }>((resolve) =>
      execFile(PYTHON, ["usage.py"], { cwd: scratch, env, timeout: 60_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? 1 : 0, output: `${stdout}${stderr}` }),
      ),
    );
    expect(ran).toEqual({ code: 0, output: "ok\n" });
  }, 120_000);
});
