// @ts-check
// The linter of the spec: every convention of the interface document that TypeSpec can
// judge, reported at the .tsp line when the spec compiles and in the editor. tspconfig.yaml
// enables them all (`linter: extends: ["@signing-platform/typespec-conventions/all"]`). Each
// is a warning that `#suppress "<rule id>" "<reason>"` silences; `warn-as-error` makes an
// unsuppressed one fail the build. docs/spec-rules.md has a section per rule.
import { defineLinter } from "@typespec/compiler";
import { conditionalGetRule } from "./rules/conditional-get.js";
import { errorBodyRule } from "./rules/error-body.js";
import { errorCatalogueRule } from "./rules/error-catalogue.js";
import { idempotencyKeyRule } from "./rules/idempotency-key.js";
import { operationExampleRule } from "./rules/operation-example.js";
import { paginationRule } from "./rules/pagination.js";
import { resourceEtagRule } from "./rules/resource-etag.js";
import { snakeCaseRule } from "./rules/snake-case.js";
import { standardResponseHeadersRule } from "./rules/standard-response-headers.js";
import { statusTableRule } from "./rules/status-table.js";
import { suppressionReasonRule } from "./rules/suppression-reason.js";

/** Every rule of the linter, in the order docs/spec-rules.md lists them. */
export const RULES = [
  idempotencyKeyRule,
  resourceEtagRule,
  conditionalGetRule,
  paginationRule,
  errorCatalogueRule,
  statusTableRule,
  standardResponseHeadersRule,
  errorBodyRule,
  snakeCaseRule,
  operationExampleRule,
  suppressionReasonRule,
];

/**
 * The linter of the conventions: its eleven rules, each a warning at the .tsp line.
 * The rule set `all` enables them; in tspconfig.yaml:
 * `linter: extends: ["@signing-platform/typespec-conventions/all"]`.
 */
export const $linter = defineLinter({ rules: RULES });
