// The violations of the conventions, each a piece of .tsp appended to a tiny service that
// is clean under every rule (test/spec/fixtures/conventions/base.tsp), with the linter rule
// of the spec's library and the Spectral rule that must report it, and the message the
// linter gives. The conventions library's test and the parity test read the same table.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NodeHost, compile, getSourceLocation, type Program } from "@typespec/compiler";
import { root } from "../../support/generated.js";

/** The spec library's name: the prefix of its rule ids. */
export const LIBRARY = "@signing-platform/typespec-conventions";

export interface Violation {
  name: string;
  /** The .tsp appended to the clean service. */
  piece: string;
  /** The linter rule, without the library's prefix. */
  rule: string;
  /** The Spectral rule that reports the same violation on the emitted document. */
  spectral: string;
  message: RegExp;
}

const row = (name: string, piece: string, rule: string, message: RegExp, spectral = `signing-platform-${rule}`): Violation => ({
  name,
  piece,
  rule,
  message,
  spectral,
});

export const VIOLATIONS: Violation[] = [
  row(
    "a POST without Idempotency-Key",
    `@TypeSpec.Http.route("/things") @TypeSpec.Http.post op createThing(@TypeSpec.Http.body body: Thing): CreatedResourceResponse<Thing>;`,
    "idempotency-key",
    /POST \/things does not take the Idempotency-Key header .* spread `\.\.\.IdempotencyKeyHeader`/,
  ),
  row(
    "an Idempotency-Key header written by hand",
    `@TypeSpec.Http.route("/things") @TypeSpec.Http.post op createThing(
         @TypeSpec.Http.header("Idempotency-Key") key: string,
         @TypeSpec.Http.body body: Thing): CreatedResourceResponse<Thing>;`,
    "idempotency-key",
    /POST \/things writes the Idempotency-Key header by hand: spread `\.\.\.IdempotencyKeyHeader` instead/,
  ),
  row(
    "a resource GET whose 200 has no ETag",
    `@TypeSpec.Http.route("/plain/{id}") @TypeSpec.Http.get op getPlain(@TypeSpec.Http.path id: string, ...IfNoneMatchHeader):
         { @TypeSpec.Http.statusCode statusCode: 200; ...StandardResponseHeaders; @TypeSpec.Http.body body: Thing } | NotModifiedResponse;`,
    "resource-etag",
    /The 200 response of GET \/plain\/\{id\} returns a resource without the ETag header .* `ResourceResponse<T>`/,
  ),
  row(
    "a read of one resource without If-None-Match",
    `@TypeSpec.Http.route("/plain/{id}") @TypeSpec.Http.get op getPlain(@TypeSpec.Http.path id: string): ResourceResponse<Thing>;`,
    "conditional-get",
    /does not accept If-None-Match: spread `\.\.\.IfNoneMatchHeader`/,
  ),
  row(
    "a 304 with a body",
    `@TypeSpec.Http.route("/tagged/{id}") @TypeSpec.Http.get op tagged(@TypeSpec.Http.path id: string, ...IfNoneMatchHeader): ResourceResponse<Thing>
         | { @TypeSpec.Http.statusCode statusCode: 304; ...StandardResponseHeaders; ...EntityTagHeader; @TypeSpec.Http.body body: Thing };`,
    "conditional-get",
    /The 304 response of GET \/tagged\/\{id\} has a body/,
  ),
  row(
    "a list shaped { data: Probe[] } with no cursor parameters",
    `model Probe { id: string } model Probes { data: Probe[] }
       @TypeSpec.Http.route("/probes") @TypeSpec.Http.get op listProbes(): ResourceResponse<Probes>;`,
    "pagination",
    /GET \/probes returns a list of resources \(\{ data: Probe\[\] \}\) but is not marked `@list`.* return `Page<Probe>`/,
  ),
  row(
    "a list shaped as a bare array",
    `model Probe { id: string } @TypeSpec.Http.route("/probes") @TypeSpec.Http.get op listProbes(): ResourceResponse<Probe[]>;`,
    "pagination",
    /GET \/probes returns a list of resources \(Probe\[\]\)/,
  ),
  row(
    "a camelCase property",
    `model Probe {
         id: string;
         createdAt: string;
       }
       @TypeSpec.Http.route("/probes/{id}") @TypeSpec.Http.get op getProbe(@TypeSpec.Http.path id: string, ...IfNoneMatchHeader):
         WithStandardErrors<ResourceResponse<Probe> | NotModifiedResponse>;`,
    "snake-case",
    /Property "createdAt" of Probe is not snake_case.*name it `created_at`/,
  ),
  row(
    "an inline error body with a code outside the catalogue",
    `@TypeSpec.Http.route("/locks/{id}") @TypeSpec.Http.get op getLock(@TypeSpec.Http.path id: string, ...IfNoneMatchHeader): ResourceResponse<Thing> | NotModifiedResponse
         | { @TypeSpec.Http.statusCode statusCode: 409; ...StandardResponseHeaders;
             @TypeSpec.Http.body body: { error: { code: "locked"; message: string; request_id: string; details: ErrorDetail[] } } };`,
    "error-catalogue",
    /The 409 response of GET \/locks\/\{id\} answers error code "locked", which is not in the catalogue/,
  ),
  row(
    "a status outside the status table",
    `@TypeSpec.Http.route("/locks/{id}") @TypeSpec.Http.get op getLock(@TypeSpec.Http.path id: string, ...IfNoneMatchHeader): ResourceResponse<Thing> | NotModifiedResponse
         | { @TypeSpec.Http.statusCode statusCode: 423; ...StandardResponseHeaders; @TypeSpec.Http.body body: ErrorBody };`,
    "status-table",
    /GET \/locks\/\{id\} declares a 423 response, which the HTTP status table does not list/,
  ),
  row(
    "a code carried under another status",
    `@carriesCodes(ErrorCode.conflict) @error model WrongStatus is ErrorResponse<404>;
       @TypeSpec.Http.route("/wrong/{id}") @TypeSpec.Http.get op wrong(@TypeSpec.Http.path id: string, ...IfNoneMatchHeader): ResourceResponse<Thing> | NotModifiedResponse | WrongStatus;`,
    "error-catalogue",
    /carries error code "conflict", which the catalogue gives status 409/,
  ),
  row(
    "an error response without the error body",
    `@TypeSpec.Http.route("/bare/{id}") @TypeSpec.Http.get op bare(@TypeSpec.Http.path id: string, ...IfNoneMatchHeader): ResourceResponse<Thing> | NotModifiedResponse
         | { @TypeSpec.Http.statusCode statusCode: 404; ...StandardResponseHeaders; @TypeSpec.Http.body body: Thing };`,
    "error-body",
    /The 404 response of GET \/bare\/\{id\} does not have the error body .* `ErrorResponse<404>`/,
  ),
  row(
    "a response without the standard headers",
    `@TypeSpec.Http.route("/bare/{id}") @TypeSpec.Http.get op bare(@TypeSpec.Http.path id: string, ...IfNoneMatchHeader): ResourceResponse<Thing> | NotModifiedResponse
         | { @TypeSpec.Http.statusCode statusCode: 404; @TypeSpec.Http.body body: ErrorBody };`,
    "standard-response-headers",
    /The 404 response of GET \/bare\/\{id\} does not declare Request-Id, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset/,
  ),
  row(
    "an operation without an example",
    `@TypeSpec.Http.route("/other/{id}") @TypeSpec.Http.get op getOther(@TypeSpec.Http.path id: string, ...IfNoneMatchHeader): WithStandardErrors<ResourceResponse<Thing> | NotModifiedResponse>;`,
    "operation-example",
    /GET \/other\/\{id\} shows no example: add `@opExample/,
  ),
];

const fixtureDir = join(root, "test", "spec", "fixtures", "conventions");
const base = readFileSync(join(fixtureDir, "base.tsp"), "utf8");
const baseLines = base.split("\n").length;

export interface Found {
  code: string;
  severity: string;
  message: string;
  /** The line in the appended piece, from 1; 0 or less for the base or another file. */
  line: number;
}

/**
 * Compiles the clean service with `piece` appended, the linter on, and gives `use` the program
 * and its diagnostics; the scratch file is gone afterwards.
 */
export async function compileWith<T>(piece: string, use: (program: Program, found: Found[]) => Promise<T> | T): Promise<T> {
  const file = join(fixtureDir, `case-${process.pid}-${Math.random().toString(36).slice(2)}.tsp`);
  writeFileSync(file, `${base}\n${piece}\n`);
  const outputDir = mkdtempSync(join(tmpdir(), "conventions-"));
  try {
    const program = await compile(NodeHost, file, { noEmit: true, outputDir, linterRuleSet: { extends: [`${LIBRARY}/all`] } });
    const found = program.diagnostics.map((d) => {
      const location = typeof d.target === "symbol" ? undefined : getSourceLocation(d.target);
      const inCase = location?.file.path === file.replace(/\\/g, "/");
      const line = inCase ? location!.file.getLineAndCharacterOfPosition(location!.pos).line + 1 - baseLines : 0;
      return { code: d.code, severity: d.severity, message: d.message, line };
    });
    return await use(program, found);
  } finally {
    rmSync(file, { force: true });
    rmSync(outputDir, { recursive: true, force: true });
  }
}

/** The diagnostics of the clean service with `piece` appended. */
export const diagnosticsOf = (piece: string) => compileWith(piece, (_program, found) => found);
