// The generated SDKs of the smallest real API documents of test/corpus/ used as their READMEs
// say (the whole corpus runs in `npm run bench -- sdk-corpus`), through the corpus harness
// (corpus/run-corpus.mjs): every TypeScript block of the README compiles under tsc --strict
// against the SDK installed outside the repository and built as it is published, every Python
// block passes mypy --strict, and a few of the README's operations, called as it calls them by
// each SDK, are answered with a 2xx by Prism mocking the document, which answers a request
// that breaks the document with a 4xx; the Python calls through Client, then again through
// AsyncClient, awaited under asyncio.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus, type CorpusResult, runCorpus, type Step } from "./corpus/run-corpus.mjs";
import { awaitedExample, requestsOnlyDocument, startPrism } from "./corpus/prism-calls.mjs";

const USAGE: Step[] = ["ours-ts-readme", "ours-ts-prism", "ours-py-readme", "ours-py-prism", "ours-py-async-prism"];

// Three of the documents of corpus.test.ts (about 10 s each for the five steps on a quiet
// 2-core machine; the bench runs the rest), and the calls each gets: its GETs that need no
// header or cookie (at most five), then its first operation with a JSON body.
const CALLS: Record<string, number> = {
  "oai-petstore": 3,
  "oai-link-example": 5,
  "oai-uspto": 2,
};

let results: Map<string, CorpusResult>;

beforeAll(() => {
  const measured = runCorpus({ names: Object.keys(CALLS), tools: ["ours"], steps: USAGE });
  results = new Map(measured.map((result) => [result.name, result]));
}, 600_000);

for (const [name, calls] of Object.entries(CALLS)) {
  describe(`the SDKs of ${name}, as their READMEs use them`, () => {
    for (const step of ["ours-ts-readme", "ours-py-readme"] as const)
      it(`${step}: every block of the README compiles`, () => {
        const outcome = results.get(name)?.steps[step];
        expect(outcome?.error).toBeUndefined();
        expect(outcome?.ok).toBe(true);
        // The quickstart, the operations' examples and the errors' at least.
        expect(outcome?.examples).toBeGreaterThanOrEqual(3);
        expect(outcome?.passed).toBe(outcome?.examples);
      });
    for (const step of ["ours-ts-prism", "ours-py-prism", "ours-py-async-prism"] as const)
      it(`${step}: ${calls} calls, each answered with a 2xx by Prism`, () => {
        const outcome = results.get(name)?.steps[step];
        expect(outcome?.failures ?? []).toEqual([]);
        expect(outcome?.error).toBeUndefined();
        expect(outcome?.calls).toBe(calls);
        expect(outcome?.passed).toBe(calls);
        expect(outcome?.ok).toBe(true);
      });
  });
}

describe("the README's Python calls made by AsyncClient", () => {
  it("await each call as the README writes it: a list read with async for, a result, a call without one", () => {
    const example = "from acme import models\n\nfor item in client.pets.list(limit=1):\n    print(item)\n    break";
    expect(awaitedExample(example)).toBe(
      "from acme import models\n\nasync for item in client.pets.list(limit=1):\n    print(item)\n    break",
    );
    expect(awaitedExample('result = client.pets.retrieve("pet_1")')).toBe('result = await client.pets.retrieve("pet_1")');
    expect(awaitedExample('client.pets.create({"name": "Rex"})')).toBe('await client.pets.create({"name": "Rex"})');
  });

  it("fail an example that makes no call to await, rather than pass it without a request", () => {
    expect(awaitedExample("print(client)")).toBe('raise RuntimeError("the example makes no call to await")');
  });
});

describe("Prism mocking a corpus document", () => {
  const scratch = mkdtempSync(join(tmpdir(), "corpus-prism-"));
  let prism: ReturnType<typeof startPrism> | undefined;

  beforeAll(() => {
    const petstore = corpus().find((entry) => entry.name === "oai-petstore");
    prism = startPrism(petstore!.path, join(scratch, "prism.log"));
  }, 60_000);

  afterAll(() => {
    prism?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it("listens on the loopback interface only", () => {
    expect(prism?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("answers a request the document allows with a 2xx", async () => {
    const response = await fetch(`${prism?.url}/pets?limit=10`);
    expect(response.status).toBe(200);
  });

  it("answers a body that breaks the document's schema with a 422, so a wrong call cannot pass", async () => {
    const response = await fetch(`${prism?.url}/pets`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: "one" }),
    });
    expect(response.status).toBe(422);
    expect(response.headers.get("sl-violations")).toContain("name");
  });

  it("answers a query parameter of the wrong type with a 422", async () => {
    const response = await fetch(`${prism?.url}/pets?limit=ten`);
    expect(response.status).toBe(422);
  });
});

describe("Prism mocking a document's requests only (Stripe's entry)", () => {
  const scratch = mkdtempSync(join(tmpdir(), "corpus-prism-requests-"));
  const petstore = corpus().find((entry) => entry.name === "oai-petstore")!;
  const reduced = JSON.parse(requestsOnlyDocument(petstore.path));
  let prism: ReturnType<typeof startPrism> | undefined;

  beforeAll(() => {
    writeFileSync(join(scratch, "requests.json"), JSON.stringify(reduced));
    prism = startPrism(join(scratch, "requests.json"), join(scratch, "prism.log"));
  }, 60_000);

  afterAll(() => {
    prism?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it("empties every response's schema and keeps only the schemas requests reach", () => {
    const responses = Object.values(reduced.paths).flatMap((item: any) =>
      Object.values(item).flatMap((operation: any) => Object.values(operation.responses)),
    );
    for (const response of responses as any[])
      for (const media of Object.values(response.content ?? {}) as any[]) expect(media.schema).toEqual({});
    expect(Object.keys(reduced.components.schemas)).toEqual(["Pet"]);
  });

  it("still refuses a body and a query parameter the document does not allow", async () => {
    const body = await fetch(`${prism?.url}/pets`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: "one" }),
    });
    expect(body.status).toBe(422);
    expect((await fetch(`${prism?.url}/pets?limit=ten`)).status).toBe(422);
    expect((await fetch(`${prism?.url}/pets?limit=10`)).status).toBe(200);
  });
});
