// Request bodies, responses and parameters on the wire, from the TypeScript SDK: the SDK of
// a small document with every body kind (a form with nested values, JSON preferred over a
// form, multipart with files, bytes from a stream, text) and every parameter style compiles
// under tsc --strict with a user's calls (consumer/wire-calls.ts); the calls, made against a loopback
// server that records each request, put exactly the bytes of wire/expected.ts on the wire,
// the list python-request-bodies.test.ts holds the Python SDK to (a 404 to a call that reads
// bytes among them, and a stream sent again byte for byte after a 503). Then fast-check: the form
// and query serialisers of the runtime, over random nested values, read back by a bracket
// parser and URLSearchParams.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bracketPairs, formBody, styledPairs } from "../../client/src/runtime/index.js";
import { generateSdk } from "../src/index.js";
import { wireDocument } from "./wire/document.js";
import { expectedResults, expectedWire } from "./wire/expected.js";
import { startRecordingServer, wireOf, type RecordingServer } from "./wire/recording-server.js";
import { bracketKey, nestedValue, parseBrackets, wireValue } from "./wire/bracket-parser.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const here = fileURLToPath(new URL(".", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "request-bodies-"));
const outDir = join(scratch, "wire-sdk");
let server: RecordingServer;

beforeAll(async () => {
  await generateSdk({ input: "wire.yaml", document: wireDocument as never, outDir, name: "wire-sdk" });
  copyFileSync(join(here, "consumer", "wire-calls.ts"), join(outDir, "src", "calls.ts"));
  // Every example of the README (a form, files, bytes, text), each a module after the README's set-up.
  const readme = readFileSync(join(outDir, "README.md"), "utf8");
  const setup =
    'import { ApiError, NotFoundError, createSdk } from "./index.js";\nconst sdk = createSdk({ baseUrl: "http://127.0.0.1:1" });\nvoid [ApiError, NotFoundError, sdk];\n';
  [...readme.matchAll(/```ts\n([\s\S]*?)```/g)]
    .slice(1)
    .forEach(([, example], index) =>
      writeFileSync(join(outDir, "src", `readme-${index}.ts`), setup + example!.replace(/^import .*\n/gm, "")),
    );
  symlinkSync(join(root, "node_modules"), join(outDir, "node_modules"), "dir");
  server = await startRecordingServer();
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe("the TypeScript SDK of a document with every body kind and parameter style", () => {
  it("has a method for every operation, and compiles with a user's calls and the README's examples under tsc --strict", () => {
    const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
    const build = spawnSync(process.execPath, [tsc, "-p", outDir], { encoding: "utf8" });
    expect(build.stdout + build.stderr).toBe("");
  }, 120_000);

  it("puts on the wire exactly what the document's media types and styles say, and reads text and bytes back", async () => {
    const { run } = (await import(pathToFileURL(join(outDir, "dist", "calls.js")).href)) as {
      run: (baseUrl: string) => Promise<unknown[]>;
    };
    server.reset();
    const results = await run(server.url);
    expect(server.requests.map(wireOf)).toEqual(expectedWire);
    expect(results).toEqual(expectedResults);
  });
});

describe("the runtime's form and query serialisers, for any nested value", () => {
  it("write the bracket convention, which a bracket parser reads back", () => {
    fc.assert(
      fc.property(fc.dictionary(bracketKey, nestedValue), (body) => {
        // Each property deepObject, as Stripe's documents say: the bracket convention throughout.
        const encoding = Object.fromEntries(Object.keys(body).map((key) => [key, { style: "deepObject" as const, explode: true }]));
        expect(parseBrackets(formBody(body, encoding))).toEqual(wireValue(body) ?? {});
      }),
      { numRuns: 300 },
    );
  });

  it("write a form's list of scalars without an encoding as its name repeated, and its objects in brackets", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: "grapheme" }), { maxLength: 4 }),
        fc.dictionary(bracketKey, fc.string(), { maxKeys: 3 }),
        (list, object) => {
          const body = formBody({ list, object });
          expect(new URLSearchParams(body).getAll("list")).toEqual(list);
          expect(
            parseBrackets(
              body
                .split("&")
                .filter((pair) => !pair.startsWith("list="))
                .join("&"),
            ),
          ).toEqual(wireValue({ object }) ?? {});
        },
      ),
      { numRuns: 200 },
    );
  });

  it("write form lists (exploded or not) and delimited lists that URLSearchParams reads back", () => {
    const items = fc.array(fc.string({ unit: "grapheme" }), { maxLength: 5 });
    fc.assert(
      fc.property(items, fc.boolean(), fc.constantFrom("form", "spaceDelimited", "pipeDelimited" as const), (values, explode, style) => {
        const query = styledPairs("name", values, { style, explode })
          .map(([name, value]) => `${name}=${value}`)
          .join("&");
        const read = new URLSearchParams(query).getAll("name");
        const separator = { form: ",", spaceDelimited: " ", pipeDelimited: "|" }[style];
        if (values.length === 0) expect(read).toEqual([]);
        else if (explode) expect(read).toEqual(values);
        else expect(read).toEqual([values.join(separator)]);
      }),
      { numRuns: 300 },
    );
  });

  it("write deepObject query parameters as brackets under the parameter's name", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.stringMatching(/^[a-z_][a-z0-9_]{0,5}$/), nestedValue), (metadata) => {
        const query = styledPairs("metadata", metadata, { style: "deepObject", explode: true })
          .map(([name, value]) => `${name}=${value}`)
          .join("&");
        expect(query).toBe(
          bracketPairs("metadata", metadata)
            .map(([name, value]) => `${name}=${value}`)
            .join("&"),
        );
        expect(parseBrackets(query)).toEqual(wireValue({ metadata }) ?? {});
      }),
      { numRuns: 300 },
    );
  });
});
