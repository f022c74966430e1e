// Redocly CLI's `diff` (pinned, experimental, offline) for the generic OpenAPI changes: paths,
// operations, parameters, schemas. It runs as a child process with its JSON report; telemetry
// and update checks are off.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { UnusableInputError } from "../unusable-input.js";

const require = createRequire(import.meta.url);
const redoclyBin = join(dirname(require.resolve("@redocly/cli/package.json")), "bin", "cli.js");

export interface RedoclyLocation {
  file: string;
  pointer: string;
  line?: number;
  col?: number;
  value?: unknown;
}

export interface RedoclyChange {
  path: string;
  kind: "added" | "removed" | "modified";
  impact: "major" | "minor" | "patch";
  property?: string;
  verdicts: { ruleId: string; impact: string; message: string; location?: RedoclyLocation }[];
  base?: RedoclyLocation;
  revision?: RedoclyLocation;
}

export interface RedoclyReport {
  changes: RedoclyChange[];
}

export async function redoclyDiff(basePath: string, headPath: string): Promise<RedoclyReport> {
  const args = [redoclyBin, "diff", basePath, headPath, "--format", "json", "--fail-on", "none", "--lint-config", "off"];
  const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" };
  const { status, stdout, stderr } = await new Promise<{ status: number | null; stdout: string; stderr: string }>((done, fail) => {
    const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (err += chunk));
    child.on("error", fail);
    child.on("close", (code) => done({ status: code, stdout: out, stderr: err }));
  });
  const start = stdout.indexOf("{");
  if (status !== 0 || start < 0) {
    const reason = stderr.split("\n").find((line) => /error|fail|cannot|invalid/i.test(line)) ?? `exit status ${status}`;
    throw new UnusableInputError(`Redocly diff could not compare the documents: ${reason.trim()}`);
  }
  return JSON.parse(stdout.slice(start)) as RedoclyReport;
}
