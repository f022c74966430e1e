// @ts-check
// How a package's build compiles its TypeScript: `await compile(project, options)`, as
// `tsc -p <project>` with those options would, printing what tsc prints and returning its
// status. Under the root `npm run build`, through the build's compile service
// (compile-service.mjs; COMPILE_SERVICE names its socket), so that every package build of one
// run shares one compiler and the declarations it has parsed; a package built alone
// (`npm run build -w <package>`) compiles in its own process.
import { createConnection } from "node:net";

/** The environment variable that names the socket of the root build's compile service. */
export const COMPILE_SERVICE = "SIGNING_PLATFORM_COMPILE_SERVICE";

/**
 * @param {string} project a tsconfig.json, or the folder holding one (absolute)
 * @param {import("typescript").CompilerOptions} [options] as on tsc's command line, paths absolute
 * @returns {Promise<number>} 0 when it compiled without errors
 */
export async function compile(project, options = {}) {
  const socket = process.env[COMPILE_SERVICE];
  const compiled = socket ? await ask(socket, { project, options }) : (await import("./typescript.mjs")).compileProject(project, options);
  process.stdout.write(compiled.stdout);
  return compiled.status;
}

/**
 * One request to the service: a JSON line out, a JSON line back.
 * @param {string} path
 * @param {{ project: string, options: import("typescript").CompilerOptions }} request
 * @returns {Promise<import("./typescript.mjs").Compiled>}
 */
function ask(path, request) {
  return new Promise((resolve, reject) => {
    let answer = "";
    const socket = createConnection(path, () => socket.end(`${JSON.stringify(request)}\n`));
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("error", (error) => reject(new Error(`The build's compile service (${path}) did not answer: ${error.message}`)));
    socket.on("end", () => {
      try {
        resolve(JSON.parse(answer));
      } catch {
        reject(new Error(`The build's compile service (${path}) answered no result for ${request.project}.`));
      }
    });
  });
}
