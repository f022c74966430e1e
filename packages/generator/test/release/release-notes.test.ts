// The diff engine's findings in an SDK's terms: each on the method or type the SDK names, in
// the language's own names, methods and types only one version has added or removed, and the
// counts and bump the findings make.
import { compareDocuments } from "@signing-platform/diff";
import { describe, expect, it } from "vitest";
import { pythonNames } from "../../src/python/python-names.js";
import { releaseNotes } from "../../src/release/release-notes.js";
import { buildSdkModel } from "../../src/sdk-model.js";
import { typeScriptNames } from "../../src/typescript/typescript-names.js";
import { loaded, petsV1, petsV2 } from "./pets-history.js";

const findings = compareDocuments(loaded(petsV1, "v1.yaml"), loaded(petsV2, "v2.yaml"));
const names = (of: typeof typeScriptNames) => ({ base: of(petsV1, buildSdkModel(petsV1)), head: of(petsV2, buildSdkModel(petsV2)) });

describe("releaseNotes", () => {
  const { base, head } = names(typeScriptNames);
  const notes = releaseNotes(findings, base, head);

  it("names methods as the TypeScript SDK does, each with its operation", () => {
    expect(notes.methods.added.map(({ name, operation }) => [name, operation])).toEqual([["sdk.petOwners.create()", "POST /pet-owners"]]);
    expect(notes.methods.removed.map(({ name }) => name)).toEqual(["sdk.pets.delete()"]);
    expect(notes.methods.removed[0]!.lines.map(({ id, kind }) => [id, kind])).toEqual([["api-removed-without-deprecation", "breaking"]]);
  });

  it("names methods as the Python SDK does", () => {
    const python = names(pythonNames);
    const inPython = releaseNotes(findings, python.base, python.head);
    expect(inPython.methods.added.map(({ name }) => name)).toEqual(["client.pet_owners.create()"]);
    expect(inPython.methods.removed.map(({ name }) => name)).toEqual(["client.pets.delete()"]);
  });

  it("says a change of a shared schema once, on its type, with the methods it reaches through", () => {
    const pet = notes.types.changed.find(({ name }) => name === "Pet")!;
    expect(pet.lines.map(({ id, kind, occurrences }) => [id, kind, occurrences])).toEqual([
      ["response-optional-property-removed", "breaking", 2],
      ["response-optional-property-added", "added", 2],
    ]);
  });

  it("lists the types only one version has", () => {
    expect(notes.types.added.map(({ name }) => name)).toEqual(["New"]);
    expect(notes.types.removed.map(({ name }) => name)).toEqual(["Old"]);
  });

  it("counts every finding once, by its kind, and bumps by the most severe", () => {
    const breaking = findings.filter(({ level }) => level === "breaking").length;
    expect(notes.counts.breaking).toBe(breaking);
    expect(notes.counts.breaking + notes.counts.added + notes.counts.changed).toBeGreaterThanOrEqual(findings.length);
    expect(notes.bump).toBe("major");
  });

  it("makes an addition a minor release and nothing a patch", () => {
    const forward = compareDocuments(loaded(petsV1, "v1.yaml"), loaded(petsV1, "v1.yaml"));
    expect(releaseNotes(forward, base, base).bump).toBe("patch");
    const added = releaseNotes([], base, { methods: new Map([...base.methods, ["GET /toys", "sdk.toys.list()"]]), types: base.types });
    expect([added.bump, added.methods.added.map(({ name }) => name), added.counts]).toEqual([
      "minor",
      ["sdk.toys.list()"],
      { breaking: 0, added: 1, changed: 0 },
    ]);
  });
});
