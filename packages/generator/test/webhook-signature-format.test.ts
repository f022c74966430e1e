// An SDK verifies webhooks with its own document's signature format, not the platform's: this
// API's document with another header, scheme key and tolerance, generated in both languages.
// The TypeScript SDK's webhook module is bundled with esbuild and called; the Python SDK's
// `_webhooks.py` is loaded by Debian's python3 and called. Signatures are made here with
// node:crypto, independently of both.
import { spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { generateSdk } from "../src/generate-sdk.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "signature-format-"));
const secret = "whsec_acme";
const body = '{"id":"evt_1","object":"event","type":"ping","livemode":false,"created_at":"2026-01-01T00:00:00Z","data":{}}';
// The current second when called: a header made at load time would age while the SDKs generate.
const now = () => Math.floor(Date.now() / 1000);
const signed = (scheme: string, t = now()) => `t=${t},${scheme}=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;

/** This API's document, signing with `X-Acme-Signature: t=…,v2=…` and a 60 s tolerance. */
function documentWithOwnFormat() {
  const document = YAML.parse(readFileSync(join(root, "generated", "openapi.yaml"), "utf8"));
  document["x-signing-platform-webhook-headers"] = {
    ...document["x-signing-platform-webhook-headers"],
    signature: "X-Acme-Signature",
    signature_scheme: "v2",
  };
  document["x-signing-platform-limits"] = { ...document["x-signing-platform-limits"], webhook_timestamp_tolerance_seconds: 60 };
  return document;
}

interface TypeScriptWebhooks {
  signatureHeader: string;
  constructEvent(rawBody: string, signature: string, secret: string): Promise<unknown>;
  generateTestHeader(options: { payload: string; secret: string; timestamp?: number }): Promise<string>;
}

let webhooks: TypeScriptWebhooks;
let pythonWebhooks: string;

beforeAll(async () => {
  const document = documentWithOwnFormat();
  const input = join(root, "generated", "openapi.yaml");
  const typescript = await generateSdk({ input, document, outDir: join(scratch, "ts"), name: "acme-sdk" });
  await build({
    entryPoints: [join(typescript.outDir, "src", "webhook-events.ts")],
    bundle: true,
    format: "esm",
    platform: "neutral",
    outfile: join(scratch, "webhook-events.mjs"),
    logLevel: "silent",
  });
  ({ webhooks } = await import(pathToFileURL(join(scratch, "webhook-events.mjs")).href));
  const python = await generateSdk({ input, document, outDir: join(scratch, "py"), name: "acme_sdk", language: "python" });
  pythonWebhooks = join(python.outDir, "src", "acme_sdk", "_webhooks.py");
}, 120_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What the Python SDK's construct_event says of a delivery: "ok", or the error's code. */
function pythonVerdict(header: string): string {
  const script = [
    "import importlib.util, sys",
    "spec = importlib.util.spec_from_file_location('webhooks', sys.argv[1])",
    "module = importlib.util.module_from_spec(spec); spec.loader.exec_module(module)",
    "try:",
    "    module.construct_event(sys.argv[2].encode(), sys.argv[3], sys.argv[4])",
    "    print('ok')",
    "except module.WebhookVerificationError as error:",
    "    print(error.code)",
  ].join("\n");
  const run = spawnSync("/usr/bin/python3", ["-c", script, pythonWebhooks, body, header, secret], { encoding: "utf8" });
  expect(run.stderr).toBe("");
  return run.stdout.trim();
}

async function typeScriptVerdict(header: string): Promise<string> {
  try {
    await webhooks.constructEvent(body, header, secret);
    return "ok";
  } catch (error) {
    return (error as { code: string }).code;
  }
}

describe("an SDK of a document with its own webhook signature format", () => {
  it("names the document's header and signs with its scheme key (TypeScript)", async () => {
    expect(webhooks.signatureHeader).toBe("X-Acme-Signature");
    const t = now();
    expect(await webhooks.generateTestHeader({ payload: body, secret, timestamp: t })).toBe(signed("v2", t));
  });

  it.each([
    ["a v2 signature", () => signed("v2"), "ok"],
    ["only a v1 signature", () => signed("v1"), "malformed_header"],
    ["a v2 signature 61 s old", () => signed("v2", now() - 61), "timestamp_out_of_tolerance"],
    ["a v2 signature 50 s old", () => signed("v2", now() - 50), "ok"],
  ])("judges %s alike in both languages", async (_name, headerNow, verdict) => {
    const header = headerNow();
    expect(await typeScriptVerdict(header)).toBe(verdict);
    expect(pythonVerdict(header)).toBe(verdict);
  });
});
