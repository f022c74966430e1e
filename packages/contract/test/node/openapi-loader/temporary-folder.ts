// A folder of files for one test file, removed after it: the loader reads documents from disk.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll } from "vitest";

/** A temporary folder; `write` puts a file in it (making its folders) and gives its path. */
export function temporaryFolder(): { dir: string; write(name: string, text: string): string } {
  const dir = mkdtempSync(join(tmpdir(), "openapi-loader-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    dir,
    write(name, text) {
      const path = join(dir, name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      return path;
    },
  };
}
