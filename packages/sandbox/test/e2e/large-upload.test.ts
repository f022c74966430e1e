// A 10 MB chunked upload written without pauses, over plain TCP as curl or a proxy sends it:
// the sandbox refuses it at its 1 MiB limit, and the client must read the 413
// payload_too_large while it is still writing, without a reset (EPIPE, ECONNRESET) in its way.
import { connect } from "node:net";
import { expect, it } from "vitest";
import { createOrganization, newIdempotencyKey } from "../support/http.js";
import { useSandboxProcess } from "../support/sandbox-process.js";

const sandbox = useSandboxProcess();

it("reads the 413 payload_too_large, without a reset, while it is still writing", async () => {
  const organization = await createOrganization(sandbox.url);
  const port = Number(new URL(sandbox.url).port);
  const outcome = await new Promise<{ text: string; error: string | undefined; written: number }>((resolve) => {
    let text = "";
    let error: string | undefined;
    let written = 0;
    const socket = connect(port, "127.0.0.1", async () => {
      socket.write(
        `POST /enrollments HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${organization.token}\r\nIdempotency-Key: ${newIdempotencyKey()}\r\n` +
          "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
      );
      const chunk = Buffer.concat([Buffer.from("10000\r\n"), Buffer.alloc(0x10000, 0x61), Buffer.from("\r\n")]);
      while (written < 10 * 1024 * 1024 && !socket.destroyed && error === undefined) {
        written += 0x10000;
        if (!socket.write(chunk)) await new Promise((drained) => (socket.once("drain", drained), socket.once("close", drained)));
      }
      if (!socket.destroyed) socket.end("0\r\n\r\n");
    });
    socket.on("data", (data: Buffer) => (text += data.toString("latin1")));
    socket.on("error", (caught: NodeJS.ErrnoException) => (error = caught.code));
    socket.on("close", () => resolve({ text, error, written }));
  });
  expect(outcome.error, `after writing ${outcome.written} bytes`).toBeUndefined();
  expect(outcome.text).toMatch(/^HTTP\/1\.1 413 /);
  expect(JSON.parse(outcome.text.split("\r\n\r\n")[1]!).error.code).toBe("payload_too_large");
});
