// `npm run docs`: a self-contained HTML reference of generated/openapi.yaml, built with
// Redocly CLI's build-docs. `--inlineBundle` embeds the Redoc scripts, so the page loads
// nothing from a CDN. Output: docs/reference/index.html (or `--out <file>`).
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { generatedFiles, root } from "./build/paths.mjs";

const require = createRequire(import.meta.url);

export function buildReference(output = join(root, "docs", "reference", "index.html")) {
  mkdirSync(dirname(output), { recursive: true });
  const cli = join(dirname(require.resolve("@redocly/cli/package.json")), "bin", "cli.js");
  const result = spawnSync(
    process.execPath,
    [cli, "build-docs", generatedFiles().openApi, "--inlineBundle", "--title", "Signing Platform API reference", "-o", output],
    { cwd: root, encoding: "utf8", env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
  );
  if (result.status !== 0) throw new Error(`redocly build-docs failed:\n${result.stdout}\n${result.stderr}`);
  return output;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf("--out");
  const output = buildReference(at > 0 ? process.argv[at + 1] : undefined);
  console.log(`API reference written to ${output}`);
}
