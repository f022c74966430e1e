// The calls of the wire test, as a user of the generated TypeScript SDK writes them; copied
// into the SDK's src/ so that tsc --strict checks them (this folder is outside the
// repository's own type check). wire/calls.py makes the same calls in Python.
import { createSdk, NotFoundError } from "./index.js";

const bytes = (text: string) => new TextEncoder().encode(text);

export async function run(baseUrl: string): Promise<unknown[]> {
  const sdk = createSdk({ baseUrl, retry: { maxRetries: 0 } });
  const results: unknown[] = [];
  results.push(
    await sdk.customers.create({
      name: "Jenny Rosen",
      email: "jenny+test@example.com",
      balance: 12.5,
      active: true,
      metadata: { order_id: "6735", "note key": "a&b=c" },
      expand: ["customer", "invoice.subscription"],
      items: [{ price: "price_1", quantity: 2 }, { price: "price_2" }],
      tags: ["a", "b,c"],
      media_url: ["https://example.com/a.png", "https://example.com/b.png"],
      address: { line1: "1 Main St", city: "Zürich" },
    }),
  );
  results.push(await sdk.notes.create({ body: "prefers JSON" }));
  results.push(await sdk.notes.putNoteText("note 1", "Grüße, world\n"));
  results.push(
    await sdk.files.create({
      purpose: "identity_document",
      file: new File([bytes("PNG-bytes")], "passport.png", { type: "image/png" }),
      attachments: [bytes("first"), new Blob([bytes("second")])],
      meta: { pages: 2 },
      count: 3,
    }),
  );
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes("chunk-1;"));
      controller.enqueue(bytes("chunk-2"));
      controller.close();
    },
  });
  results.push(await sdk.files.putFileContent("file_1", stream));
  const pdf: Blob = await sdk.files.downloadFile("file_1");
  if (pdf.type !== "application/pdf") throw new Error(`a Blob of ${pdf.type}`);
  results.push({ text: await pdf.text() });
  // An error answer to a call that reads bytes is still read as the API's error.
  try {
    await sdk.files.downloadFile("missing");
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    results.push({ status: error.status, message: error.message });
  }
  results.push(
    await sdk.search.retrieve(
      ["a", "b c"],
      ["x", "y"],
      { x: 1, y: 2 },
      {
        tags: ["t1", "t2"],
        colors: ["red", "green"],
        words: ["hello", "world"],
        levels: [1, 2, 3],
        metadata: { key1: "value1", "key 2": "value/2" },
        range: { gte: 10, lt: 20 },
        q: "it's (*) ~ ok!",
        within: "/files/a:b?c[0]@x!$'()*,;&d=e#f+g h",
        exact: false,
        // openapi-typescript types a JSON parameter as its text.
        filter: JSON.stringify({ a: 1, b: ["x y"] }),
      },
      { header: { "X-Trace": ["t-1", "t-2"] }, cookie: { session: "s 1;2" } },
    ),
  );
  // A stream is read once: the retry after a 503 sends the same bytes.
  const retrying = createSdk({ baseUrl, retry: { maxRetries: 1, sleep: async () => {} } });
  const again = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes("sent twice"));
      controller.close();
    },
  });
  results.push(await retrying.files.putFileContent("retry", again));
  return results;
}
