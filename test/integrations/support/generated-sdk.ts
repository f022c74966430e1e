// The SDK a repository keeps beside its document, as the installed CLI generates it: its files
// under `sdk/`, for a scratch repository's base commit, which a release then raises.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { Files } from "./scratch-repository.js";

export function generatedSdk(binDir: string, document: string): Files {
  const work = mkdtempSync(join(tmpdir(), "signing-platform-sdk-"));
  try {
    writeFileSync(join(work, "openapi.yaml"), document);
    execFileSync(join(binDir, "signing-platform"), ["generate", join(work, "openapi.yaml"), "--out", join(work, "sdk")]);
    const files: Files = {};
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else files[relative(work, path)] = readFileSync(path, "utf8");
      }
    };
    walk(join(work, "sdk"));
    return files;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
