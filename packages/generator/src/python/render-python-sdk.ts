// Renders the Python SDK from its templates (python-sdk/, laid out as the SDK is, with
// `__package__` standing for the package's name): a `.njk` file is a Nunjucks template filled
// with the view (python-view.ts), any other file is copied as it is.
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import nunjucks from "nunjucks";
import { pythonLiteral } from "./python-types.js";
import type { PythonView } from "./python-view.js";

const templates = fileURLToPath(new URL("../../python-sdk/", import.meta.url));

const environment = new nunjucks.Environment(new nunjucks.FileSystemLoader(templates, { noCache: true }), {
  autoescape: false,
  throwOnUndefined: true,
  trimBlocks: true,
  lstripBlocks: true,
});
environment.addFilter("json", (value: unknown) => JSON.stringify(value));
// A type in models.py: in quotes, so that no name needs to exist when the module runs, except
// the builtins and None, which read better bare (a field typed "None", a string, reads as a mistake).
environment.addFilter("annotation", (type: string) => (/^(str|int|float|bool|Any|None)$/.test(type) ? type : JSON.stringify(type)));
// Text inside a """docstring""": no escape sequence Python would read, no end of the string,
// no character a source file may not hold.
environment.addFilter("docstring", (text: string) =>
  String(text)
    .replace(/\\/g, "\\\\")
    .replace(/"""/g, '\\"\\"\\"')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, "0")}`),
);
environment.addFilter("python", (value: unknown) => pythonLiteral(value, true));

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(templates, join(entry.parentPath, entry.name)));
}

/** The SDK's files, by their path in the SDK. */
export async function renderPythonSdk(view: PythonView): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const template of (await filesUnder(templates)).sort()) {
    const target = template
      .replace(/\.njk$/, "")
      .split("__package__")
      .join(view.name);
    files[target] = template.endsWith(".njk") ? environment.render(template, view) : await readFile(join(templates, template), "utf8");
  }
  return files;
}
