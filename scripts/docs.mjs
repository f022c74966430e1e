// `npm run docs`: a self-contained HTML reference of generated/openapi.yaml, built with
// Redocly CLI's build-docs. `--inlineBundle` embeds the Redoc scripts; the one image Redoc
// still fetches from its CDN (the attribution logo) is replaced by an empty inline SVG, so
// the page loads nothing from elsewhere. Output: docs/reference/index.html, or
// `--out <file>` (relative to the current directory).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { generatedFiles, root } from "./build/paths.mjs";

const require = createRequire(import.meta.url);

const EMPTY_SVG = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E";

export function buildReference(target = join(root, "docs", "reference", "index.html")) {
  const output = resolve(process.cwd(), target);
  mkdirSync(dirname(output), { recursive: true });
  const cli = join(dirname(require.resolve("@redocly/cli/package.json")), "bin", "cli.js");
  const result = spawnSync(
    process.execPath,
    [cli, "build-docs", generatedFiles().openApi, "--inlineBundle", "--title", "Signing Platform API reference", "-o", output],
    { cwd: root, encoding: "utf8", env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
  );
  if (result.status !== 0) throw new Error(`redocly build-docs failed:\n${result.stdout}\n${result.stderr}`);
  const html = readFileSync(output, "utf8").replace(/https:\/\/cdn\.redoc\.ly\/redoc\/[\w.-]+\.svg/g, EMPTY_SVG);
  writeFileSync(output, html);
  return output;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf("--out");
  const output = buildReference(at > 0 ? process.argv[at + 1] : undefined);
  console.log(`API reference written to ${output}`);
}
