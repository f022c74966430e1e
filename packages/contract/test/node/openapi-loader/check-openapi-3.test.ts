import { describe, expect, it } from "vitest";
import { UnusableInputError } from "../../../src/input/unusable-input.js";
import { checkIsOpenApi3, NotOpenApi3Error } from "../../../src/node/openapi-loader/check-openapi-3.js";

const parsed = (data: unknown) => ({ file: "api.yaml", path: "/api.yaml", text: "", data, locate: () => ({ line: 1, column: 10 }) });

describe("checkIsOpenApi3", () => {
  it("is unusable input, which the commands answer with exit 2", () => {
    expect(new NotOpenApi3Error("x")).toBeInstanceOf(UnusableInputError);
  });

  it.each(["3.0.3", "3.1.0", "3.2.0"])("takes OpenAPI %s", (version) => {
    expect(() => checkIsOpenApi3(parsed({ openapi: version }))).not.toThrow();
  });

  it.each<[string, { data: unknown; want: string }]>([
    [
      "Swagger 2.0, at its field",
      { data: { swagger: "2.0" }, want: "api.yaml:1:10: Swagger 2.0 is not supported: convert the document to OpenAPI 3." },
    ],
    ["another version, at its field", { data: { openapi: "4.0.0" }, want: 'api.yaml:1:10: not an OpenAPI 3 document ("openapi: 4.0.0").' }],
    [
      "a file of something else",
      { data: { name: "service" }, want: 'api.yaml:1:10: not an OpenAPI 3 document (no "openapi" field at the top).' },
    ],
    ["a file that is no object", { data: "text", want: 'api.yaml: not an OpenAPI 3 document (no "openapi" field at the top).' }],
  ])("refuses %s", (_name, { data, want }) => {
    expect(() => checkIsOpenApi3(parsed(data))).toThrow(NotOpenApi3Error);
    expect(() => checkIsOpenApi3(parsed(data))).toThrow(expect.objectContaining({ message: want }));
  });

  it("says the version of a Swagger document, for the message of a caller that converts it", () => {
    expect(() => checkIsOpenApi3(parsed({ swagger: "2.0" }))).toThrow(expect.objectContaining({ swaggerVersion: "2.0" }));
    expect(() => checkIsOpenApi3(parsed({ openapi: "4.0.0" }))).toThrow(expect.objectContaining({ swaggerVersion: undefined }));
  });
});
