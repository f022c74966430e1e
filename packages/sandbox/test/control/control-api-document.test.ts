// The control API's OpenAPI document (openapi/control-api.yaml) is its contract and its
// reference at /docs/sandbox: it lints clean with Spectral's recommended set, and it names
// exactly the routes the control API serves, no more and no fewer.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Fastify from "fastify";
import { expect, it } from "vitest";
import YAML from "yaml";
import { controlApi } from "../../src/control/control-api.js";
import { createRequestLog } from "../../src/request-log.js";

const packageDir = fileURLToPath(new URL("../../", import.meta.url));
const documentFile = join(packageDir, "openapi", "control-api.yaml");
const document = YAML.parse(readFileSync(documentFile, "utf8"));

it("lints clean with Spectral's recommended OpenAPI rules", () => {
  const scratch = mkdtempSync(join(tmpdir(), "control-api-lint-"));
  try {
    writeFileSync(join(scratch, ".spectral.yaml"), "extends:\n  - spectral:oas\n");
    const spectral = join(packageDir, "..", "..", "node_modules", "@stoplight", "spectral-cli", "dist", "index.js");
    const run = spawnSync(
      process.execPath,
      [spectral, "lint", "--format", "json", "--quiet", "--ruleset", join(scratch, ".spectral.yaml"), documentFile],
      {
        encoding: "utf8",
      },
    );
    expect(JSON.parse(run.stdout || "[]")).toEqual([]);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});

it("names exactly the routes the control API serves", async () => {
  const app = Fastify();
  const served: string[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) if (method !== "HEAD") served.push(`${method} ${route.url}`);
  });
  // Registering needs neither the platform nor the engine: no request is served.
  await app.register(controlApi, {
    prefix: "/_sandbox",
    platform: {} as never,
    engine: {} as never,
    resolver: { resolveAccessToken: () => null },
    requestLog: createRequestLog(),
    defaultCapabilities: [],
  });
  await app.ready();
  const documented = Object.entries<Record<string, unknown>>(document.paths).flatMap(([path, item]) =>
    ["get", "post", "put", "patch", "delete"]
      .filter((method) => item[method])
      .map((method) => `${method.toUpperCase()} /_sandbox${path.replace(/\{(\w+)\}/g, ":$1")}`),
  );
  expect(served.sort()).toEqual(documented.sort());
  await app.close();
});

it("is where every body schema the routes validate with comes from", () => {
  for (const name of [
    "OrganizationRequest",
    "SigningRequestRequest",
    "ActionRequest",
    "CertificatesRequest",
    "EndpointRequest",
    "EventRequest",
  ]) {
    expect(document.components.schemas[name], name).toMatchObject({ type: "object", additionalProperties: false });
  }
});
