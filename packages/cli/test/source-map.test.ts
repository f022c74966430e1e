// `signing-platform lint`, `diff` and `changelog` with the source map a TypeSpec build writes
// beside its document (openapi.sourcemap.json beside openapi.yaml): every format names the .tsp
// file, line and column, the base's map for base places and the head's for head places; a map
// that cannot be trusted is ignored with one line on stderr, and the places stay in the
// document. The maps and sources here are written by hand, independent of the real build's.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { cleanDocument, runInProcess, workspace, type Json } from "./support/cli.js";

const work = workspace();
afterAll(work.cleanup);

const HEADERS_TSP = "spec/common/headers.tsp";
const ENROLLMENTS_TSP = "spec/resources/enrollments.tsp";
work.write(HEADERS_TSP, "// headers\n");
work.write(ENROLLMENTS_TSP, "// enrollments\n");

/** A map of `document` (a file of the workspace), its entries' files written from the map's folder. */
function mapOf(document: string, sources: Record<string, [file: string, line: number, column: number]>, extra: Json = {}): string {
  const text = readFileSync(join(work.dir, document), "utf8");
  return JSON.stringify({
    version: 1,
    document: document.split("/").pop(),
    documentSha256: createHash("sha256").update(text).digest("hex"),
    sources: Object.fromEntries(Object.entries(sources).map(([pointer, [file, line, column]]) => [pointer, { file, line, column }])),
    ...extra,
  });
}

// A document with one lint error, at components.parameters.IdempotencyKey.schema.
const uuidKey = cleanDocument();
uuidKey.components.parameters.IdempotencyKey.schema.pattern = "^[A-Za-z0-9-]{16,128}$";
const linted = work.write("generated/openapi.yaml", uuidKey);
const lintMap = {
  "/components/parameters/IdempotencyKey": ["../spec/common/headers.tsp", 12, 3],
  "/paths/~1enrollments/post": ["../spec/resources/enrollments.tsp", 30, 3],
} as const satisfies Record<string, [string, number, number]>;

describe("signing-platform lint with a source map beside the document", () => {
  it("names the .tsp source of a result in every format", async () => {
    work.write("generated/openapi.sourcemap.json", mapOf(linted, lintMap));
    const lint = (format: string) => runInProcess(["lint", linted, "--format", format], work.dir);
    const [stylish, actions, sarif, json] = await Promise.all([lint("stylish"), lint("github-actions"), lint("sarif"), lint("json")]);
    for (const run of [stylish, actions, sarif, json]) {
      expect(run.status).toBe(1);
      expect(run.stderr).toBe("");
    }
    expect(stylish.stdout).toContain(join(work.dir, HEADERS_TSP));
    expect(stylish.stdout).toMatch(/ 12:3 +error +signing-platform-idempotency-key/);
    expect(actions.stdout.trim()).toMatch(
      /^::error title=signing-platform-idempotency-key,file=spec\/common\/headers\.tsp,col=3,endColumn=3,line=12,endLine=12::Idempotency-Key of POST/,
    );
    const result = JSON.parse(sarif.stdout).runs[0].results[0];
    expect(result.locations[0].physicalLocation).toMatchObject({
      artifactLocation: { uri: HEADERS_TSP },
      region: { startLine: 12, startColumn: 3 },
    });
    expect(JSON.parse(json.stdout)[0]).toMatchObject({
      source: join(work.dir, HEADERS_TSP),
      path: ["components", "parameters", "IdempotencyKey", "schema"],
    });
  });

  it("lists the source's suppressions, with their places and reasons, after the results", async () => {
    const suppressions = [
      {
        code: "@signing-platform/typespec-conventions/snake-case",
        reason: "named by a partner's format",
        file: "../spec/resources/enrollments.tsp",
        line: 41,
        column: 5,
      },
      {
        code: "@signing-platform/typespec-conventions/resource-etag",
        reason: null,
        file: "../spec/common/headers.tsp",
        line: 7,
        column: 1,
      },
    ];
    work.write("generated/openapi.sourcemap.json", mapOf(linted, lintMap, { suppressions }));
    const run = await runInProcess(["lint", linted], work.dir);
    expect(run.stdout).toContain(
      "2 suppressions in the source:\n" +
        "  spec/resources/enrollments.tsp:41:5  @signing-platform/typespec-conventions/snake-case  named by a partner's format\n" +
        "  spec/common/headers.tsp:7:1  @signing-platform/typespec-conventions/resource-etag  (no reason given)\n",
    );
    const json = await runInProcess(["lint", linted, "--format", "json"], work.dir);
    expect(() => JSON.parse(json.stdout)).not.toThrow();
  });

  it("takes a map named with --source-map", async () => {
    work.write("elsewhere/openapi.map.json", mapOf(linted, lintMap, { document: "../generated/openapi.yaml" }));
    work.write("generated/openapi.sourcemap.json", "not a map");
    const run = await runInProcess(["lint", linted, "--format", "github-actions", "--source-map", "elsewhere/openapi.map.json"], work.dir);
    // The files of a map are read from its own folder.
    expect(run.stdout).toContain("file=spec/common/headers.tsp,col=3");
    expect(run.stderr).toBe("");
  });

  it.each([
    ["unreadable", () => "{version: 1", /source map ignored: not JSON: /],
    [
      "of another version",
      () => JSON.stringify({ ...JSON.parse(mapOf(linted, lintMap)), version: 2 }),
      /source map ignored: version 2: this reader knows version 1;/,
    ],
    [
      "stale",
      () => mapOf(linted, lintMap, { documentSha256: "0".repeat(64) }),
      /source map ignored: stale: written for other contents of generated\/openapi\.yaml/,
    ],
    [
      "of another document",
      () => mapOf(linted, lintMap, { document: "other.yaml" }),
      /source map ignored: it is the map of other\.yaml, not of generated\/openapi\.yaml;/,
    ],
  ])("ignores a map that is %s, with one line on stderr, and reports in the document", async (_what, map, warning) => {
    work.write("generated/openapi.sourcemap.json", map());
    const run = await runInProcess(["lint", linted, "--format", "github-actions"], work.dir);
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^generated/openapi\\.sourcemap\\.json: ${warning.source}`));
    expect(lines[0]).toMatch(/; places are given in generated\/openapi\.yaml\.$/);
    expect(run.stdout).toMatch(/file=generated\/openapi\.yaml,col=\d+/);
    expect(run.stdout).not.toContain(".tsp");
  });

  it("keeps a result in the document when its map names a source file that is not there", async () => {
    work.write(
      "generated/openapi.sourcemap.json",
      mapOf(linted, { "/components/parameters/IdempotencyKey": ["../spec/missing.tsp", 1, 1] }),
    );
    const run = await runInProcess(["lint", linted, "--format", "github-actions"], work.dir);
    expect(run.stdout).toMatch(/file=generated\/openapi\.yaml,col=\d+/);
    expect(run.stderr).toBe("");
  });
});

describe("signing-platform diff and changelog with source maps", () => {
  // The base has DELETE /enrollments/{id}; the head removes it and adds an optional parameter to GET /certificates.
  const base = cleanDocument();
  const head: Json = structuredClone(base);
  delete head.paths["/enrollments/{id}"];
  head.paths["/certificates"].get.parameters.push({ name: "q", in: "query", schema: { type: "string" } });
  const baseFile = work.write("before/openapi.yaml", base);
  const headFile = work.write("after/openapi.yaml", head);
  work.write(
    "before/openapi.sourcemap.json",
    mapOf(baseFile, { "/paths/~1enrollments~1{id}": ["../spec/resources/enrollments.tsp", 41, 5] }),
  );
  work.write("after/openapi.sourcemap.json", mapOf(headFile, { "/paths/~1certificates/get": ["../spec/resources/enrollments.tsp", 7, 3] }));
  const args = ["diff", baseFile, headFile];

  it("names each place at its own version's source in text, json, github-actions and sarif", async () => {
    const diff = (format: string) => runInProcess([...args, "--format", format], work.dir);
    const [text, json, actions, sarif] = await Promise.all([diff("text"), diff("json"), diff("github-actions"), diff("sarif")]);
    expect(text.stdout).toMatch(
      /api-path-removed-without-deprecation +DELETE \/enrollments\/\{id\} was removed.+\(spec\/resources\/enrollments\.tsp:41:5\)\n/,
    );
    expect(text.stdout).toMatch(/new-optional-request-parameter +GET \/certificates: .+\(spec\/resources\/enrollments\.tsp:7:3\)\n/);
    const removal = JSON.parse(json.stdout).findings.find((finding: Json) => finding.id === "api-path-removed-without-deprecation");
    expect(removal.base).toMatchObject({
      file: baseFile,
      pointer: "#/paths/~1enrollments~1{id}/delete",
      line: expect.any(Number),
      source: { file: ENROLLMENTS_TSP, line: 41, column: 5 },
    });
    expect(actions.stdout).toMatch(
      /^::error file=spec\/resources\/enrollments\.tsp,line=41,col=5,title=Breaking change%3A api-path-removed-without-deprecation::/m,
    );
    const result = JSON.parse(sarif.stdout).runs[0].results.find((found: Json) => found.ruleId === "new-optional-request-parameter");
    expect(result.locations[0].physicalLocation).toMatchObject({
      artifactLocation: { uri: ENROLLMENTS_TSP },
      region: { startLine: 7, startColumn: 3 },
    });
    expect(result.relatedLocations[0].physicalLocation.artifactLocation.uri).toBe(headFile);
    for (const run of [text, json, actions, sarif]) expect(run.stderr).toBe("");
  });

  it("changelog names the sources too", async () => {
    const run = await runInProcess(["changelog", baseFile, headFile], work.dir);
    expect(run.stdout).toContain("(spec/resources/enrollments.tsp:41:5)");
    expect(run.status).toBe(1);
  });

  it("names a copy by --base-filename, and reads the map beside the copy from the folder of that name", async () => {
    // A copy as CI takes it from git, in a folder of its own; the repository's head is after/openapi.yaml.
    work.write("copy/after/openapi.yaml", base);
    work.write(
      "copy/after/openapi.sourcemap.json",
      mapOf("copy/after/openapi.yaml", { "/paths/~1enrollments~1{id}": ["../spec/resources/enrollments.tsp", 40, 1] }),
    );
    const run = await runInProcess(
      ["diff", "copy/after/openapi.yaml", headFile, "--base-filename", headFile, "--format", "github-actions"],
      work.dir,
    );
    expect(run.stdout).toMatch(
      /^::error file=spec\/resources\/enrollments\.tsp,line=40,col=1,title=Breaking change%3A api-path-removed-without-deprecation::/m,
    );
    const plain = await runInProcess(
      ["diff", "copy/after/openapi.yaml", headFile, "--base-filename", headFile, "--format", "json"],
      work.dir,
    );
    const removal = JSON.parse(plain.stdout).findings.find((finding: Json) => finding.id === "api-path-removed-without-deprecation");
    expect(removal.base.file).toBe(headFile);
    expect(`${run.stdout}${JSON.stringify(JSON.parse(plain.stdout).findings)}`).not.toContain("copy/");
  });

  it("refuses an empty --base-filename with exit 2 and one line", async () => {
    const run = await runInProcess([...args, "--base-filename", ""], work.dir);
    expect(run.stderr.trim().split("\n")).toEqual(["signing-platform diff: --base-filename needs a path."]);
    expect(run.status).toBe(2);
  });

  it("ignores a stale map of one side with one line, keeping the other side's", async () => {
    work.write("stale/openapi.yaml", YAML.stringify({ ...head, info: { ...head.info, description: "Edited after the build." } }));
    work.write(
      "stale/openapi.sourcemap.json",
      readFileSync(join(work.dir, "after/openapi.sourcemap.json"), "utf8").replace('"after', '"stale'),
    );
    const run = await runInProcess(["diff", baseFile, "stale/openapi.yaml"], work.dir);
    expect(run.stderr.trim().split("\n")).toEqual([
      "stale/openapi.sourcemap.json: source map ignored: stale: written for other contents of stale/openapi.yaml (its documentSha256 differs); places are given in stale/openapi.yaml.",
    ]);
    expect(run.stdout).toContain("(spec/resources/enrollments.tsp:41:5)");
    expect(run.stdout).toMatch(/new-optional-request-parameter .+\(stale\/openapi\.yaml:\d+:\d+\)/);
  });
});
