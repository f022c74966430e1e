// Additions keep the shapes the interface document shows valid (docs/decisions.md#other-additions),
// checked by scripts/build/documented-shapes.mjs: the built document keeps every one, and a spec
// that breaks one gets a finding naming the shape, where the interface document shows it, the
// schema, the field and what to do. Each broken case is the built schemas with one thing changed.
import { describe, expect, it } from "vitest";
import { documentedShapeFindings, documentedShapes, formatDocumentedShapeFindings } from "../../scripts/build/documented-shapes.mjs";
import { interfaceTable, loadCatalogue, loadJsonSchemas, loadOpenApi, root } from "../support/generated.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const document = loadOpenApi();
const jsonSchemas = loadJsonSchemas();
const interfaceLines = readFileSync(join(root, "docs", "interface.md"), "utf8").split("\n");
/** `docs/interface.md:<line>` of a heading. */
const headingAt = (heading: string) =>
  `docs/interface.md:${interfaceLines.findIndex((line) => /^#+ /.test(line) && line.replace(/^#+ /, "") === heading) + 1}`;
/** `docs/interface.md:<line>` of the Endpoints row of `method path`. */
const endpointAt = (method: string, path: string) =>
  `docs/interface.md:${interfaceLines.findIndex((line) => line.startsWith(`| ${method} | `) && line.includes(`${path} |`)) + 1}`;

/** The built schemas with `change` made to a copy of the one named. */
function schemasWith(name: string, change: (schema: Record<string, any>) => void): Record<string, any>[] {
  return jsonSchemas.map((schema) => {
    if (schema.$id !== `${name}.json`) return schema;
    const copy = structuredClone(schema);
    change(copy);
    return copy;
  });
}

describe("documentedShapes", () => {
  it("shows an event of every type, the signing request, the page of a list and the error body", () => {
    const names = documentedShapes(document).map((shape) => shape.name);
    for (const { type } of loadCatalogue().events) expect(names).toContain(`Resources › Event (${type})`);
    for (const [method, path] of interfaceTable("Endpoints").filter(([, , , response]) =>
      /signing request|Paginated list/.test(response!),
    )) {
      expect(names).toContain(`Endpoints › ${method} ${path!.replace("{base_url}", "")}`);
    }
    expect(names).toContain("Errors › Error body");
  });
});

describe("documentedShapeFindings", () => {
  it("finds nothing in the built document: every shape the interface document shows passes its schema", () => {
    expect(documentedShapeFindings({ document, jsonSchemas })).toEqual([]);
  });

  it.each([
    [
      "an addition required in an event's data",
      schemasWith("CertificateIssuedEventData", (schema) => schema.required.push("certificate_id")),
      {
        shape: "Resources › Event (certificate.issued)",
        where: headingAt("Event"),
        schema: "CertificateIssuedEvent",
        field: "$.data.certificate_id",
        keyword: "required",
      },
      /the schema requires a field the interface document does not show; make the addition optional in the spec \(`certificate_id\?:`\)/,
    ],
    [
      "a field of the signing request its answer now forbids",
      schemasWith("SigningRequest", (schema) => {
        delete schema.properties.client_secret;
        schema.required = schema.required.filter((name: string) => name !== "client_secret");
        schema.not = { required: ["client_secret"], properties: { client_secret: {} } };
      }),
      {
        shape: "Endpoints › GET /v1/signing-requests/{id}",
        where: endpointAt("GET", "/v1/signing-requests/{id}"),
        schema: "SigningRequest",
        field: "$.client_secret",
      },
      /forbids a field the interface document shows there/,
    ],
    [
      "a status narrowed to values the interface document does not show",
      schemasWith("SigningRequestStatus", (schema) => {
        delete schema.anyOf;
        Object.assign(schema, { type: "string", enum: ["pending"] });
      }),
      {
        shape: "Resources › Event (signing_request.completed)",
        schema: "SigningRequestCompletedEvent",
        field: "$.data.object.status",
        keyword: "enum",
      },
      /refuses the value the interface document shows there \(enum\); widen it/,
    ],
    [
      "an error detail that no longer takes its field",
      schemasWith("ErrorDetail", (schema) => delete schema.properties.field),
      { shape: "Errors › Error body", where: headingAt("Error body"), schema: "ErrorBody", field: "$.error.details[0].field" },
      /does not allow a field the interface document shows/,
    ],
    [
      "a page that requires a total",
      schemasWith("CertificatePage", (schema) => {
        schema.properties.total = { type: "integer" };
        schema.required.push("total");
      }),
      { shape: "Endpoints › GET /certificates", where: endpointAt("GET", "/certificates"), schema: "CertificatePage", field: "$.total" },
      /requires a field the interface document does not show; make the addition optional in the spec \(`total\?:`\)/,
    ],
  ])("names %s: the shape, where it is shown, the schema, the field and what to do", (_name, schemas, want, message) => {
    const findings = documentedShapeFindings({ document, jsonSchemas: schemas });
    const finding = findings.find((candidate) => candidate.shape === want.shape && candidate.field === want.field);
    expect(finding, JSON.stringify(findings, null, 2)).toMatchObject(want);
    expect(finding!.message).toMatch(message);
    expect(
      finding!.message.startsWith(`${want.shape}, as the interface document shows it, is refused by ${want.schema} at ${want.field}: `),
    ).toBe(true);
  });

  it("prints each finding on a line of its own, starting where the interface document shows the shape", () => {
    const findings = documentedShapeFindings({
      document,
      jsonSchemas: schemasWith("CertificateIssuedEventData", (schema) => schema.required.push("certificate_id")),
    });
    expect(formatDocumentedShapeFindings(findings).split("\n")).toEqual(
      findings.map((finding) => expect.stringMatching(new RegExp(`^${finding.where}: Resources › Event \\(certificate\\.issued\\), `))),
    );
  });
});
