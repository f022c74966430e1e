// Lints documents with real Spectral and the ruleset's source, for the rule tests: the clean
// fixture, a fresh copy of it to break, and results reduced to what a test asserts.
import { readFileSync } from "node:fs";
import type { Json } from "@signing-platform/contract/openapi";
import { Document, Ruleset, Spectral } from "@stoplight/spectral-core";
import * as Parsers from "@stoplight/spectral-parsers";
import YAML from "yaml";
import ruleset from "../../src/ruleset.js";

export type { Json };

export interface Finding {
  code: string;
  message: string;
  /** Spectral gives array indices as numbers or strings depending on the path; always strings here. */
  path: string[];
  severity: "error" | "warn" | "info" | "hint";
}

const SEVERITIES = ["error", "warn", "info", "hint"] as const;
const cleanText = readFileSync(new URL("../fixtures/clean.yaml", import.meta.url), "utf8");

/** A fresh copy of the clean fixture, to break one thing in. */
export function cleanDocument(): Json {
  return YAML.parse(cleanText);
}

/** The clean fixture with one thing broken by `breakIt`. */
export function broken(breakIt: (document: Json) => void): Json {
  const document = cleanDocument();
  breakIt(document);
  return document;
}

let spectral: Spectral | undefined;

/** Lints a document (an object, or YAML text) with the conventions ruleset. */
export async function lint(document: Json | string, rulesetDefinition: object = ruleset): Promise<Finding[]> {
  const text = typeof document === "string" ? document : YAML.stringify(document);
  const linter = rulesetDefinition === ruleset ? (spectral ??= makeSpectral(ruleset)) : makeSpectral(rulesetDefinition);
  const results = await linter.run(new Document(text, Parsers.Yaml, "/fixture.yaml"));
  return results.map((found) => ({
    code: String(found.code),
    message: found.message,
    path: found.path.map(String),
    severity: SEVERITIES[found.severity]!,
  }));
}

function makeSpectral(definition: object): Spectral {
  const linter = new Spectral();
  linter.setRuleset(new Ruleset(definition as any));
  return linter;
}

/** A maker of the findings one rule is expected to give: `expected(message, path)`. */
export function findingsOf(code: string, severity: Finding["severity"] = "error") {
  return (message: string, path: Finding["path"]): Finding => ({ code, message, path, severity });
}

/** Case table row: a name, what to break in the clean fixture, and the findings it must give. */
export type BreakCase = [name: string, breakIt: (document: Json) => void, want: Finding[]];

/** Renames a key of an object in place, keeping its position. */
export function renameKey(object: Json, from: string, to: string): void {
  const entries = Object.entries(object).map(([key, value]) => [key === from ? to : key, value] as const);
  for (const key of Object.keys(object)) delete object[key];
  for (const [key, value] of entries) object[key] = value;
}
