// The repository README's SDK quickstart, as a user copies it: its TypeScript and Python
// blocks are run as written by standalone-sdk.test.ts and python-sdk.test.ts.
import { readFileSync } from "node:fs";

const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");

/** The block of `language` in the README's section on SDKs. */
export function readmeQuickstart(language: "ts" | "python"): string {
  const section = readme.split(/^## /m).find((part) => part.startsWith("Quickstart: SDKs"));
  const block = section?.match(new RegExp("```" + language + "\\n([\\s\\S]*?)```"))?.[1];
  if (block === undefined) throw new Error(`README.md: no ${language} block under "Quickstart: SDKs".`);
  return block;
}
