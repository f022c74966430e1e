// What an answer should be, said the way the fixed checks say it: the status expected and,
// for a refusal, the catalogue's code and a details[].field naming what was wrong
// (Errors › Error body).
import type { Contract } from "../../contract.js";
import { errorCodeOf, isSuccess, type Exchange } from "../../exchange.js";

/** Null when the answer is `status` (with `code`, when the catalogue has it); else what differs. */
export function statusProblem(
  contract: Contract,
  exchange: Exchange,
  status: number,
  code: string | undefined,
  why: string,
): string | null {
  const { response } = exchange;
  const wanted = code && contract.errorCodes?.[code] ? code : undefined;
  if (response.status !== status) return `expected ${status}${wanted ? ` ${wanted}` : ""} ${why}`;
  if (!wanted || errorCodeOf(response) === wanted) return null;
  return `the status is right ${why}, but error.code is ${errorCodeOf(response) ?? "missing"} where ${wanted} is expected`;
}

/** Null when the answer is 400 with a details[].field naming one of `fields`; else what differs. */
export function refusalProblem(exchange: Exchange, fields: readonly string[], why: string): string | null {
  const { response } = exchange;
  if (response.status !== 400) return `expected 400 with a detail naming ${fields.join(" or ")} (${why})`;
  const error = (response.json as { error?: { details?: unknown } } | undefined)?.error;
  const details = Array.isArray(error?.details) ? (error.details as Array<{ field?: unknown }>) : [];
  const named = details.map((detail) => detail.field).filter((name): name is string => typeof name === "string");
  if (named.some((name) => fields.some((field) => names(name, field)))) return null;
  return `the status is right (${why}), but no details[].field names ${fields.join(" or ")} (${named.length > 0 ? `they name ${named.join(", ")}` : "details is empty"})`;
}

/**
 * Whether a detail's field names `field`: the same path, a path within it or one that holds
 * it; a query parameter by its name, bare or as the last segment of a path (`limit`, `$.limit`).
 */
function names(detail: string, field: string): boolean {
  if (detail === field || field.startsWith(`${detail}.`) || field.startsWith(`${detail}[`) || detail.startsWith(field)) return true;
  if (field.startsWith("$")) return false;
  const last = detail
    .split(/[.[\]'"/]+/)
    .filter(Boolean)
    .pop();
  return last === field;
}

/** Null for a success; else what differs. */
export const successProblem = (exchange: Exchange, why: string): string | null =>
  isSuccess(exchange.response.status) ? null : `expected a success ${why}`;
