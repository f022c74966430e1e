// The CHANGELOG.md entry: its heading and summary, a section per kind of change with the
// engine's words and check ids, the breaking ones marked, and earlier entries kept below it.
import { compareDocuments } from "@signing-platform/diff";
import { describe, expect, it } from "vitest";
import { changelogEntry, withEntry } from "../../src/release/changelog-entry.js";
import { releaseNotes } from "../../src/release/release-notes.js";
import { buildSdkModel } from "../../src/sdk-model.js";
import { typeScriptNames } from "../../src/typescript/typescript-names.js";
import { loaded, petsV1, petsV2 } from "./pets-history.js";

const notes = releaseNotes(
  compareDocuments(loaded(petsV1, "v1.yaml"), loaded(petsV2, "v2.yaml")),
  typeScriptNames(petsV1, buildSdkModel(petsV1)),
  typeScriptNames(petsV2, buildSdkModel(petsV2)),
);
const heading = { version: "2.0.0", previousVersion: "1.0.0", date: "2025-03-01", previous: "v1.yaml", current: "v2.yaml" };
const entry = changelogEntry(heading, notes);

describe("changelogEntry", () => {
  it("opens with the version and the date, then what was compared and the release it makes", () => {
    const [title, summary] = entry.split("\n\n");
    expect(title).toBe("## 2.0.0 (2025-03-01)");
    expect(summary).toMatch(/^From `v1\.yaml` to `v2\.yaml`: \d+ breaking, \d+ added, \d+ changed; a major release after 1\.0\.0\.$/);
  });

  it("has a section per kind of change, in order, each item as the SDK names it", () => {
    expect(entry.match(/^### .*$/gm)).toEqual([
      "### Methods added",
      "### Methods removed",
      "### Types added",
      "### Types removed",
      "### Types changed",
      "### Other changes",
    ]);
    expect(entry).toContain("- `sdk.pets.delete()` (`DELETE /pets/{id}`)\n  - **Breaking:** ");
    expect(entry).toMatch(/^ {2}- \*\*Breaking:\*\* .+ \(`response-optional-property-removed`\) \(through 2 methods\)$/m);
  });

  it("marks only breaking findings", () => {
    const marked = entry.match(/\*\*Breaking:\*\*/g) ?? [];
    const breakingLines = [notes.methods, notes.types].flatMap((sections) =>
      [...sections.added, ...sections.removed, ...sections.changed].flatMap(({ lines }) => lines.filter(({ kind }) => kind === "breaking")),
    );
    expect(marked.length).toBe(breakingLines.length + notes.other.filter(({ kind }) => kind === "breaking").length);
  });
});

describe("withEntry", () => {
  it("starts a changelog, then puts each new entry above the earlier ones", () => {
    const first = withEntry(undefined, "## 1.0.1 (2025-01-01)\n\nFirst.\n");
    expect(first).toBe("# Changelog\n\n## 1.0.1 (2025-01-01)\n\nFirst.\n");
    const second = withEntry(first, "## 1.0.2 (2025-02-01)\n\nSecond.\n");
    expect(second).toBe("# Changelog\n\n## 1.0.2 (2025-02-01)\n\nSecond.\n\n## 1.0.1 (2025-01-01)\n\nFirst.\n");
  });

  it("keeps a changelog written by hand below the new entry", () => {
    expect(withEntry("Notes kept by hand.\n", "## 2.0.0 (2025-01-01)\n")).toBe(
      "# Changelog\n\n## 2.0.0 (2025-01-01)\n\nNotes kept by hand.\n",
    );
  });
});
