// The TypeScript SDK of OpenAI's document (the corpus) types its streamed operations per
// event: `stream: true` gives an EventStream of the event schema the document names (a
// discriminated union for the Responses API), without it the JSON body; held by tsc --strict
// on a module that uses the generated SDK, and on the README's streaming example.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { parse } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { generateSdk } from "../../src/index.js";
import { typeScriptExampleFiles } from "../corpus/readme-examples.mjs";

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const corpus = fileURLToPath(new URL("../corpus/openai/openapi.yaml.gz", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "generator-streams-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const usage = `
import { createSdk, UntypedEvent, type EventStream, type components } from "./index.js";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Schemas = components["schemas"];
const sdk = createSdk({ baseUrl: "http://127.0.0.1:1" });
const messages = [{ role: "user" as const, content: "Hi" }];

export async function streamed() {
  const stream = await sdk.chat.createChatCompletion({ model: "gpt-4o", messages, stream: true });
  const typed: Equal<typeof stream, EventStream<Schemas["CreateChatCompletionStreamResponse"]>> = true;
  const text: string[] = [];
  for await (const chunk of stream) if (!(chunk instanceof UntypedEvent)) text.push(chunk.choices[0]?.delta.content ?? "");
  const whole = await sdk.chat.createChatCompletion({ model: "gpt-4o", messages });
  const wholeTyped: Equal<typeof whole, Schemas["CreateChatCompletionResponse"]> = true;
  for await (const event of await sdk.responses.create({ model: "gpt-4o", input: "Hi", stream: true })) {
    if (event instanceof UntypedEvent) continue;
    const union: Equal<typeof event, Schemas["ResponseStreamEvent"]> = true;
    if (event.type === "response.output_text.delta") text.push(event.delta);
    void union;
  }
  return { typed, wholeTyped, text };
}
`;

describe("the TypeScript SDK of OpenAI's document", () => {
  it("types each streamed operation's events as the document describes them", async () => {
    const outDir = join(scratch, "openai");
    const document = parse(gunzipSync(readFileSync(corpus)).toString("utf8"));
    await generateSdk({ input: "openapi.yaml", document, outDir, name: "openai-sdk" });
    const types = readFileSync(join(outDir, "src", "types.ts"), "utf8");
    const streamed = [...types.matchAll(/^export type (\w+)Event = StreamEventOf</gm)].map(([, prefix]) => prefix);
    // Every operation whose success offers text/event-stream in the document.
    expect(streamed).toHaveLength(7);
    writeFileSync(join(outDir, "src", "usage.ts"), usage);
    // The README's streaming example, importing the package as the SDK's own modules do.
    const readme = readFileSync(join(outDir, "README.md"), "utf8");
    const streaming = typeScriptExampleFiles(readme, "openai-sdk").filter(({ block }) => block.section === "Streaming responses");
    expect(streaming).toHaveLength(1);
    expect(streaming[0]!.source).toMatch(/"stream": true[\s\S]*for await \(const event of stream\)[\s\S]*if \(event\.type === "/);
    writeFileSync(join(outDir, "src", "readme-streaming.ts"), streaming[0]!.source.replaceAll('"openai-sdk"', '"./index.js"'));
    symlinkSync(join(root, "node_modules"), join(outDir, "node_modules"), "dir");
    const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
    const build = spawnSync(process.execPath, [tsc, "-p", outDir, "--noEmit"], { encoding: "utf8" });
    expect(build.stdout + build.stderr).toBe("");
  }, 120_000);
});
