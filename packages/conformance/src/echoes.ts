// Credentials that come back in an error answer (Errors › Error body: the message contains no
// secrets). The run knows what it holds: the bearer tokens it sent and every client_secret
// an answer gave it. Each error answer is searched for them as it arrives, and only where one
// was found is recorded, never the value, so the run's record stays free of secrets.
import type { CredentialEcho } from "./exchange.js";

/** Shorter values would match by chance (a token "t" is in every message). */
const SHORTEST = 8;

export class Credentials {
  private readonly held = new Map<string, string>();

  /** Remembers `value` as `what` (`the bearer token`). */
  hold(value: string | undefined, what: string): void {
    if (value && value.length >= SHORTEST && !this.held.has(value)) this.held.set(value, what);
  }

  /** Every client_secret in a body the server sent, to be held as credentials from now on. */
  learnFrom(json: unknown): void {
    visit(json, "$", (value, _path, key) => {
      if (key === "client_secret" && typeof value === "string") this.hold(value, "a client_secret");
    });
  }

  /** Where an error answer carries a credential held. */
  echoesIn(response: { status: number; headers: Record<string, string>; text: string; json: unknown }): CredentialEcho[] {
    if (response.status < 400 || this.held.size === 0) return [];
    const echoes: CredentialEcho[] = [];
    const found = (text: string, where: string) => {
      for (const [value, what] of this.held) if (text.includes(value)) echoes.push({ where, what });
    };
    for (const [name, value] of Object.entries(response.headers)) found(value, `the ${name} header`);
    if (response.json === undefined) found(response.text, "the body");
    else
      visit(response.json, "", (value, path) => {
        if (typeof value === "string") found(value, path.replace(/^\./, ""));
      });
    return echoes;
  }
}

function visit(node: unknown, path: string, each: (value: unknown, path: string, key: string) => void, key = ""): void {
  each(node, path, key);
  if (Array.isArray(node)) node.forEach((item, index) => visit(item, `${path}[${index}]`, each, key));
  else if (node && typeof node === "object") for (const [name, value] of Object.entries(node)) visit(value, `${path}.${name}`, each, name);
}
