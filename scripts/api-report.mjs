// `npm run api:report` writes, and `npm run api:check` (run by CI) checks, one API report per
// public entry point of every published package: `<package>/api/<entry>.api.md`, made by
// @microsoft/api-extractor from the built declarations. Every export is a promise under
// semver, so a change to a public surface shows in the diff of a commit and fails CI until
// the report is written again. Needs `npm run build` first.
import { mkdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { Extractor, ExtractorConfig } from "@microsoft/api-extractor";

const root = fileURLToPath(new URL("..", import.meta.url));
const check = process.argv.includes("--check");
const folders = [
  "packages/types",
  "packages/validators",
  "packages/webhooks",
  "packages/server",
  "packages/client",
  "packages/generator",
  "packages/conformance",
  "packages/sandbox",
  "packages/diff",
  "packages/cli",
  "rules",
];

/** The declaration file of each entry of a package's `exports` map: [entry name, .d.ts]. */
function entries(manifest) {
  return Object.entries(manifest.exports ?? {})
    .filter(([name, target]) => name !== "./package.json" && typeof target === "object")
    .map(([name, target]) => [name === "." ? "index" : name.slice(2).replaceAll("/", "-"), target.types ?? target.import?.types])
    .filter(([, types]) => typeof types === "string");
}

let failed = 0;
for (const folder of folders) {
  const packageFolder = join(root, folder);
  const manifest = JSON.parse(readFileSync(join(packageFolder, "package.json"), "utf8"));
  const reportFolder = join(packageFolder, "api");
  mkdirSync(reportFolder, { recursive: true });
  for (const [entry, types] of entries(manifest)) {
    const config = ExtractorConfig.prepare({
      configObject: {
        projectFolder: packageFolder,
        mainEntryPointFilePath: join(packageFolder, types),
        compiler: {
          overrideTsconfig: {
            compilerOptions: {
              lib: ["ES2022", "DOM"],
              types: ["node"],
              skipLibCheck: true,
              module: "NodeNext",
              moduleResolution: "NodeNext",
            },
          },
        },
        apiReport: { enabled: true, reportFolder, reportTempFolder: join(root, ".tmp", "api", folder), reportFileName: `${entry}.api.md` },
        docModel: { enabled: false },
        dtsRollup: { enabled: false },
        tsdocMetadata: { enabled: false },
        messages: {
          compilerMessageReporting: { default: { logLevel: "none" } },
          extractorMessageReporting: { default: { logLevel: "none" } },
          tsdocMessageReporting: { default: { logLevel: "none" } },
        },
      },
      configObjectFullPath: join(packageFolder, "api-extractor.json"),
      packageJsonFullPath: join(packageFolder, "package.json"),
    });
    const result = Extractor.invoke(config, {
      localBuild: !check,
      showVerboseMessages: false,
      messageCallback: (message) => (message.handled = true),
    });
    const report = relative(root, join(reportFolder, `${entry}.api.md`));
    if (check && result.apiReportChanged) {
      console.error(
        `${report}: the public API of ${manifest.name}${entry === "index" ? "" : `/${entry}`} changed; run \`npm run api:report\` and commit it.`,
      );
      failed += 1;
    } else if (!result.succeeded && !result.apiReportChanged) {
      console.error(`${report}: api-extractor failed (${result.errorCount} errors).`);
      failed += 1;
    } else if (!check) console.log(`${report}${result.apiReportChanged ? " (changed)" : ""}`);
  }
}
if (failed > 0) process.exit(1);
