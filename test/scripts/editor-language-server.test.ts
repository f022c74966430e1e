// The editor set-up of docs/contributing.md: VS Code's TypeSpec extension runs the compiler's
// language server (tsp-server) from node_modules, which loads the spec's own library,
// spec/lib/conventions.js, and that imports @signing-platform/contract from its dist/. The
// root `prepare` script, which `npm install` and `npm ci` run, builds that dist/. Here the
// language server runs over the stdio protocol an editor speaks: on the repository, and on a
// scratch copy laid out as a fresh clone after `npm install` but before `prepare`.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { root } from "../support/generated.js";

const LIBRARY = "spec/lib/conventions.tsp";
const rootManifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

const scratches: string[] = [];
afterEach(() => scratches.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

interface LspDiagnostic {
  severity: number;
  code: string;
  message: string;
}

/** Opens `file` in the language server of `project` and returns the first diagnostics it publishes for it. */
async function diagnosticsOf(project: string, file: string): Promise<LspDiagnostic[]> {
  const server = spawn(process.execPath, [join(project, "node_modules/@typespec/compiler/cmd/tsp-server.js"), "--stdio"], { cwd: project });
  const uri = pathToFileURL(join(project, file)).href;
  const send = (message: object) => {
    const body = Buffer.from(JSON.stringify({ jsonrpc: "2.0", ...message }));
    server.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    server.stdin.write(body);
  };
  try {
    return await new Promise<LspDiagnostic[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no diagnostics for ${file} within 60 s`)), 60_000);
      let buffer = Buffer.alloc(0);
      server.stdout.on("data", (chunk: Buffer) => {
        buffer = Buffer.concat([buffer, chunk]);
        for (;;) {
          const headerEnd = buffer.indexOf("\r\n\r\n");
          if (headerEnd < 0) return;
          const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, headerEnd).toString())?.[1]);
          if (buffer.length < headerEnd + 4 + length) return;
          const message = JSON.parse(buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString());
          buffer = buffer.subarray(headerEnd + 4 + length);
          // Requests from the server (its configuration, progress tokens) get an empty answer, as a plain editor gives.
          if (message.id !== undefined && message.method) send({ id: message.id, result: null });
          if (message.method === "textDocument/publishDiagnostics" && message.params.uri === uri) {
            clearTimeout(timer);
            resolve(message.params.diagnostics);
          }
        }
      });
      server.on("exit", (code) => reject(new Error(`tsp-server exited with ${code}`)));
      const rootUri = pathToFileURL(project).href;
      send({
        id: 1,
        method: "initialize",
        params: { processId: process.pid, rootUri, capabilities: {}, workspaceFolders: [{ uri: rootUri, name: "project" }] },
      });
      send({ method: "initialized", params: {} });
      const text = readFileSync(join(project, file), "utf8");
      send({ method: "textDocument/didOpen", params: { textDocument: { uri, languageId: "typespec", version: 1, text } } });
    });
  } finally {
    server.kill();
  }
}

/**
 * A clone as `npm install` leaves it before its `prepare` script: the root manifest with the
 * contract as its one workspace, the build scripts, the spec, and node_modules linking the
 * repository's installed packages, the contract to the clone's own folder, without dist/.
 */
function freshClone(): string {
  const dir = mkdtempSync(join(tmpdir(), "signing-platform-fresh-clone-"));
  scratches.push(dir);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ ...rootManifest, workspaces: ["packages/contract"] }, null, 2));
  for (const path of ["tsconfig.json", "tspconfig.yaml", "spec", "scripts"]) cpSync(join(root, path), join(dir, path), { recursive: true });
  for (const path of ["src", "package.json", "tsconfig.json"]) {
    cpSync(join(root, "packages/contract", path), join(dir, "packages/contract", path), { recursive: true });
  }
  mkdirSync(join(dir, "node_modules", "@signing-platform"), { recursive: true });
  for (const entry of readdirSync(join(root, "node_modules"))) {
    if (entry !== "@signing-platform" && entry !== ".cache")
      symlinkSync(join(root, "node_modules", entry), join(dir, "node_modules", entry));
  }
  symlinkSync(join(dir, "packages/contract"), join(dir, "node_modules/@signing-platform/contract"));
  return dir;
}

describe("the TypeSpec language server an editor runs", () => {
  it("loads the spec's library in this repository and finds no error in the spec", async () => {
    for (const file of [LIBRARY, "spec/main.tsp"]) {
      const diagnostics = await diagnosticsOf(root, file);
      expect(diagnostics.filter((diagnostic) => diagnostic.severity === 1)).toEqual([]);
    }
  });

  it("loads it in a fresh clone once npm install's prepare script has run, and not before", async () => {
    const clone = freshClone();
    const before = await diagnosticsOf(clone, LIBRARY);
    expect(before).toContainEqual(expect.objectContaining({ severity: 1, code: "js-error" }));

    const prepare = spawnSync("npm", ["run", "prepare"], { cwd: clone, encoding: "utf8" });
    expect(prepare.stderr).not.toMatch(/error/i);
    expect(prepare.stdout).toMatch(/✓ @signing-platform\/contract built in /);
    expect(prepare.status).toBe(0);
    expect(await diagnosticsOf(clone, LIBRARY)).toEqual([]);
  });
});
