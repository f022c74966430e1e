// Unusable input, for both commands: one line on stderr that names the file and, where there
// is one, the line and column; exit 2; never a stack trace.
import { readFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanDocument, repo, runCli, workspace } from "./support/cli.js";

const work = workspace();
afterAll(work.cleanup);

const good = work.write("good.yaml", cleanDocument());
const files = {
  yamlError: work.write("broken.yaml", "openapi: 3.1.0\ninfo:\n  title: [unclosed\n  version: 1\n"),
  jsonError: work.write("broken.json", '{\n  "openapi": "3.1.0",\n  "info": {,}\n}\n'),
  notOpenApi: work.write("not-openapi.yaml", "name: my-service\nreplicas: 3\n"),
  swagger: work.write("swagger.yaml", 'swagger: "2.0"\ninfo: { title: t, version: "1" }\npaths: {}\n'),
  danglingRef: work.write(
    "dangling-ref.yaml",
    (() => {
      const document = cleanDocument();
      document.paths["/certificates"].get.responses["200"].content["application/json"].schema = { $ref: "#/components/schemas/Nowhere" };
      return document;
    })(),
  ),
  missingRefFile: work.write(
    "missing-ref-file.yaml",
    (() => {
      const document = cleanDocument();
      document.components.schemas.Certificate = { $ref: "./shared/certificate.yaml#/Certificate" };
      return document;
    })(),
  ),
};

const cases: [string, string, RegExp][] = [
  ["a missing file", "nope.yaml", /^nope\.yaml: no such file\.$/],
  [
    "a YAML syntax error",
    files.yamlError,
    /^broken\.yaml:4:3: YAML syntax error: Flow sequence in block collection must be sufficiently indented and end with a \]$/,
  ],
  ["a JSON syntax error", files.jsonError, /^broken\.json:3:\d+: JSON syntax error: .+/],
  [
    "a document that is not OpenAPI",
    files.notOpenApi,
    /^not-openapi\.yaml: not an OpenAPI 3 document \(no "openapi" field at the top\)\.$/,
  ],
  ["a Swagger 2.0 document", files.swagger, /^swagger\.yaml:1:\d+: Swagger 2\.0 is not supported: convert the document to OpenAPI 3\.$/],
  [
    "a $ref to nowhere",
    files.danglingRef,
    /^dangling-ref\.yaml:\d+:\d+: \$ref to nowhere: "#\/components\/schemas\/Nowhere" does not exist\.$/,
  ],
  [
    "a $ref into a missing file",
    files.missingRefFile,
    /^missing-ref-file\.yaml:\d+:\d+: \$ref "\.\/shared\/certificate\.yaml#\/Certificate" cannot be followed: .*no such file\.$/,
  ],
];

function expectOneLine(run: { status: number | null; stdout: string; stderr: string }, command: string, pattern: RegExp) {
  expect(run.status).toBe(2);
  expect(run.stdout).toBe("");
  const lines = run.stderr.trimEnd().split("\n");
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]!.replace(`signing-platform ${command}: `, "")).toMatch(pattern);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

describe.concurrent("unusable input", () => {
  it.each(cases)("lint: %s", async (_name, file, pattern) => {
    expectOneLine(await runCli(["lint", file], work.dir), "lint", pattern);
  });

  it.each(cases)("diff, as the head: %s", async (_name, file, pattern) => {
    expectOneLine(await runCli(["diff", good, file], work.dir), "diff", pattern);
  });

  it("diff, as the base: a $ref to nowhere", async () => {
    expectOneLine(await runCli(["diff", files.danglingRef, good], work.dir), "diff", cases[5]![2]);
  });

  // A Swagger document is refused by generate with the command that converts it (generate-swagger.test.ts).
  it.each(cases.filter(([name]) => name !== "a Swagger 2.0 document"))("generate, as --previous: %s", async (_name, file, pattern) => {
    expectOneLine(await runCli(["generate", good, "--out", "released-sdk", "--previous", file], work.dir), "generate", pattern);
  });

  it.each([
    [
      "an unknown format",
      ["lint", good, "--format", "xml"],
      "lint",
      /^unknown format "xml": use one of stylish, json, sarif, github-actions\.$/,
    ],
    ["an unknown option", ["diff", good, good, "--strict"], "diff", /^unknown option --strict\. Run with --help for the options\.$/],
    [
      "an unknown --fail-on value",
      ["diff", good, good, "--fail-on", "minor"],
      "diff",
      /^unknown --fail-on value "minor": use one of breaking, warning\.$/,
    ],
    ["one file for diff", ["diff", good], "diff", /^expected two files, <base> and <head>, got good\.yaml\.$/],
    [
      "--previous for a server's handler types",
      ["generate", good, "--out", "server", "--target", "server", "--previous", good],
      "generate",
      /^--previous releases an SDK: --target server writes none\.$/,
    ],
    [
      "--changelog-entry without a release",
      ["generate", good, "--out", "sdk", "--changelog-entry", "entry.md"],
      "generate",
      /^--changelog-entry writes the entry of a release: it needs --previous\.$/,
    ],
    ["a port out of range", ["serve", "--port", "70000"], "serve", /^--port must be a whole number from 0 to 65535\.$/],
    [
      "a webhook time scale above 1",
      ["serve", "--webhook-time-scale", "2"],
      "serve",
      /^--webhook-time-scale must be a number above 0 and at most 1\.$/,
    ],
    [
      "a webhook time scale of 0",
      ["conformance", "webhooks", "--listen", "0", "--secret", "whsec_x", "--webhook-time-scale", "0"],
      "conformance",
      /^--webhook-time-scale must be a number above 0 and at most 1\.$/,
    ],
    [
      "a time scale of 0, in its old spelling, with no warning before it",
      ["conformance", "webhooks", "--listen", "0", "--secret", "whsec_x", "--time-scale", "0"],
      "conformance",
      /^--time-scale must be a number above 0 and at most 1\.$/,
    ],
    [
      "the webhook time scale named both ways",
      ["conformance", "webhooks", "--listen", "0", "--secret", "whsec_x", "--webhook-time-scale", "0.1", "--time-scale", "0.1"],
      "conformance",
      /^the webhook time scale is named twice \(--webhook-time-scale 0\.1 and --time-scale 0\.1\): name it once, with --webhook-time-scale\.$/,
    ],
    [
      "a count that is not whole",
      ["conformance", "webhooks", "--listen", "0", "--secret", "whsec_x", "--events", "1.5"],
      "conformance",
      /^--events must be a whole number from 1 to 100000\.$/,
    ],
  ] as const)("%s", async (_name, args, command, pattern) => {
    expectOneLine(await runCli([...args], work.dir), command, pattern);
  });
});

describe("the dispatcher", () => {
  it("lists the commands and exits 2 when given none", async () => {
    const run = await runCli([], work.dir);
    expect(run.status).toBe(2);
    expect(run.stdout).toMatch(/^Usage: signing-platform <command>.*\n\nCommands:\n {2}lint {2}.+\n {2}diff {2}.+/s);
  });

  it("exits 2 on an unknown command, in one line", async () => {
    const run = await runCli(["serve-all"], work.dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('signing-platform: unknown command "serve-all". Run `signing-platform --help` for the commands.\n');
  });

  it.each([
    [
      ["dif", "a.yaml", "b.yaml"],
      'signing-platform: unknown command "dif". Did you mean `diff`? Run `signing-platform --help` for the commands.',
    ],
    [
      ["--verison"],
      "signing-platform: unknown option --verison. Did you mean `--version`? Run `signing-platform --help` for the commands.",
    ],
    [
      ["diff", "a.yaml", "b.yaml", "--fial-on", "warning"],
      "signing-platform diff: unknown option --fial-on. Did you mean `--fail-on`? Run with --help for the options.",
    ],
    [["serve", "--prot", "4011"], "signing-platform serve: unknown option --prot. Did you mean `--port`? Run with --help for the options."],
    [
      ["generate", "--inptu", "x.yaml"],
      "signing-platform generate: unknown option --inptu. Did you mean `--input`? Run with --help for the options.",
    ],
    [["lint", "--format"], "signing-platform lint: option --format needs a value."],
  ])("says what was meant for %j, in one line, exit 2", async (args, line) => {
    const run = await runCli(args, work.dir);
    expect(run.stderr).toBe(`${line}\n`);
    expect(run.status).toBe(2);
  });

  it("says a port is in use in one line, suggesting --port, and exits 1", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const run = await runCli(["serve", "--port", String(port)], work.dir);
      expect(run.stderr).toBe(
        `signing-platform serve: port ${port} on 127.0.0.1 is in use: choose another with --port N (npm start -- --port N).\n`,
      );
      expect(run.status).toBe(1);
    } finally {
      taken.close();
    }
  });

  it("refuses a --redis value that is not a redis URL, exit 2", async () => {
    const run = await runCli(["serve", "--redis", "localhost:6379"], work.dir);
    expect(run.stderr).toBe("signing-platform serve: --redis must be a redis:// or rediss:// URL.\n");
    expect(run.status).toBe(2);
  });

  it("prints its version with --version", async () => {
    const run = await runCli(["--version"], work.dir);
    expect(run.stdout).toBe(`${JSON.parse(readFileSync(join(repo, "packages", "cli", "package.json"), "utf8")).version}\n`);
    expect(run.status).toBe(0);
  });

  it.each(["lint", "diff", "changelog", "generate", "serve"])("prints the usage of %s with --help", async (command) => {
    const run = await runCli([command, "--help"], work.dir);
    expect(run.stdout).toMatch(new RegExp(`^Usage: signing-platform ${command} `));
    expect(run.status).toBe(0);
  });

  it("prints a command's usage with --help and exits 0", async () => {
    const run = await runCli(["diff", "--help"], work.dir);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      /^Usage: signing-platform diff <base> <head> \[--format text\|json\|markdown\|sarif\|github-actions\|junit\] \[--fail-on breaking\|warning\]/,
    );
  });
});

// Example and default data may be any JSON, an OpenAPI document with its own $refs included
// (Svix's description has one): those $refs are data, never followed; one beside them still is.
describe("a $ref inside example data", () => {
  const withExamples = (danglingOutside: boolean) => {
    const document = cleanDocument();
    const schema = document.paths["/certificates"].get.responses["200"].content["application/json"].schema;
    const embedded = { openapi: "3.0.0", components: { schemas: { A: { $ref: "#/components/schemas/Nowhere" } } } };
    Object.assign(schema, { example: embedded, default: embedded, examples: [embedded] });
    document.paths["/certificates"].get.responses["200"].content["application/json"].examples = {
      embedded: { summary: "an example whose value holds a $ref", value: embedded },
    };
    // A schema property named like a data keyword is a schema: its $ref is followed.
    document.components.schemas.Certificate.properties = {
      ...document.components.schemas.Certificate.properties,
      example: danglingOutside ? { $ref: "#/components/schemas/Nowhere" } : { type: "string" },
    };
    return document;
  };

  it("is data: both commands read the document", async () => {
    const file = work.write("example-refs.yaml", withExamples(false));
    const run = await runCli(["diff", file, file], work.dir);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it("does not hide a $ref to nowhere in a property named `example`", async () => {
    const file = work.write("example-property-ref.yaml", withExamples(true));
    const run = await runCli(["diff", file, file], work.dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      /example-property-ref\.yaml:\d+:\d+: \$ref to nowhere: "#\/components\/schemas\/Nowhere" does not exist\.\n$/,
    );
  });
});
