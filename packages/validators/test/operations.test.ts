// The generated per-operation validators: each operation's request body and each response
// with a JSON body, as the OpenAPI document gives them; and the validators per event type,
// as its `webhooks` give them.
import { describe, expect, it } from "vitest";
import { listOperations, loadOpenApi } from "../../../test/support/generated.js";
import { eventTypes } from "../../../test/support/events.js";
import * as validators from "../src/index.js";
import { eventValidators, operationValidators } from "../src/index.js";

const document = loadOpenApi();
const schemaIdOf = (holder: any) => {
  const ref = holder?.content?.["application/json"]?.schema?.$ref;
  return ref ? `${ref.split("/").at(-1)}.json` : undefined;
};
const byName = validators as unknown as Record<string, { schemaId: string } | undefined>;
const pascal = (id: string) => id.replace(/^./, (letter) => letter.toUpperCase());

describe("operationValidators", () => {
  const operations = listOperations(document);

  it("has every operation under paths, and nothing else", () => {
    expect(Object.keys(operationValidators).sort()).toEqual(operations.map(({ operation }) => operation.operationId).sort());
  });

  it.each(operations.map(({ operation, method, path }) => [`${method.toUpperCase()} ${path}`, operation]))(
    "%s: the request body and each response with a JSON body",
    (_about, operation) => {
      const entry = (operationValidators as Record<string, any>)[operation.operationId];
      expect(entry.requestBody?.schemaId).toBe(schemaIdOf(operation.requestBody));
      const withBody = Object.entries<any>(operation.responses).filter(([, response]) => schemaIdOf(response));
      expect(Object.keys(entry.responses).sort()).toEqual(withBody.map(([status]) => status).sort());
      for (const [status, response] of withBody) expect(entry.responses[status].schemaId).toBe(schemaIdOf(response));
    },
  );

  it.each(operations.map(({ operation }) => [operation.operationId, operation]))("%s has named validators", (id, operation) => {
    const success = Object.entries<any>(operation.responses).find(([status]) => status.startsWith("2"));
    expect(byName[`validate${pascal(id)}Response`]?.schemaId).toBe(schemaIdOf(success?.[1]));
    expect(byName[`validate${pascal(id)}RequestBody`]?.schemaId).toBe(schemaIdOf(operation.requestBody));
  });

  it("leaves out a response without a body (304 of GET /certificates/{id})", () => {
    expect(Object.keys(operationValidators.getCertificate.responses)).not.toContain("304");
    expect(document.paths["/certificates/{id}"].get.responses["304"]).toBeDefined();
  });
});

describe("eventValidators", () => {
  it("has one validator per event type, on the schema of its webhook", () => {
    expect(Object.keys(eventValidators).sort()).toEqual([...eventTypes].sort());
    for (const [type, validate] of Object.entries(eventValidators)) {
      expect(validate.schemaId).toBe(schemaIdOf(document.webhooks[type].post.requestBody));
    }
  });
});
