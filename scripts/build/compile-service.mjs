// @ts-check
// The root build's compile service: a socket in a scratch folder on which this process compiles
// the projects the package builds it runs ask for (compile.mjs), one at a time, with
// typescript.mjs, so that the declarations of the standard library, @types/node and the
// third-party packages are parsed once per `npm run build` instead of once per package
// (`npm run bench -- package-compiles`: 0.43× the CPU of a tsc process per package).
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { COMPILE_SERVICE } from "./compile.mjs";

/** @type {Promise<Record<string, string>> | undefined} */
let started;

/**
 * Starts the service once per process, and gives the environment that points a package build
 * at it. It does not keep the process alive, and its folder goes when the process exits.
 * @returns {Promise<Record<string, string>>}
 */
export function compileServiceEnvironment() {
  started ??= start();
  return started;
}

async function start() {
  const { compileProject } = await import("./typescript.mjs");
  const folder = mkdtempSync(join(tmpdir(), "signing-platform-compile-"));
  process.once("exit", () => rmSync(folder, { recursive: true, force: true }));
  const path = join(folder, "socket");
  const server = createServer((socket) => {
    let request = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      request += chunk;
      if (!request.endsWith("\n")) return;
      let answer;
      try {
        const { project, options } = JSON.parse(request);
        answer = compileProject(project, options);
      } catch (error) {
        answer = { status: 1, stdout: `${error instanceof Error ? error.stack : String(error)}\n`, stderr: "" };
      }
      socket.end(`${JSON.stringify(answer)}\n`);
    });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => resolve(undefined));
  });
  server.unref();
  return { [COMPILE_SERVICE]: path };
}
