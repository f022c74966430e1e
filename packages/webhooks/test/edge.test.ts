// The `edge` entry must run where node:crypto does not exist: bundle
// it for a neutral platform and prove that nothing it pulls in imports a `node:` module or a
// Node-only package, then run the bundle.
import { build } from "esbuild";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL, fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { signPayload } from "../src/signature/sign-payload.js";
import { generateTestEvent } from "../src/testing/generate-test-event.js";
import { secret } from "./support/fixtures.js";

const entry = fileURLToPath(new URL("../src/edge.ts", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "webhooks-edge-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the edge entry", () => {
  it("bundles for a neutral platform with no node: import and no Node-only package", async () => {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: "esm",
      platform: "neutral",
      mainFields: ["module", "main"],
      conditions: ["import", "worker", "browser"],
      external: ["node:*", "undici", "ioredis", "fastify"],
      metafile: true,
      logLevel: "silent",
    });
    const output = Object.values(result.metafile.outputs)[0]!;
    expect(output.imports.map((item) => item.path)).toEqual([]);
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((input) => input.includes("node-crypto-provider"))).toBe(false);
    expect(inputs.some((input) => input.includes("web-crypto-provider"))).toBe(true);
    writeFileSync(join(dir, "edge.mjs"), result.outputFiles[0]!.text);
  });

  it("verifies a delivery from the bundle alone", async () => {
    const edge = await import(pathToFileURL(join(dir, "edge.mjs")).href);
    const event = generateTestEvent("signing_request.completed");
    const body = JSON.stringify(event);
    const header = signPayload({ payload: body, secret });
    await expect(edge.constructEventAsync(new TextEncoder().encode(body), header, secret)).resolves.toEqual(event);
    const error = await edge.constructEventAsync(body, header, "whsec_other").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(edge.WebhookVerificationError);
    expect(error.code).toBe("no_valid_signature");
  });
});
