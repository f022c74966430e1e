// Renders the TypeScript SDK from its templates (typescript-sdk/, laid out as the SDK is),
// filled with the view (typescript-view.ts); render-templates.ts says how a folder of templates
// becomes files. schema.ts is openapi-typescript's (schema-module.ts), which its template only
// heads; the runtime the SDK carries is copied beside these files (generate-sdk.ts).
import { fileURLToPath } from "node:url";
import { templateFolder } from "../render-templates.js";
import { commentText, type TypeScriptView } from "./typescript-view.js";

const templates = templateFolder(fileURLToPath(new URL("../../typescript-sdk/", import.meta.url)), {
  comment: commentText,
  // Text inside a Markdown code span: no backtick to end it, no line break.
  inlineCode: (text: string) => text.replace(/[`\r\n]/g, " "),
});

/** The modules a document may do without: each is written only when the view has its part. */
const OPTIONAL: Record<string, (view: TypeScriptView) => boolean> = {
  "src/security.ts": (view) => view.security !== null,
  "src/webhook-events.ts": (view) => view.webhooks,
};

/** The SDK's files besides its runtime, by their path in the SDK. */
export function renderTypeScriptSdk(view: TypeScriptView): Promise<Record<string, string>> {
  return templates.render(view, (path) => ((OPTIONAL[path]?.(view) ?? true) ? path : undefined));
}
