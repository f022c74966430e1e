// The console's files, served as they are: index.html, its stylesheet and its ES modules, which
// the browser loads by relative URL (`/console/views/logs.js`), so no build step stands between
// an edit and the page. Only the files the folder held at start-up are served, each with the
// content type of its extension: a module script needs a JavaScript type, and no path of a
// request reaches the file system.
import { readdir, readFile } from "node:fs/promises";
import { extname, join, relative } from "node:path";
import type { FastifyInstance } from "fastify";

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

/** Every file of `folder` the console serves, by its path under it (`/` separated), with its content type. */
export async function consoleFiles(folder: string): Promise<Map<string, string>> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = new Map<string, string>();
  for (const entry of entries) {
    const type = CONTENT_TYPES[extname(entry.name)];
    if (entry.isFile() && type) files.set(relative(folder, join(entry.parentPath, entry.name)).split("\\").join("/"), type);
  }
  return files;
}

/** `/console/` and every file under it, read afresh on each request (`cache-control: no-cache`). */
export async function consoleRoutes(app: FastifyInstance, folder: string): Promise<void> {
  const files = await consoleFiles(folder);
  app.get("/console", async (_request, reply) => reply.redirect("/console/"));
  app.get<{ Params: { "*": string } }>("/console/*", async (request, reply) => {
    const file = request.params["*"] || "index.html";
    const type = files.get(file);
    if (!type) return reply.code(404).type("text/plain").send("Not found.");
    reply.type(type).header("cache-control", "no-cache");
    return readFile(join(folder, file));
  });
}
