// A valid event of each type, built from the catalogue, for tests that need one.
import { documentedShapes } from "../../scripts/build/documented-shapes.mjs";
import { loadCatalogue, loadOpenApi } from "./generated.js";

export function validSigningRequestObject() {
  return {
    id: "sr_9f8e7d6c5b4a",
    object: "signing_request",
    status: "completed",
    documents: [{ content_url: "https://files.example.test/documents/doc_1.pdf" }],
  };
}

export function validEvent(type: string): Record<string, any> {
  return {
    id: "evt_1a2b3c4d5e6f",
    object: "event",
    type,
    livemode: false,
    created_at: "2026-11-21T06:40:00Z",
    data:
      type === "ping"
        ? {}
        : { object: validSigningRequestObject(), ...(type === "certificate.issued" ? { certificate_id: "cert_4d3c2b1a" } : {}) },
  };
}

export const eventTypes: string[] = loadCatalogue().events.map((event: any) => event.type);

/**
 * An event with exactly the fields the interface document shows (Resources › Event and
 * Resources › Signing request, less client_secret): no addition. Every type must accept it.
 * Made by the build's check of the documented shapes (scripts/build/documented-shapes.mjs),
 * so that the test and the check hold the same shape.
 */
export function documentShapedEvent(type: string): Record<string, any> {
  const shape = documentedShapes(loadOpenApi()).find((candidate) => candidate.name === `Resources › Event (${type})`);
  if (!shape) throw new Error(`The interface document shows no event of type ${type}.`);
  return structuredClone(shape.value);
}
