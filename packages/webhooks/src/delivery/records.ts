// What the delivery engine keeps: endpoints (with their secrets and failing state),
// deliveries (one event to one endpoint, with its schedule) and attempts (what a console
// lists: Resources › Webhook endpoint, "the Attempts of each endpoint").

/** One signing secret of an endpoint: current, or rotated out and still signing until it expires. */
export interface EndpointSecret {
  /** `whsec_…`: the HMAC key as shown to the customer (docs/decisions.md#signing-key). Never logged. */
  secret: string;
  /** When a rotated-out secret stops being used to sign (ms), or null while current. */
  expiresAt: number | null;
}

/** A webhook endpoint as the delivery engine keeps it: URL, secrets, owner and failing state. */
export interface EndpointRecord {
  /** The endpoint's id, `we_…` by default. */
  id: string;
  /**
   * Whose events the endpoint receives, for a sender serving several customers (an
   * organization id); null receives every published event.
   */
  owner: string | null;
  /** The URL deliveries are POSTed to. */
  url: string;
  /** The endpoint's secrets: the current one, and those rotated out that still sign. */
  secrets: EndpointSecret[];
  /** Whether deliveries are sent to it. */
  enabled: boolean;
  /** Why it is off: turned off by hand, or failing for the retry window (Delivery and retry rules 3). */
  disabledReason: "manual" | "failing" | null;
  /** When it was turned off (ms), or null while on. */
  disabledAt: number | null;
  /** Start of the current run of failures, null after a success. */
  failingSince: number | null;
  /** When it last acknowledged a delivery (ms), or null. */
  lastSuccessAt: number | null;
  /** When it was added (ms). */
  createdAt: number;
}

/** Where a delivery stands: pending, succeeded, failed after every attempt, or canceled. */
export type DeliveryStatus =
  /** Waiting for its next attempt. */
  | "pending"
  | "succeeded"
  /** Every attempt the schedule allows failed. */
  | "failed"
  /** Dropped without an attempt because its endpoint was turned off or removed. */
  | "canceled";

/** One event to one endpoint, with its schedule: what `Service-Delivery` names. */
export interface DeliveryRecord {
  /** `Service-Delivery`: one event to one endpoint, the same on each of its retries. */
  id: string;
  /** The id of the event delivered. */
  eventId: string;
  /** The type of the event delivered. */
  eventType: string;
  /** The endpoint the delivery is for. */
  endpointId: string;
  /** The exact body, sent byte for byte on every attempt (docs/decisions.md#signed-content). */
  body: string;
  /** Where the delivery stands. */
  status: DeliveryStatus;
  /** Attempts made so far. */
  attempts: number;
  /** When the delivery was created (ms). */
  createdAt: number;
  /** When its first attempt was made (ms), or null. */
  firstAttemptAt: number | null;
  /** When its last attempt was made (ms), or null. */
  lastAttemptAt: number | null;
  /** When the next attempt is due (ms), while pending. */
  nextAttemptAt: number | null;
}

/** One attempt of a delivery: what was sent, what came back, and what follows. */
export interface AttemptRecord {
  /** The attempt's id. */
  id: string;
  /** The delivery attempted. */
  deliveryId: string;
  /** The endpoint attempted. */
  endpointId: string;
  /** The id of the event delivered. */
  eventId: string;
  /** The type of the event delivered. */
  eventType: string;
  /** 1 for the first attempt of the delivery. */
  attempt: number;
  /** The URL the attempt was POSTed to. */
  url: string;
  /** What was sent: the headers (signature included, never a secret) and the body. */
  request: { headers: Record<string, string>; body: string };
  /** When the attempt started (ms). */
  startedAt: number;
  /** How long the attempt took, in milliseconds. */
  durationMs: number;
  /** The response status, or null when none arrived (timeout, connection error). */
  status: number | null;
  /** The first bytes of the response body, as text. */
  responseBodyExcerpt: string | null;
  /** Why it failed without a status: "timeout after 10000 ms", "ECONNREFUSED", … */
  error: string | null;
  /** Whether the endpoint acknowledged it with a 2xx. */
  outcome: "succeeded" | "failed";
  /** When the retry is due, null when none follows. */
  nextAttemptAt: number | null;
}

/** A delivery a store handed to one engine for a lease. */
export interface ClaimedDelivery {
  /** The delivery to attempt. */
  delivery: DeliveryRecord;
  /** Proves this engine still holds the claim when it writes the outcome. */
  claimToken: string;
}

/** A failed attempt, as a store's failing-state rule reads it. */
export interface EndpointFailure {
  /** When the attempt failed (ms). */
  at: number;
  /** Turn the endpoint off once it has failed this long with no success. */
  windowMs: number;
  /**
   * Set when a delivery has failed for good: its first attempt. If the endpoint has had no
   * success since then, it has failed for the whole retry window and is turned off.
   */
  exhaustedDeliveryFirstAttemptAt: number | null;
}
