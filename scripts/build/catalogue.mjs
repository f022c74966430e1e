// @ts-check
// generated/catalogue.json: the error codes, statuses, events, limits and header names of
// the interface document, as data. Derived from the finished OpenAPI document's root
// extensions, which the conventions library (spec/lib/src/validate.js) and the limit and
// header constants of the spec write. Nothing here is typed by hand.
import { EXTENSIONS } from "@signing-platform/contract";
import { generatedNotice } from "./paths.mjs";

/**
 * @param {import("openapi-typescript").OpenAPI3} document
 * @param {`x-${string}`} extension
 */
function required(document, extension) {
  const value = document[extension];
  if (value === undefined) throw new Error(`The OpenAPI document has no ${extension}.`);
  return value;
}

/** @param {import("openapi-typescript").OpenAPI3} document the finished OpenAPI document */
export function buildCatalogue(document) {
  const { errors, statuses, events } = required(document, EXTENSIONS.catalogue);
  const limits = required(document, EXTENSIONS.limits);
  const headers = required(document, EXTENSIONS.headers);
  const webhookHeaders = required(document, EXTENSIONS.webhookHeaders);
  const { webhook_retry_schedule_seconds, ...otherLimits } = limits;
  return {
    $comment: generatedNotice,
    api_version: document.info.version,
    errors,
    statuses,
    events,
    limits: otherLimits,
    webhook_retry_schedule_seconds,
    headers,
    webhook_headers: webhookHeaders,
  };
}
