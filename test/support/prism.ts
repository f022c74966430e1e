// Prism (Stoplight's mock server, a development dependency) mocking an OpenAPI document on
// loopback: a peer no one here wrote, which validates each request against the document and
// answers with the document's examples.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort } from "./ports.js";

const prismBin = fileURLToPath(new URL("../../node_modules/.bin/prism", import.meta.url));
const STARTUP_DEADLINE_MS = 30_000;

export interface PrismMock {
  url: string;
  stop(): void;
}

/** Starts `prism mock document` and resolves once `probePath` answers. */
export async function startPrism(document: string, probePath: string): Promise<PrismMock> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(prismBin, ["mock", document, "-h", "127.0.0.1", "-p", String(port)], { stdio: "ignore" });
  const stop = () => void child.kill();
  const deadline = Date.now() + STARTUP_DEADLINE_MS;
  while (Date.now() < deadline) {
    const answered = await fetch(`${url}${probePath}`).then(
      () => true,
      () => false,
    );
    if (answered) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  stop();
  throw new Error(`Prism did not start within ${STARTUP_DEADLINE_MS / 1000} s on ${document}`);
}
