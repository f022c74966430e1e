// The breaking-change engine as a library: load two OpenAPI documents, compare them, and get
// the findings as data; then filter them (ignore files, severity levels) and write them in
// any of the report formats. `signing-platform diff` and `changelog` are commands over this.
// Loading a document (the contract's loader, @signing-platform/contract/openapi-loader, re-exported
// for users of the engine), and the error that makes input unusable
export { loadOpenApiDocument, type LoadedDocument, type LoadOptions, type Position } from "@signing-platform/contract/openapi-loader";
// (the input error is every package's, @signing-platform/contract/input; re-exported for users of the engine)
export { didYouMean, place, UnusableInputError } from "@signing-platform/contract/input";
// Comparing two documents
export { compareDocuments, type CompareOptions } from "./compare.js";
export type { PathOptions } from "./operation-pairs.js";
export { STABILITY_LEVELS, type Stability } from "./openapi/stability.js";
export type { DeprecationDays } from "./openapi/deprecation-period.js";
export type { Finding, Place, Side, SourcePlace } from "./change.js";
// Places at the source a document was built from (its source map)
export { placeInSources, readSourceMap, type DocumentSources, type SourceMapInput, type SourceMapReading } from "./source-places.js";
// The catalogue of checks
export { CHECKS, LEVELS, fails, levelOf, type Check, type Level } from "./checks/index.js";
export { checkTable } from "./check-table.js";
// What a team sets per project: accepted breaks, levels, elements left out
export { applyIgnoreFiles, readIgnoreFile, type IgnoreEntry, type IgnoreOutcome } from "./ignore-file.js";
export { readSeverityLevels, type SeverityLevel } from "./severity-levels.js";
export { EXCLUDE_ELEMENTS, parseExcludeElements, type ExcludedElement } from "./exclude-elements.js";
// Reports
export { DIFF_FORMATS, FAIL_ON, formatDiff, type Compared, type DiffFormat, type FailOn } from "./report.js";
