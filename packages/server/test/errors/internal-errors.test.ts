// The cause of a 500 is never in the answer and never lost: with no logger, one line on
// stderr; with a reporter, the reporter gets the cause; with Fastify's logger, one record.
import { Writable } from "node:stream";
import type { FastifyRequest } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fixtureApp, idempotencyKey, tokens } from "../support/fixture-app.js";
import { expectError, injectCall } from "../support/http.js";

const failing = { identity_evidence: { document_type: "unsupported" } };
const post = (app: Parameters<typeof injectCall>[0]) =>
  injectCall(app, "/enrollments", { method: "POST", token: tokens.a, body: failing, headers: { "idempotency-key": idempotencyKey() } });

afterEach(() => vi.restoreAllMocks());

describe("the cause of a 500", () => {
  it("goes to the reporter given, with the request it failed", async () => {
    const reported: [unknown, FastifyRequest][] = [];
    const { app } = fixtureApp({ onInternalError: (cause, request) => reported.push([cause, request]) });
    const answer = await post(app);
    expectError(answer, 500, "internal_error");
    expect(reported).toHaveLength(1);
    expect((reported[0]![0] as Error).message).toBe("connection to ledger-db.internal:5432 refused");
    expect(reported[0]![1].id).toBe(answer.headers["request-id"]);
  });

  it("is one line on stderr when createApp has no logger: Request-Id, route and cause, not the body or the token", async () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    const { app } = fixtureApp();
    const answer = await post(app);
    vi.restoreAllMocks();
    expectError(answer, 500, "internal_error");
    const written = lines.filter((line) => line.startsWith("signing-platform: "));
    expect(written).toHaveLength(1);
    const line = written[0]!;
    expect(line.endsWith("\n") && line.indexOf("\n") === line.length - 1).toBe(true);
    expect(line).toContain(
      `${answer.headers["request-id"]} POST /enrollments: 500 internal_error, caused by Error: connection to ledger-db.internal:5432 refused`,
    );
    expect(line).not.toContain("unsupported");
    expect(line).not.toContain(tokens.a);
  });

  it("is one record of Fastify's logger at level error when the logger is on", async () => {
    const records: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        records.push(JSON.parse(String(chunk)));
        callback();
      },
    });
    const { app } = fixtureApp({ logger: { level: "error", stream } });
    const answer = await post(app);
    expectError(answer, 500, "internal_error");
    const errors = records.filter((record) => record.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toContain("caused by Error: connection to ledger-db.internal:5432 refused");
    expect(errors[0]!.reqId).toBe(answer.headers["request-id"]);
    expect(JSON.stringify(errors[0])).not.toContain("unsupported");
  });
});
