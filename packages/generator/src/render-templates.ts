// The one way both SDKs are written: a folder laid out as the SDK is (typescript-sdk/,
// python-sdk/), where a `.njk` file is a Nunjucks template filled with the language's view
// (typescript/typescript-view.ts, python/python-view.ts) and any other file is copied as it
// is. The view computes every name and decision; a template only lays out the text.
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import nunjucks from "nunjucks";

export type TemplateFilter = (value: any, ...args: any[]) => unknown;

export interface TemplateFolder {
  /**
   * The SDK's files, by their path in the SDK, in the order of the templates' paths. `target`
   * gives a template's path in the SDK (without `.njk`), or undefined for one the SDK leaves out.
   */
  render(view: object, target: (path: string) => string | undefined): Promise<Record<string, string>>;
}

/** The templates of `folder`, with the filters every language has and those of its own. */
export function templateFolder(folder: string, filters: Record<string, TemplateFilter> = {}): TemplateFolder {
  const environment = new nunjucks.Environment(new nunjucks.FileSystemLoader(folder, { noCache: true }), {
    autoescape: false,
    throwOnUndefined: true,
    // A line that holds only a tag writes nothing, so a template reads as the file it writes.
    trimBlocks: true,
    lstripBlocks: true,
  });
  // `indent` as JSON.stringify takes it: none writes the value on one line.
  environment.addFilter("json", (value: unknown, indent?: number) => JSON.stringify(value, null, indent));
  for (const [name, filter] of Object.entries(filters)) environment.addFilter(name, filter);
  return {
    async render(view, target) {
      const entries = await readdir(folder, { withFileTypes: true, recursive: true });
      const templates = entries
        .filter((entry) => entry.isFile())
        .map((entry) => relative(folder, join(entry.parentPath, entry.name)))
        .sort();
      const files: Record<string, string> = {};
      for (const template of templates) {
        const path = target(template.replace(/\.njk$/, ""));
        if (path === undefined) continue;
        files[path] = template.endsWith(".njk") ? environment.render(template, view) : await readFile(join(folder, template), "utf8");
      }
      return files;
    },
  };
}
