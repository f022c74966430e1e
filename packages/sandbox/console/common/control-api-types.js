// @ts-check
// The control API's answers, as packages/sandbox/openapi/control-api.yaml describes them and the
// sandbox sends them. Types only: every module that reads an answer imports its shape from here.

/**
 * @typedef {object} Endpoint
 * @property {string} id
 * @property {string} url
 * @property {boolean} enabled
 * @property {"manual" | "failing" | null} disabled_reason
 * @property {string} created_at
 */
/**
 * @typedef {object} Attempt
 * @property {string} id
 * @property {string} delivery_id
 * @property {string} event_id
 * @property {string} event_type
 * @property {number} attempt 1 for the first attempt of a delivery
 * @property {string} attempted_at
 * @property {number} duration_ms
 * @property {Record<string, string>} request_headers
 * @property {string} request_body
 * @property {number | null} response_status
 * @property {string | null} response_body_excerpt
 * @property {string | null} error
 * @property {boolean} succeeded
 * @property {string | null} next_attempt_at
 */
/**
 * @typedef {object} Delivery the latest attempt of a delivery of an event
 * @property {string} delivery_id
 * @property {string} endpoint_id
 * @property {string} endpoint_url
 * @property {number} attempts
 * @property {boolean} succeeded
 * @property {string} last_attempted_at
 * @property {number | null} [response_status]
 * @property {string | null} [error]
 * @property {string | null} next_attempt_at
 */
/** @typedef {{ id: string, type: string, first_attempted_at: string, deliveries: Delivery[] }} EventDeliveries */
/** @typedef {{ request_id: string, method: string, path: string, status: number, duration_ms: number, at: string }} LoggedCall */
/** @typedef {LoggedCall & { request_body: string | null, response_body: string | null }} LoggedCallWithBodies */
/** @typedef {{ organization_id: string, access_token: string }} Organization */

export {};
