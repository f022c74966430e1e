// Two versions of a small API, for the release tests: the second removes an operation, adds
// one, changes a shared schema (a property removed, one added), replaces a schema by another
// and, though breaking, raises only its minor version.
import type { LoadedDocument } from "@signing-platform/contract/openapi-loader";
import type { OpenApiDocument } from "../../src/load-document.js";

const id = { name: "id", in: "path", required: true, schema: { type: "string" } };
const pet = (extra: string) => ({
  type: "object",
  required: ["id", "name"],
  properties: { id: { type: "string" }, name: { type: "string" }, [extra]: { type: "string" } },
});
const json = (schema: unknown) => ({ content: { "application/json": { schema } } });

export const petsV1: OpenApiDocument = {
  openapi: "3.0.3",
  info: { title: "Pets", version: "1.0.0" },
  paths: {
    "/pets": {
      get: {
        operationId: "listPets",
        responses: { "200": { description: "ok", ...json({ type: "array", items: { $ref: "#/components/schemas/Pet" } }) } },
      },
    },
    "/pets/{id}": {
      get: {
        operationId: "getPet",
        parameters: [id],
        responses: { "200": { description: "ok", ...json({ $ref: "#/components/schemas/Pet" }) } },
      },
      delete: { operationId: "deletePet", parameters: [id], responses: { "204": { description: "gone" } } },
    },
  },
  components: { schemas: { Pet: pet("tag"), Old: { type: "string" } } },
};

export const petsV2: OpenApiDocument = {
  ...petsV1,
  info: { title: "Pets", version: "1.1.0" },
  paths: {
    "/pets": petsV1.paths["/pets"]!,
    "/pets/{id}": { get: petsV1.paths["/pets/{id}"]!.get! as Record<string, unknown> },
    "/pet-owners": {
      post: { operationId: "createOwner", ...{ requestBody: json({ type: "object" }) }, responses: { "201": { description: "made" } } },
    },
  },
  components: { schemas: { Pet: pet("color"), New: { type: "integer" } } },
};

/** A document as the contract's loader gives one, without a file behind it. */
export const loaded = (data: OpenApiDocument, file: string): LoadedDocument => ({
  file,
  path: `/${file}`,
  text: "",
  data: data as LoadedDocument["data"],
  locate: () => undefined,
  bundled: () => ({ data: data as LoadedDocument["data"], placeOf: (pointer) => ({ file, pointer }) }),
});
