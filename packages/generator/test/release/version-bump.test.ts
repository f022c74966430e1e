// The SDK's next version from the diff engine's verdicts: never lower than the most severe
// change, read from a semver or PEP 440 version alike, and under 1.0.0 one step lower.
import { CHECKS, type Finding } from "@signing-platform/diff";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ADDITIONS, type Bump, bumpOf, type Kind, kindOf, nextVersion } from "../../src/release/version-bump.js";

const RANK: Record<Bump, number> = { patch: 0, minor: 1, major: 2 };
const kinds = fc.array(fc.constantFrom<Kind>("breaking", "added", "changed"), { maxLength: 30 });
const check = fc.constantFrom(...CHECKS);

describe("kindOf", () => {
  it("names only checks of the diff engine's catalogue as additions, none of them breaking", () => {
    const catalogue = new Map(CHECKS.map(({ id, level }) => [id, level]));
    for (const id of ADDITIONS) expect(catalogue.get(id), id).toMatch(/^(info|warning)$/);
  });

  it("gives every breaking finding its level and every other one added or changed", () => {
    fc.assert(
      fc.property(check, ({ id, level }) => {
        const kind = kindOf({ id, level } as Pick<Finding, "id" | "level">);
        expect(kind).toBe(level === "breaking" ? "breaking" : ADDITIONS.has(id) ? "added" : "changed");
      }),
    );
  });
});

describe("bumpOf", () => {
  it("is never lower than the most severe change, and no higher", () => {
    fc.assert(
      fc.property(kinds, (changes) => {
        const wanted: Bump = changes.includes("breaking") ? "major" : changes.includes("added") ? "minor" : "patch";
        expect(bumpOf(changes)).toBe(wanted);
        for (const change of changes) expect(RANK[bumpOf(changes)]).toBeGreaterThanOrEqual(RANK[bumpOf([change])]);
      }),
    );
  });
});

describe("nextVersion", () => {
  it.each([
    ["1.4.2", "major", "2.0.0"],
    ["1.4.2", "minor", "1.5.0"],
    ["1.4.2", "patch", "1.4.3"],
    ["1.4.2-beta.1", "major", "2.0.0"],
    ["v3", "minor", "3.1.0"],
    ["2024.1.1", "patch", "2024.1.2"],
    ["1.0.27.dev0", "minor", "1.1.0"],
    ["0.3.1", "major", "0.4.0"],
    ["0.3.1", "minor", "0.3.2"],
    ["0.3.1", "patch", "0.3.2"],
    ["beta", "major", "0.1.0"],
  ] as const)("raises %s by a %s release to %s", (version, bump, next) => {
    expect(nextVersion(version, bump)).toBe(next);
  });

  it("always gives a later version of three numbers, whatever it is given", () => {
    const numbers = fc.tuple(fc.nat(10_000), fc.nat(10_000), fc.nat(10_000));
    fc.assert(
      fc.property(numbers, fc.constantFrom<Bump>("major", "minor", "patch"), fc.string(), ([major, minor, patch], bump, label) => {
        const next = nextVersion(`${major}.${minor}.${patch}${label ? `-${label}` : ""}`, bump);
        expect(next).toMatch(/^\d+\.\d+\.\d+$/);
        const [a, b, c] = next.split(".").map(Number) as [number, number, number];
        expect(a * 1e10 + b * 1e5 + c).toBeGreaterThan(major * 1e10 + minor * 1e5 + patch);
      }),
    );
  });
});
