// Renders the Python SDK from its templates (python-sdk/, laid out as the SDK is, with
// `__package__` standing for the package's name), filled with the view (python-view.ts);
// render-templates.ts says how a folder of templates becomes files.
import { fileURLToPath } from "node:url";
import { templateFolder } from "../render-templates.js";
import { asyncType } from "./python-async.js";
import { pythonLiteral } from "./python-types.js";
import type { PythonView } from "./python-view.js";

const templates = templateFolder(fileURLToPath(new URL("../../python-sdk/", import.meta.url)), {
  // A type in models.py: in quotes, so that no name needs to exist when the module runs, except
  // the builtins and None, which read better bare (a field typed "None", a string, reads as a mistake).
  annotation: (type: string) => (/^(str|int|float|bool|Any|None)$/.test(type) ? type : JSON.stringify(type)),
  // Text inside a """docstring""": no escape sequence Python would read, no end of the string,
  // no character a source file may not hold.
  docstring: (text: string) =>
    String(text)
      .replace(/\\/g, "\\\\")
      .replace(/"""/g, '\\"\\"\\"')
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, "0")}`),
  python: (value: unknown) => pythonLiteral(value, true),
  asyncType,
});

/** The SDK's files, by their path in the SDK. */
export function renderPythonSdk(view: PythonView): Promise<Record<string, string>> {
  return templates.render(view, (path) => path.split("__package__").join(view.name));
}
