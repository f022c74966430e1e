// The pieces the corpus harness uses the generated SDKs with (corpus/prism-calls.mjs; the
// README's blocks and calls of three corpus documents are corpus.test.ts's): the README's Python
// calls rewritten for AsyncClient, and Prism mocking a corpus document on the loopback
// interface, which answers a request the document allows with a 2xx and one that breaks it
// with a 422, on the whole document and on its requests only.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus } from "./corpus/run-corpus.mjs";
import { awaitedExample, requestsOnlyDocument, startPrism } from "./corpus/prism-calls.mjs";

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
