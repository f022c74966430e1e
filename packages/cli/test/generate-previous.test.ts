// `signing-platform generate --previous`, run as the real command on the project's own
// document and that document with an operation taken out (the version before one that adds it):
// the SDK's version raised from the folder's, its CHANGELOG.md with the entry on top of the
// earlier ones, the entry alone with --changelog-entry. Releases on real API histories, against
// the diff engine's verdicts, are release-histories.test.ts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import YAML from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { releaseOf } from "../../generator/test/release/release-line.mjs";
import { generatedOpenApi, runCli, workspace } from "./support/cli.js";

const space = workspace();
afterAll(space.cleanup);

function released(stdout: string) {
  const release = releaseOf(stdout);
  expect(release, stdout).toBeDefined();
  return release!;
}

describe("signing-platform generate --previous", () => {
  const head = space.write("openapi.yaml", generatedOpenApi());
  const document = YAML.parse(generatedOpenApi());
  const [path, item] = Object.entries(document.paths as Record<string, Record<string, unknown>>).find(([, item]) => "post" in item)!;
  delete item.post;
  const base = space.write("previous.yaml", document);

  it("releases a minor version for an added operation, naming its method as the SDK does", async () => {
    const run = await runCli(["generate", head, "--out", "sdk", "--previous", base], space.dir);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const release = released(run.stdout);
    expect(release).toMatchObject({ version: "1.1.0", previous: "1.0.0", bump: "minor", breaking: 0 });
    expect(release.added).toBeGreaterThan(0);
    expect(JSON.parse(readFileSync(join(space.dir, "sdk", "package.json"), "utf8")).version).toBe("1.1.0");
    const changelog = readFileSync(join(space.dir, "sdk", "CHANGELOG.md"), "utf8");
    const added = new RegExp(
      `^### Methods added\\n\\n- \`sdk\\.(\\w+)\\.(\\w+)\\(\\)\` \\(\`POST ${path.replace(/[{}]/g, "\\$&")}\`\\)$`,
      "m",
    ).exec(changelog);
    expect(added, changelog).not.toBeNull();
    // The method the changelog names is the one the SDK's README documents.
    expect(readFileSync(join(space.dir, "sdk", "README.md"), "utf8")).toContain(`sdk.${added![1]}.${added![2]}`);
  });

  it("raises the folder's own version next time, with its entry above the earlier one, and writes that entry alone with --changelog-entry", async () => {
    const run = await runCli(["generate", head, "--out", "sdk", "--previous", head, "--changelog-entry", "entry.md"], space.dir);
    expect(run.status).toBe(0);
    expect(released(run.stdout)).toMatchObject({ version: "1.1.1", previous: "1.1.0", bump: "patch", breaking: 0, added: 0, changed: 0 });
    const changelog = readFileSync(join(space.dir, "sdk", "CHANGELOG.md"), "utf8");
    const entry = readFileSync(join(space.dir, "entry.md"), "utf8");
    expect(entry).toMatch(/^## 1\.1\.1 \(\d{4}-\d{2}-\d{2}\)\n/);
    expect(entry).not.toContain("## 1.1.0");
    expect(changelog.startsWith(`# Changelog\n\n${entry}\n## 1.1.0 (`)).toBe(true);
    const headings = changelog.match(/^#{1,2} .*$/gm);
    expect(headings).toEqual([
      "# Changelog",
      expect.stringMatching(/^## 1\.1\.1 \(\d{4}-\d{2}-\d{2}\)$/),
      expect.stringMatching(/^## 1\.1\.0 \(\d{4}-\d{2}-\d{2}\)$/),
    ]);
  });
});
