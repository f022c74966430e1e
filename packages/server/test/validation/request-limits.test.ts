// Host by HTTP version, over plain TCP with raw sockets: RFC 9112 requires Host of every
// HTTP/1.1 request, and HTTP/1.0 had no Host to require, so a request of it without one is
// served as any other, with every convention; an HTTP/1.1 one is 400 naming Host.
import { describe, expect, it } from "vitest";
import { idempotencyKey, tokens } from "../support/fixture-app.js";
import { expectError, expectStandardHeaders } from "../support/http.js";
import { rawExchange } from "../support/raw-http.js";
import { serveFixture } from "../support/serve.js";

const server = serveFixture();
const data = server.data;

const credentials = `Authorization: Bearer ${tokens.a}\r\n`;
const enrollment = '{"identity_evidence":{"issuing_office":"Kathmandu"}}';
const postEnrollment = (version: string) =>
  `POST /enrollments HTTP/${version}\r\n${credentials}Idempotency-Key: ${idempotencyKey()}\r\nContent-Type: application/json\r\n` +
  `Content-Length: ${enrollment.length}\r\n\r\n${enrollment}`;

async function answerOf(head: string) {
  const answers = await rawExchange(server.url, [head]);
  expect(answers).toHaveLength(1);
  return answers[0]!;
}

describe("Host by HTTP version", () => {
  it.each([
    ["GET over HTTP/1.0 without Host", () => `GET /certificates?limit=2 HTTP/1.0\r\n${credentials}\r\n`, 200],
    ["GET over HTTP/1.0 with Host", () => `GET /certificates?limit=2 HTTP/1.0\r\nHost: x\r\n${credentials}\r\n`, 200],
    ["POST over HTTP/1.0 without Host", () => postEnrollment("1.0"), 201],
  ])("serves %s", async (_name, head, status) => {
    const answer = await answerOf(head());
    expect(answer.status).toBe(status);
    expectStandardHeaders(answer);
    expect(answer.json).toBeTypeOf("object");
    expect(answer.json.error).toBeUndefined();
  });

  it("ran the operation of the HTTP/1.0 POST", () => {
    expect(data.enrollments.map(({ body }) => body)).toEqual([JSON.parse(enrollment)]);
  });

  it.each([
    ["GET over HTTP/1.1 without Host", () => `GET /certificates HTTP/1.1\r\n${credentials}Connection: close\r\n\r\n`],
    ["GET over HTTP/1.1 with an empty Host", () => `GET /certificates HTTP/1.1\r\nHost:\r\n${credentials}Connection: close\r\n\r\n`],
    ["POST over HTTP/1.1 without Host", () => postEnrollment("1.1").replace("\r\n\r\n", "\r\nConnection: close\r\n\r\n")],
  ])("answers %s 400 bad_request naming Host", async (_name, head) => {
    const answer = await answerOf(head());
    expectError(answer, 400, "bad_request");
    expect(answer.json.error.details).toEqual([expect.objectContaining({ field: "Host", code: "required" })]);
  });

  it("ran no operation for the HTTP/1.1 POST without Host", () => {
    expect(data.enrollments).toHaveLength(1);
  });
});
