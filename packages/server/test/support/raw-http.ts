// Raw HTTP/1.1 over TLS or plain TCP, for requests no well-behaved client would send: header
// values with bare CR or LF, folded headers, smuggling attempts, heads over the size limit,
// asterisk-form targets, HTTP/1.0 without Host.
import { connect as tcpConnect } from "node:net";
import { connect } from "node:tls";
import type { Answer } from "./http.js";

export async function rawRequest(url: string, ca: string, head: string, body: string | Buffer = ""): Promise<Answer> {
  const { hostname, port } = new URL(url);
  const text = await new Promise<string>((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), ca, servername: undefined }, () =>
      socket.end(Buffer.concat([Buffer.from(head, "latin1"), Buffer.from(body)])),
    );
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => resolve(Buffer.concat(chunks).toString("latin1")));
    socket.on("error", reject);
    socket.setTimeout(5000, () => socket.destroy(new Error("no answer within 5 s")));
  });
  return parseAnswer(text);
}

/** What a raw exchange writes, in order: bytes, a pause, or a wait for the server's answers so far. */
export type RawStep = string | Buffer | { pauseMs: number } | { answers: number };

/**
 * Plays `steps` on one plain TCP connection to `url`, then ends the client's side (unless
 * `end` is false), and reads until the server closes: every response it sent, in order. A
 * reset, or no close within `timeoutMs`, rejects: the server dropped the client.
 */
export async function rawExchange(
  url: string,
  steps: readonly RawStep[],
  options: { end?: boolean; timeoutMs?: number } = {},
): Promise<Answer[]> {
  const { end = true, timeoutMs = 10_000 } = options;
  const { hostname, port } = new URL(url);
  const socket = tcpConnect({ host: hostname, port: Number(port) });
  const chunks: Buffer[] = [];
  let closed = false;
  let onChange = () => {};
  const done = new Promise<void>((resolve, reject) => {
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      onChange();
    });
    socket.on("close", () => {
      closed = true;
      onChange();
      resolve();
    });
    socket.on("error", reject);
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no close within ${timeoutMs} ms`)));
  });
  const received = () => parseAnswers(Buffer.concat(chunks).toString("latin1"));
  const written = (async () => {
    await new Promise<void>((resolve) => socket.once("connect", resolve));
    for (const step of steps) {
      if (closed) return;
      if (typeof step === "string" || Buffer.isBuffer(step)) {
        await new Promise<void>((resolve) => socket.write(typeof step === "string" ? Buffer.from(step, "latin1") : step, () => resolve()));
      } else if ("pauseMs" in step) {
        await new Promise((resolve) => setTimeout(resolve, step.pauseMs));
      } else {
        await new Promise<void>((resolve) => {
          onChange = () => (closed || received().length >= step.answers) && resolve();
          onChange();
        });
      }
    }
    if (end && !closed) socket.end();
  })();
  // A write to a connection the server already closed fails: what it answered is still the answer.
  await Promise.all([done, written.catch(() => undefined)]);
  return received();
}

/** The responses in `text`, split by their Content-Length; a last one without it runs to the end. */
export function parseAnswers(text: string): Answer[] {
  const answers: Answer[] = [];
  let rest = text;
  while (rest.startsWith("HTTP/")) {
    const headEnd = rest.indexOf("\r\n\r\n");
    if (headEnd < 0) break;
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(rest.slice(0, headEnd))?.[1];
    const end = length === undefined ? rest.length : headEnd + 4 + Number(length);
    answers.push(parseAnswer(rest.slice(0, end)));
    rest = rest.slice(end);
  }
  return answers;
}

/** One response's status, headers (names lower-cased, repeats joined), body and JSON. */
export function parseAnswer(text: string): Answer {
  const [headText = "", ...rest] = text.split("\r\n\r\n");
  const [statusLine = "", ...headerLines] = headText.split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const at = line.indexOf(":");
    const name = line.slice(0, at).trim().toLowerCase();
    headers[name] = headers[name] === undefined ? line.slice(at + 1).trim() : `${headers[name]}, ${line.slice(at + 1).trim()}`;
  }
  const bodyText = rest.join("\r\n\r\n");
  let json: any;
  try {
    json = JSON.parse(bodyText);
  } catch {
    json = undefined;
  }
  return { status: Number(statusLine.split(" ")[1]), headers, text: bodyText, json };
}
