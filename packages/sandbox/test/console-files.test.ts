// The console is served as the browser loads it: index.html, its stylesheet, its module script
// and every module that one imports, transitively, each with the content type the browser
// needs (it refuses a module script of any type but JavaScript's), and nothing from outside
// the console's folder.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { consoleFiles, consoleRoutes } from "../src/console-files.js";

const folder = fileURLToPath(new URL("../console/", import.meta.url));
const app = Fastify();
await consoleRoutes(app, folder);
afterAll(() => app.close());

/** What a file makes the browser load next, by path under the folder: a page's links and scripts, a module's static imports. */
function loadedBy(file: string): string[] {
  const text = readFileSync(join(folder, file), "utf8");
  const references = file.endsWith(".html")
    ? [...text.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+)"/g)].map((match) => match[1]!)
    : [...text.matchAll(/^import\b[^;]*?\bfrom\s+"([^"]+)"/gm)].map((match) => match[1]!);
  return references
    .filter((reference) => !reference.startsWith("data:"))
    .map((reference) => new URL(reference, `http://console/${file}`).pathname.slice(1));
}

/** Every file the browser loads for the page, from index.html on. */
function loadedFromThePage(): string[] {
  const reached = new Set(["index.html"]);
  for (const file of reached) for (const next of loadedBy(file)) reached.add(next);
  return [...reached].sort();
}

describe("the console's files", () => {
  it("hold every file the page loads", async () => {
    const served = [...(await consoleFiles(folder)).keys()];
    expect(served).toEqual(expect.arrayContaining(loadedFromThePage()));
    expect(loadedFromThePage()).toEqual(expect.arrayContaining(["console.js", "console.css", "shell/router.js", "views/logs.js"]));
  });

  it("are each served with the content type of its kind", async () => {
    for (const file of loadedFromThePage()) {
      const response = await app.inject({ method: "GET", url: `/console/${file}` });
      expect({ file, status: response.statusCode }).toEqual({ file, status: 200 });
      const type = file.endsWith(".js") ? "text/javascript" : file.endsWith(".css") ? "text/css" : "text/html";
      expect(response.headers["content-type"]).toBe(`${type}; charset=utf-8`);
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
  });

  it.each([
    ["the page, at the folder's own URL", "/console/", 200],
    ["a file the folder does not hold", "/console/views/missing.js", 404],
    ["a folder", "/console/views/", 404],
    ["a file outside the folder", "/console/..%2Fpackage.json", 404],
    ["a file of the folder's kind that is not the console's", "/console/..%2F..%2Fsandbox%2Fconsole%2Fconsole.js", 404],
  ])("answers %s (%s) with %i", async (_name, url, status) => {
    expect((await app.inject({ method: "GET", url })).statusCode).toBe(status);
  });
});
