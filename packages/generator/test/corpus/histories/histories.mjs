// @ts-check
// Three real API histories: successive published versions of OpenAI's, GitHub's and Stripe's
// documents, each pair of neighbours a release of an SDK from the API diff (`signing-platform
// generate --previous`). The newest version of OpenAI's and of GitHub's is the corpus' own
// document (../index.json); each older one is made from it by undoing, newest first, the changes
// kept here as unified diffs, exactly as their publishers made them (README.md names each).
// Stripe's two versions are those of the benchmarks (bench/data/stripe), kept whole.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { applyPatch, parsePatch, reversePatch } from "diff";

const here = fileURLToPath(new URL(".", import.meta.url));
const corpus = fileURLToPath(new URL("..", import.meta.url));
const benchData = fileURLToPath(new URL("../../../../../bench/data", import.meta.url));

/**
 * @typedef {object} HistorySource
 * @property {string} api what the versions are of
 * @property {"json" | "yaml"} extension
 * @property {string} newestFile the newest version, gzipped: the corpus' document
 * @property {string[]} chain the versions' labels, oldest first; `<name>/<label>.patch` is the change that made each but the first
 */

/** @type {Record<"openai" | "github", HistorySource>} */
const PATCHED = {
  openai: {
    api: "OpenAI (github.com/openai/openai-openapi, openapi.yaml, a version per commit)",
    extension: "yaml",
    newestFile: join(corpus, "openai", "openapi.yaml.gz"),
    chain: [
      "23e6f5b",
      "c094647",
      "b6c1bec",
      "2329a66",
      "9b457ac",
      "2186421",
      "06a9404",
      "5fd39db",
      "b8d775d",
      "e68e9be",
      "b0da4ea",
      "010421d",
      "13c6a94",
      "f85dbe2",
    ],
  },
  github: {
    api: "GitHub (npm @octokit/openapi, generated/api.github.com.json, a version per release)",
    extension: "json",
    newestFile: join(corpus, "github", "openapi.json.gz"),
    chain: ["23.0.0", "23.0.1", "23.0.2"],
  },
};

/** The names of the histories, in the order tests and benchmarks read them. */
export const HISTORY_NAMES = /** @type {const} */ (["openai", "github", "stripe"]);

/** @typedef {(typeof HISTORY_NAMES)[number]} HistoryName */

/**
 * @typedef {object} History
 * @property {string} api
 * @property {"json" | "yaml"} extension
 * @property {{ label: string, text: string }[]} versions oldest first
 */

/** @param {HistoryName} name @returns {History} */
export function history(name) {
  if (name === "stripe") {
    const side = (/** @type {string} */ which) => gunzipSync(readFileSync(join(benchData, "stripe", `spec3.${which}.json.gz`))).toString("utf8");
    return {
      api: "Stripe (github.com/stripe/openapi, openapi/spec3.json, two consecutive commits)",
      extension: "json",
      versions: [
        { label: "e925391", text: side("base") },
        { label: "aa2a66d", text: side("head") },
      ],
    };
  }
  const source = PATCHED[name];
  let text = gunzipSync(readFileSync(source.newestFile)).toString("utf8");
  const versions = [{ label: /** @type {string} */ (source.chain.at(-1)), text }];
  // The newest change undone first: the version it made, less that change, is the one before.
  for (let index = source.chain.length - 1; index > 0; index--) {
    const label = source.chain[index];
    const [patch] = parsePatch(readFileSync(join(here, name, `${label}.patch`), "utf8"));
    const older = patch && applyPatch(text, reversePatch(patch));
    if (!older) throw new Error(`${name}/${label}.patch does not undo on version ${label}.`);
    text = older;
    versions.unshift({ label: /** @type {string} */ (source.chain[index - 1]), text });
  }
  return { api: source.api, extension: source.extension, versions };
}

/**
 * Writes each version of a history into `dir` as `<name>-<label>.<extension>`.
 * @param {HistoryName} name @param {string} dir
 * @returns {{ api: string, files: { label: string, file: string }[] }} the files, oldest first
 */
export function writeHistory(name, dir) {
  const { api, extension, versions } = history(name);
  const files = versions.map(({ label, text }) => {
    const file = join(dir, `${name}-${label}.${extension}`);
    writeFileSync(file, text);
    return { label, file };
  });
  return { api, files };
}
