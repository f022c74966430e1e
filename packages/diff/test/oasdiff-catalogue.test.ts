// The engine against oasdiff's catalogue of checks (oasdiff-catalogue/ids.json, read from its
// release by extract.mjs): every oasdiff id is either a check of CHECKS, at oasdiff's level, or
// declined with its reason in oasdiff-catalogue/declined.json, and docs/lint-and-diff.md shows
// those reasons as scripts/oasdiff-declined.mjs writes them. Implementing a check fails here until
// its entry leaves declined.json, so the list of what is missing stays exact.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CHECKS, type Level } from "../src/index.js";

type OasdiffLevel = "error" | "warning" | "info";

interface Catalogue {
  tag: string;
  commit: string;
  checks: { id: string; level: OasdiffLevel; description: string }[];
}

interface Declined {
  /** oasdiff id → why the engine does not implement it. */
  declined: Record<string, string>;
  /** oasdiff id → why the engine rates it at another level. */
  "levels-differ": Record<string, string>;
}

const read = <T>(name: string): T => JSON.parse(readFileSync(new URL(`oasdiff-catalogue/${name}`, import.meta.url), "utf8")) as T;
const catalogue = read<Catalogue>("ids.json");
const { declined, "levels-differ": levelsDiffer } = read<Declined>("declined.json");
const engine = new Map(CHECKS.map((check) => [check.id, check.level]));
const oasdiff = new Map(catalogue.checks.map((check) => [check.id, check.level]));

/** The engine's levels that agree with oasdiff's: ERR and WARN break the default gate, WARN may stay a warning. */
const AGREEING: Record<OasdiffLevel, Level[]> = { error: ["breaking"], warning: ["warning", "breaking"], info: ["info"] };
const agrees = (id: string) => AGREEING[oasdiff.get(id)!].includes(engine.get(id)!);

const implemented = catalogue.checks.filter(({ id }) => engine.has(id));

describe(`oasdiff ${catalogue.tag}'s checks`, () => {
  it("are each implemented or declined with a reason", () => {
    const neither = catalogue.checks.filter(({ id }) => !engine.has(id) && !Object.hasOwn(declined, id)).map(({ id }) => id);
    expect(neither, "oasdiff ids neither in CHECKS nor in oasdiff-catalogue/declined.json").toEqual([]);
    console.log(
      `oasdiff ${catalogue.tag}: ${catalogue.checks.length} checks; implemented ${implemented.length}, ` +
        `declined ${Object.keys(declined).length}, levels differ ${Object.keys(levelsDiffer).length}`,
    );
  });

  it("are declined only when the engine lacks them and oasdiff has them", () => {
    const ids = Object.keys(declined);
    expect(
      ids.filter((id) => engine.has(id)),
      "implemented now: remove from declined.json and run `npm run docs:checks`",
    ).toEqual([]);
    expect(
      ids.filter((id) => !oasdiff.has(id)),
      `not a check of oasdiff ${catalogue.tag}`,
    ).toEqual([]);
  });

  it("keep oasdiff's level unless levels-differ says why", () => {
    const differing = implemented.filter(({ id }) => !agrees(id)).map(({ id }) => id);
    expect(
      differing.filter((id) => !Object.hasOwn(levelsDiffer, id)).map((id) => `${id}: oasdiff ${oasdiff.get(id)}, here ${engine.get(id)}`),
      "levels that differ from oasdiff's without a reason in declined.json's levels-differ",
    ).toEqual([]);
    expect(
      Object.keys(levelsDiffer).filter((id) => !differing.includes(id)),
      "levels-differ entries whose level agrees with oasdiff's now, or that name no check of both",
    ).toEqual([]);
  });

  it("give a reason that says something", () => {
    for (const [id, reason] of Object.entries({ ...declined, ...levelsDiffer })) {
      expect(reason.length, id).toBeGreaterThan(40);
      expect(reason, id).not.toMatch(/\b(TODO|not yet|later)\b/i);
    }
  });

  it("are listed in docs/lint-and-diff.md as the data says", () => {
    const script = fileURLToPath(new URL("../../../scripts/oasdiff-declined.mjs", import.meta.url));
    const run = spawnSync(process.execPath, [script, "--check"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });
});
