// An SDK's release from the change of its document: the diff engine (@signing-platform/diff)
// compares the document the SDK was last generated from with the one it is generated from now;
// its findings, named as the SDK names methods and types in each version, make the CHANGELOG.md
// entry and the next version. The version raised is the SDK's own, read from the folder it was
// generated into; a folder without one starts from the version the previous document gives.
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { LoadedDocument } from "@signing-platform/contract/openapi-loader";
import { compareDocuments } from "@signing-platform/diff";
import { withBundledSchemasAsComponents } from "../bundled-schemas.js";
import { GeneratorInputError } from "../generator-input-error.js";
import { checkOpenApiDocument, loadGeneratorInput, type OpenApiDocument } from "../load-document.js";
import { withOperationRefsFollowed } from "../operation-refs.js";
import { pep440Version, semverVersion } from "../package-versions.js";
import { pythonNames } from "../python/python-names.js";
import { buildSdkModel, type SdkModel } from "../sdk-model.js";
import { typeScriptNames } from "../typescript/typescript-names.js";
import { changelogEntry, withEntry } from "./changelog-entry.js";
import { type ReleaseNotes, releaseNotes } from "./release-notes.js";
import type { SdkNames } from "./sdk-names.js";
import { type Bump, type Kind, nextVersion } from "./version-bump.js";

/** The file of an SDK's folder that holds its release notes. */
export const CHANGELOG_FILE = "CHANGELOG.md";

/** What each language's SDK calls things, how it writes a version, and the manifest that holds its own. */
const LANGUAGES = {
  typescript: {
    names: typeScriptNames,
    version: semverVersion,
    manifest: "package.json",
    versionIn: (text: string) => (JSON.parse(text) as { version?: unknown }).version,
  },
  python: {
    names: pythonNames,
    version: pep440Version,
    manifest: "pyproject.toml",
    // As pyproject.toml.njk writes it.
    versionIn: (text: string) => /^version = "([^"\n]*)"$/m.exec(text)?.[1],
  },
} as const;

/** An SDK's language. */
export type SdkLanguage = keyof typeof LANGUAGES;

/** What a release of an SDK is: its version and the one before, the bump, and the count of each kind of change. */
export interface SdkRelease {
  /** The version written: `2.0.0`. */
  version: string;
  /** The version it follows: the SDK folder's, else the previous document's. */
  previousVersion: string;
  /** The part of the version raised: `major` for a breaking change, `minor` for an addition, else `patch`. */
  bump: Bump;
  /** How many changes are breaking, additions, or other changes. */
  counts: Record<Kind, number>;
  /** The release's entry, as it stands on top of CHANGELOG.md: the body of a pull request that proposes it. */
  entry: string;
}

/** The release, and the CHANGELOG.md its folder gets. */
export interface ReleaseToWrite {
  release: SdkRelease;
  changelog: string;
}

/** The document as the loader gives one, for the diff engine: its places are the bundle's pointers, with no line. */
function asLoaded(file: string, data: OpenApiDocument): LoadedDocument {
  return {
    file,
    path: resolve(file),
    text: "",
    data: data as LoadedDocument["data"],
    locate: () => undefined,
    bundled: () => ({ data: data as LoadedDocument["data"], placeOf: (pointer) => ({ file, pointer }) }),
  };
}

/** The previous document, loaded and held to what the generator needs, with its SDK model; named by its file in what it refuses. */
async function previousDocument(previous: string | LoadedDocument): Promise<{ file: string; document: OpenApiDocument; model: SdkModel }> {
  const loaded = typeof previous === "string" ? await loadGeneratorInput(previous) : previous;
  // As the SDK was generated from it (generate-sdk.ts), so that both versions are compared alike.
  const document = withBundledSchemasAsComponents(withOperationRefsFollowed(checkOpenApiDocument(loaded.bundled().data, loaded.file)));
  try {
    return { file: loaded.file, document, model: buildSdkModel(document) };
  } catch (error) {
    if (error instanceof GeneratorInputError) throw new GeneratorInputError(`${loaded.file}: ${error.message}`, { cause: error });
    throw error;
  }
}

/** The version the SDK in `outDir` states, when the folder holds one. */
async function versionInFolder(outDir: string, language: SdkLanguage): Promise<string | undefined> {
  const { manifest, versionIn } = LANGUAGES[language];
  const text = await readFile(join(outDir, manifest), "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const version = versionIn(text);
    return typeof version === "string" && version !== "" ? version : undefined;
  } catch {
    return undefined;
  }
}

/** What {@link releaseOf} compares: the SDK now, and the document it was generated from before. */
export interface ReleaseInput {
  language: SdkLanguage;
  outDir: string;
  /** The document now, as the user named it, and as the SDK is generated from it (its operations' and bundled schemas' references followed). */
  input: string;
  document: OpenApiDocument;
  model: SdkModel;
  /** The document the SDK was generated from before: a file, or loaded by the contract's loader. */
  previous: string | LoadedDocument;
  /** The day of the release; today by default. */
  today?: Date;
}

/** The release and changelog of the SDK generated from `input` after `previous`. */
export async function releaseOf(options: ReleaseInput): Promise<ReleaseToWrite> {
  const { language, outDir, input, document, model } = options;
  const previous = await previousDocument(options.previous);
  const findings = compareDocuments(asLoaded(previous.file, previous.document), asLoaded(input, document));
  const names: Record<"base" | "head", SdkNames> = {
    base: LANGUAGES[language].names(previous.document, previous.model),
    head: LANGUAGES[language].names(document, model),
  };
  const notes: ReleaseNotes = releaseNotes(findings, names.base, names.head);
  const previousVersion = (await versionInFolder(outDir, language)) ?? LANGUAGES[language].version(previous.model.version);
  const version = nextVersion(previousVersion, notes.bump);
  const entry = changelogEntry(
    { version, previousVersion, date: (options.today ?? new Date()).toISOString().slice(0, 10), previous: previous.file, current: input },
    notes,
  );
  const earlier = await readFile(join(outDir, CHANGELOG_FILE), "utf8").catch(() => undefined);
  return { release: { version, previousVersion, bump: notes.bump, counts: notes.counts, entry }, changelog: withEntry(earlier, entry) };
}
