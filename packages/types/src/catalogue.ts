// The catalogue of generated/catalogue.json as typed `as const` data: the only copy of the
// codes, statuses, event types, limits and header names in this package.
import { catalogue } from "./generated/catalogue.js";

export { catalogue };

/** Every error code with its status, retry class, condition and operations (Errors › Error codes). */
export const errorCatalogue = catalogue.errors;
/** Every HTTP status with its meaning and retry class (Errors › HTTP statuses). */
export const statusCatalogue = catalogue.statuses;
/** Every event type and when it is emitted (Events › Event types). */
export const eventCatalogue = catalogue.events;
/** The limits table; values the source does not give are the string "not specified by the source". */
export const limits = catalogue.limits;
/** Delays between webhook delivery attempts, in seconds (docs/decisions.md#retry-schedule). */
export const webhookRetryScheduleSeconds = catalogue.webhook_retry_schedule_seconds;
/** Names of the headers on API requests and responses. */
export const headerNames = catalogue.headers;
/** Names of the webhook delivery headers (docs/decisions.md#header-prefix: the `Service` prefix is one constant). */
export const webhookHeaderNames = catalogue.webhook_headers;

/** The type of the whole catalogue: error codes, statuses, events, limits and header names, as `as const` data. */
export type Catalogue = typeof catalogue;
/** One entry of the error catalogue: a code with its status, retry class, condition and operations. */
export type ErrorCatalogueEntry = Catalogue["errors"][number];
/** One entry of the status catalogue: an HTTP status with its meaning and retry class. */
export type StatusCatalogueEntry = Catalogue["statuses"][number];
