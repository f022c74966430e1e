// What a generator embeds: the contract's own files, portable: every import among them is
// relative and names one of them, so an SDK carries them as they are.
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";
import { readContractSources } from "../../src/node/embedded-sources.js";

const MAIN_ENTRY = [
  "deprecation.ts",
  "event-envelope.ts",
  "extensions.ts",
  "fallback-code.ts",
  "field-names.ts",
  "http-methods.ts",
  "index.ts",
  "operations.ts",
  "read-extensions.ts",
];

// `from "./x.js"`, `import("../y.js")` and `import "./z.js"`, with comments dropped first (a TSDoc example imports packages by name).
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;
const importsOf = (text: string) =>
  [
    ...text
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "")
      .matchAll(SPECIFIER),
  ].map((match) => match[1]!);

describe("readContractSources", () => {
  it("hands over the main entry's files and none of this entry's", async () => {
    expect(Object.keys(await readContractSources())).toEqual(MAIN_ENTRY);
  });

  it("adds the portable webhook signature when asked", async () => {
    const files = Object.keys(await readContractSources({ webhookSignature: true }));
    const signature = files.filter((path) => path.startsWith("webhook-signature/"));
    expect(files.filter((path) => !path.startsWith("webhook-signature/"))).toEqual(MAIN_ENTRY);
    expect(signature).toContain("webhook-signature/index.ts");
    expect(signature).toContain("webhook-signature/signature-scheme.ts");
  });

  it("holds files that import nothing but each other", async () => {
    const files = await readContractSources({ webhookSignature: true });
    const outside: string[] = [];
    for (const [path, text] of Object.entries(files)) {
      for (const specifier of importsOf(text)) {
        const target = normalize(join(dirname(path), specifier.replace(/\.js$/, ".ts")))
          .split("\\")
          .join("/");
        if (!specifier.startsWith(".") || files[target] === undefined) outside.push(`${path} imports ${specifier}`);
      }
    }
    expect(outside).toEqual([]);
    expect(importsOf('/** import { a } from "pkg"; */\nimport { b } from "./b.js";\n// import "node:fs";\n')).toEqual(["./b.js"]);
  });
});
