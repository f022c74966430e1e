import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultPackageName, isValidPackageName } from "../src/naming.js";

describe("defaultPackageName", () => {
  it.each([
    ["Signing Platform API", "signing-platform-api-sdk"],
    ["OpenAI API", "openai-api-sdk"],
    ["GitHub's official OpenAPI spec + Octokit extension", "githubs-official-openapi-spec-octokit-extension-sdk"],
    ["Swagger Petstore - OpenAPI 3.0", "swagger-petstore-openapi-3-0-sdk"],
    ["Café API", "cafe-api-sdk"],
    ["", "api-sdk"],
    [undefined, "api-sdk"],
  ])("names %j %s", (title, name) => {
    expect(defaultPackageName(title)).toBe(name);
  });

  it("is a valid npm package name for any title", () => {
    fc.assert(fc.property(fc.string({ maxLength: 150 }), (title) => isValidPackageName(defaultPackageName(title))));
  });
});
