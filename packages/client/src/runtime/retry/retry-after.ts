// Retry-After (Errors › Headers on every response: "Only on 429 and 503. Seconds to wait").
// docs/decisions.md#client-retries also accepts the HTTP-date form of RFC 9110 §10.2.3, which proxies in front
// of the service may send.

const DELAY_SECONDS = /^\d+$/;
// IMF-fixdate, the only HTTP-date form a sender may generate (RFC 9110 §5.6.7).
const IMF_FIXDATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * The wait a `Retry-After` value asks for, in milliseconds, or undefined when the header is
 * absent or is neither delay-seconds nor an IMF-fixdate. A date in the past is a wait of 0.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (DELAY_SECONDS.test(trimmed)) return Number(trimmed) * 1000;
  if (!IMF_FIXDATE.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}
