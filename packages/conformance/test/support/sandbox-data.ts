// What the kit's tests run against: the document the sandbox serves, its organizations made
// through the control API, and the certificates they hold (the public API makes none, and a
// provider's staging server would have data).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import YAML from "yaml";

export const document = YAML.parse(readFileSync(fileURLToPath(new URL("../../../../generated/openapi.yaml", import.meta.url)), "utf8"));

/** A new organization of the sandbox at `url`, with `certificates` certificates: its token. */
export async function organization(url: string, certificates = 0): Promise<string> {
  const response = await fetch(`${url}/_sandbox/organizations`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  const { access_token: token } = (await response.json()) as { access_token: string };
  if (certificates > 0)
    await fetch(`${url}/_sandbox/certificates`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ count: certificates }),
    });
  return token;
}

/** Every heading of the interface document, as the kit cites it: "Errors › Idempotency". */
export function interfaceHeadings(): string[] {
  const text = readFileSync(fileURLToPath(new URL("../../../../docs/interface.md", import.meta.url)), "utf8");
  const headings: string[] = [];
  const open: string[] = [];
  for (const [, hashes, title] of text.matchAll(/^(#{2,4}) (.+)$/gm)) {
    open.length = hashes!.length - 2;
    open.push(title!.trim());
    headings.push(open.join(" › "));
  }
  return headings;
}
