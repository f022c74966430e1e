// Raw HTTP/1.1 over TLS, for requests no well-behaved client would send: header values
// with bare CR or LF, folded headers, smuggling attempts.
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
