// The versions of an OpenAPI document a pull request goes between, made from the rules' clean
// fixture (a document that lints clean), each changing one thing.
import YAML from "yaml";
import { cleanDocument } from "../../../packages/cli/test/support/cli.js";

const version = (change: (document: Record<string, any>) => void) => {
  const document = cleanDocument();
  change(document);
  return YAML.stringify(document);
};

export const versions = {
  /** Lints clean. */
  clean: version(() => {}),
  /** An optional query parameter added to GET /certificates: not breaking. */
  optionalParameterAdded: version((document) => {
    document.paths["/certificates"].get.parameters.push({
      name: "q",
      in: "query",
      required: false,
      description: "Text to look for.",
      schema: { type: "string" },
    });
  }),
  /** DELETE /enrollments/{id} deprecated, to be removed after 2020-01-01. */
  operationPastSunset: version((document) => {
    Object.assign(document.paths["/enrollments/{id}"].delete, { deprecated: true, "x-sunset": "2020-01-01" });
  }),
  /** DELETE /enrollments/{id} removed: breaking, or a warning after operationPastSunset. */
  operationRemoved: version((document) => {
    delete document.paths["/enrollments/{id}"];
  }),
  /** GET /status added without the standard headers: not breaking, but lint errors. */
  operationWithoutConventions: version((document) => {
    document.paths["/status"] = {
      get: {
        operationId: "getStatus",
        summary: "Status",
        description: "Whether the service is up.",
        tags: ["Enrollments"],
        responses: { "200": { description: "Up.", content: { "application/json": { schema: { type: "object" } } } } },
      },
    };
  }),
};

/** The clean document with its Enrollment schema in a file of its own, `schemas/enrollment.yaml`. */
export function splitDocument(folder: string, change: (enrollment: Record<string, any>) => void = () => {}) {
  const document = cleanDocument();
  const enrollment = document.components.schemas.Enrollment;
  change(enrollment);
  document.components.schemas.Enrollment = { $ref: "./schemas/enrollment.yaml" };
  return { [`${folder}/openapi.yaml`]: YAML.stringify(document), [`${folder}/schemas/enrollment.yaml`]: YAML.stringify(enrollment) };
}

/** A required property added to the split-out schema: breaking for the request that sends it. */
export const requiredPropertyAdded = (enrollment: Record<string, any>) => {
  enrollment.required = [...(enrollment.required ?? []), "note"];
  enrollment.properties.note = { type: "string" };
};
