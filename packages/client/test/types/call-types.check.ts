// Compiled by call-types.test.ts with `tsc --strict`, never run: each @ts-expect-error must
// be an error, and every other line must type-check.
import { createClient, type ApiError } from "../../src/index.js";

const client = createClient({ baseUrl: "http://127.0.0.1:4010" });

export async function typedCalls(): Promise<void> {
  const certificate = await client.GET("/certificates/{id}", { params: { path: { id: "cert_1" } } });
  if (certificate.error) {
    const error: ApiError = certificate.error;
    void error.code;
  } else if (certificate.notModified) {
    // A 304 to the caller's own If-None-Match: no data.
  } else {
    const id: string = certificate.data.id;
    void id;
  }

  // The Idempotency-Key header is required by the document but optional here: the client makes it.
  const created = await client.POST("/enrollments", { body: { identity_evidence: { issuing_office: "Office 1" } } });
  if (!created.error) void created.data.id;
  await client.POST("/enrollments", { body: {}, params: { header: { "Idempotency-Key": "A1b2C3d4E5f6G7h8" } } });

  const page = await client.GET("/certificates", { params: { query: { limit: 10 } } });
  if (!page.error) void page.data.items[0]?.id;

  const signingRequest = await client.GET("/v1/signing-requests/{id}", { params: { path: { id: "sr_1" } } });
  // It may also be a 304 (If-None-Match), so data is there only on a 200.
  if (signingRequest.data) void signingRequest.data.client_secret;

  for await (const item of client.paginate("/certificates", { limit: 50 })) {
    const id: string = item.id;
    void id;
  }
  const firstThree = await client.paginate("/certificates").toArray({ max: 3 });
  void firstThree[0]?.id;

  // @ts-expect-error the path parameter is required
  await client.GET("/certificates/{id}");
  // @ts-expect-error the body is required
  await client.POST("/enrollments");
  // @ts-expect-error not a path of the document
  await client.GET("/nowhere");
  // @ts-expect-error GET /certificates/{id} is not a list operation
  client.paginate("/certificates/{id}");
  // @ts-expect-error data is not narrowed before the error is ruled out
  void certificate.data.id;
}
