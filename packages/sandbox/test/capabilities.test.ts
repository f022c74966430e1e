// The capability each operation needs: its own where capabilities.ts names one, else its
// tag's, so that an operation added to the spec needs no edit of the sandbox. Read from the
// built document, and from copies of it with the operations a spec designer would add.
import { describe, expect, it } from "vitest";
import { documentedOperations, loadApiDocument, type JsonObject } from "../src/api-document.js";
import { everyCapability, OPERATION_CAPABILITIES, operationCapabilities } from "../src/capabilities.js";

const built = await loadApiDocument();

/** The built document with one more operation at `path`, tagged `tags`. */
function withOperation(path: string, operationId: string, tags: string[] | undefined): JsonObject {
  const document = structuredClone(built) as JsonObject & { paths: Record<string, JsonObject> };
  document.paths[path] = { get: { operationId, ...(tags ? { tags } : {}), responses: {} } };
  return document;
}

describe("operationCapabilities", () => {
  it("gives every operation of the built document the capability capabilities.ts names for it", () => {
    const capabilities = operationCapabilities(built);
    expect(Object.keys(capabilities).sort()).toEqual(
      documentedOperations(built)
        .map((entry) => entry.operationId)
        .sort(),
    );
    expect(capabilities).toMatchObject(OPERATION_CAPABILITIES);
    expect(everyCapability(capabilities)).toEqual([...new Set(Object.values(OPERATION_CAPABILITIES))].sort());
  });

  it.each([
    ["an operation of a tag whose operations are named", ["Signing requests"], "signing"],
    ["an operation of a new tag", ["Delivery packages"], "delivery-packages"],
    ["an operation of a new tag with punctuation", ["  Transfer requests (beta) "], "transfer-requests-beta"],
  ])("gives %s the capability of its tag", (_name, tags, capability) => {
    const capabilities = operationCapabilities(withOperation("/v1/added/{id}", "getAdded", tags));
    expect(capabilities.getAdded).toBe(capability);
    expect(everyCapability(capabilities)).toContain(capability);
  });

  it("asks no capability of an operation without a tag", () => {
    expect(operationCapabilities(withOperation("/v1/added", "listAdded", undefined))).not.toHaveProperty("listAdded");
  });
});
