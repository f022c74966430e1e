// `npm run docs` writes one self-contained HTML page that documents every operation and
// webhook, and loads nothing from elsewhere.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM build script without type declarations
import { buildReference } from "../../scripts/docs.mjs";
import { listOperations, loadOpenApi } from "../support/generated.js";

const dir = mkdtempSync(join(tmpdir(), "reference-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("API reference page", () => {
  it("documents every operation and webhook, with no external script, style or font", () => {
    const html = readFileSync(buildReference(join(dir, "index.html")), "utf8");
    const document = loadOpenApi();
    for (const { operation } of listOperations(document)) expect(html).toContain(operation.summary);
    for (const type of Object.keys(document.webhooks)) expect(html).toContain(type);
    expect(html).not.toMatch(/<script[^>]+src=["']https?:/i);
    expect(html).not.toMatch(/<link[^>]+href=["']https?:/i);
    expect(html).not.toMatch(/@import\s+url\(["']?https?:/i);
    // Redoc's attribution logo is the one image it would fetch from its CDN.
    expect(html).not.toMatch(/https:\/\/cdn\.redoc\.ly\//);
  });
});
