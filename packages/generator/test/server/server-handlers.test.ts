// The handler types of an implementer's document: `createApp<Handlers>({ document, handlers })`
// type-checks the replies the document allows and refuses the others. The module is written
// for a document that adds operations to the package's own, then a program using it is
// compiled strictly against the built @signing-platform/server: clean as written, and failing
// on exactly the lines marked @ts-expect-error once the directives are gone.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import YAML from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { generate, generateServerHandlers } from "../../src/index.js";

const root = join(import.meta.dirname, "..", "..", "..", "..");
const scratch = join(root, ".tmp", `server-handlers-${process.pid}`);
afterAll(() => process.env.KEEP_SCRATCH || rmSync(scratch, { recursive: true, force: true }));

function implementerDocument(): Record<string, any> {
  const document = YAML.parse(readFileSync(join(root, "generated", "openapi.yaml"), "utf8"));
  const keyedWrite = document.paths["/enrollments"].post;
  const created = structuredClone(keyedWrite.responses["201"]);
  created.content = {
    "application/json": {
      schema: {
        type: "object",
        required: ["id", "status"],
        properties: { id: { type: "string" }, status: { type: "string", enum: ["pending", "cancelled"] } },
      },
    },
  };
  document.paths["/signing-requests/{id}/cancel"] = {
    post: {
      ...structuredClone(keyedWrite),
      operationId: "cancelSigningRequest",
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }, ...keyedWrite.parameters],
      requestBody: {
        required: true,
        content: { "application/json": { schema: { type: "object", required: ["reason"], properties: { reason: { type: "string" } } } } },
      },
      responses: {
        ...structuredClone(keyedWrite.responses),
        200: created,
        201: undefined,
        404: structuredClone(document.paths["/certificates/{id}"].get.responses["404"]),
      },
      "x-signing-platform-errors": ["not_found", "conflict", "bad_request", "unauthenticated", "internal_error"],
    },
  };
  return JSON.parse(JSON.stringify(document));
}

const PROGRAM = `import { createApp, staticCredentialResolver } from "@signing-platform/server";
import type { Handlers } from "./handlers.js";

type Cancel = Handlers["cancelSigningRequest"];
const cancelled: Cancel = ({ params, body }) => ({ status: 200, body: { id: params.id, status: body.reason === "" ? "pending" : "cancelled" } });
const conflict: Cancel = () => ({ status: 409, error: { code: "conflict" } });
const missing: Cancel = () => ({ status: 404, error: { code: "not_found", message: "No such signing request." } });
// @ts-expect-error a status the operation does not answer
const teapot: Cancel = ({ params }) => ({ status: 418, body: { id: params.id, status: "pending" } });
// @ts-expect-error a code the operation may not carry at 404
const wrongCode: Cancel = () => ({ status: 404, error: { code: "conflict" } });
// @ts-expect-error a status value its schema does not have
const archived: Cancel = ({ params }) => ({ status: 200, body: { id: params.id, status: "archived" } });
// @ts-expect-error a path parameter the operation does not have
const named: Cancel = ({ params }) => ({ status: 200, body: { id: params.name, status: "pending" } });

createApp<Handlers>({
  document: "openapi.yaml",
  cursorSecret: "a secret of at least thirty-two characters",
  authentication: { resolver: staticCredentialResolver({ tokens: {} }) },
  handlers: {
    cancelSigningRequest: cancelled,
    getCertificate: ({ params }) => ({ status: 200, body: { id: params.id } }),
    // @ts-expect-error an operation the document does not have
    deleteEverything: () => ({ status: 204 }),
  },
});
export { conflict, missing, teapot, wrongCode, archived, named };
`;
const DIRECTIVE = /^\s*\/\/ @ts-expect-error.*$/;

function compile(program: string): { line: number; message: string }[] {
  writeFileSync(join(scratch, "app.ts"), program);
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
  };
  const compiled = ts.createProgram([join(scratch, "app.ts")], options);
  return ts.getPreEmitDiagnostics(compiled).map((diagnostic) => ({
    line: diagnostic.file ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line : -1,
    message: `${diagnostic.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`,
  }));
}

describe("generateServerHandlers", () => {
  it("types createApp's handlers by the document: the allowed replies compile, the others do not", async () => {
    mkdirSync(scratch, { recursive: true });
    writeFileSync(join(scratch, "package.json"), JSON.stringify({ type: "module" }));
    writeFileSync(join(scratch, "handlers.ts"), await generateServerHandlers(implementerDocument()));
    expect(compile(PROGRAM)).toEqual([]);
    const lines = PROGRAM.split("\n");
    const expected = lines.flatMap((line, index) => (DIRECTIVE.test(line) ? [index + 1] : []));
    expect(expected).toHaveLength(5);
    const stripped = lines.map((line) => (DIRECTIVE.test(line) ? "" : line)).join("\n");
    const failing = [...new Set(compile(stripped).map((diagnostic) => diagnostic.line))].sort((a, b) => a - b);
    expect(failing).toEqual(expected);
  }, 120_000);
});

describe('generate({ target: "server" })', () => {
  it("writes <outDir>/handlers.ts for the document", async () => {
    const folder = join(scratch, "cli");
    const input = join(scratch, "openapi.json");
    mkdirSync(scratch, { recursive: true });
    writeFileSync(input, JSON.stringify(implementerDocument()));
    expect(await generate({ input, outDir: folder, target: "server" })).toEqual({
      target: "server",
      outDir: folder,
      files: ["handlers.ts"],
    });
    const written = readFileSync(join(folder, "handlers.ts"), "utf8");
    expect(written).toMatch(/^\/\/ Generated by @signing-platform\/generator \(generateServerHandlers\)/);
    expect(written).toContain('"cancelSigningRequest": CancelSigningRequestHandler;');
  }, 120_000);
});
