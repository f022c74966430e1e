// What the delivery engine keeps: endpoints (with their secrets and failing state),
// deliveries (one event to one endpoint, with its schedule) and attempts (what a console
// lists: Resources › Webhook endpoint, "the Attempts of each endpoint").

export interface EndpointSecret {
  /** `whsec_…`: the HMAC key as shown to the customer (docs/decisions.md#signing-key). Never logged. */
  secret: string;
  /** When a rotated-out secret stops being used to sign (ms), or null while current. */
  expiresAt: number | null;
}

export interface EndpointRecord {
  id: string;
  /**
   * Whose events the endpoint receives, for a sender serving several customers (an
   * organization id); null receives every published event.
   */
  owner: string | null;
  url: string;
  secrets: EndpointSecret[];
  enabled: boolean;
  /** Why it is off: turned off by hand, or failing for the retry window (Delivery and retry rules 3). */
  disabledReason: "manual" | "failing" | null;
  disabledAt: number | null;
  /** Start of the current run of failures, null after a success. */
  failingSince: number | null;
  lastSuccessAt: number | null;
  createdAt: number;
}

export type DeliveryStatus =
  /** Waiting for its next attempt. */
  | "pending"
  | "succeeded"
  /** Every attempt the schedule allows failed. */
  | "failed"
  /** Dropped without an attempt because its endpoint was turned off or removed. */
  | "canceled";

export interface DeliveryRecord {
  /** `Service-Delivery`: one event to one endpoint, the same on each of its retries. */
  id: string;
  eventId: string;
  eventType: string;
  endpointId: string;
  /** The exact body, sent byte for byte on every attempt (docs/decisions.md#signed-content). */
  body: string;
  status: DeliveryStatus;
  attempts: number;
  createdAt: number;
  firstAttemptAt: number | null;
  lastAttemptAt: number | null;
  /** When the next attempt is due (ms), while pending. */
  nextAttemptAt: number | null;
}

export interface AttemptRecord {
  id: string;
  deliveryId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  /** 1 for the first attempt of the delivery. */
  attempt: number;
  url: string;
  /** What was sent: the headers (signature included, never a secret) and the body. */
  request: { headers: Record<string, string>; body: string };
  startedAt: number;
  durationMs: number;
  /** The response status, or null when none arrived (timeout, connection error). */
  status: number | null;
  /** The first bytes of the response body, as text. */
  responseBodyExcerpt: string | null;
  /** Why it failed without a status: "timeout after 10000 ms", "ECONNREFUSED", … */
  error: string | null;
  outcome: "succeeded" | "failed";
  /** When the retry is due, null when none follows. */
  nextAttemptAt: number | null;
}

export interface ClaimedDelivery {
  delivery: DeliveryRecord;
  /** Proves this engine still holds the claim when it writes the outcome. */
  claimToken: string;
}

export interface EndpointFailure {
  at: number;
  /** Turn the endpoint off once it has failed this long with no success. */
  windowMs: number;
  /**
   * Set when a delivery has failed for good: its first attempt. If the endpoint has had no
   * success since then, it has failed for the whole retry window and is turned off.
   */
  exhaustedDeliveryFirstAttemptAt: number | null;
}
