// What adding a rule takes, checked: every rule of the ruleset has its own test file, which
// lints the clean fixture and a document broken for that rule, and a heading in the package
// README with the clause it checks and a bad and a good example. A new rule without either
// fails here, naming what is missing.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import ruleset from "../src/ruleset.js";

const rulesDir = fileURLToPath(new URL("../", import.meta.url));
const readme = readFileSync(`${rulesDir}README.md`, "utf8");
const ruleIds = Object.keys(ruleset.rules);

describe("every rule of the ruleset", () => {
  it("is there at all", () => expect(ruleIds.length).toBeGreaterThan(0));

  it.each(ruleIds)("%s has rules/test/<id>.test.ts", (id) => {
    expect(existsSync(`${rulesDir}test/${id}.test.ts`), `add rules/test/${id}.test.ts`).toBe(true);
  });

  it.each(ruleIds)("%s has a README heading with a bad and a good example", (id) => {
    const section = readme.split(/^## /m).find((part) => part.startsWith(`${id}\n`));
    expect(section, `add "## ${id}" to rules/README.md`).toBeDefined();
    expect(section, `rules/README.md › ${id} shows a bad and a good example`).toMatch(/```[\s\S]*```[\s\S]*```[\s\S]*```/);
  });
});
