// A valid event of any known type, for receivers' own tests. Ids are fresh per call, so two
// generated events are never deduplicated as one.
import type { KnownEventType, WebhookEventOfType } from "@signing-platform/types";
import { createEvent } from "../event/create-event.js";

/** Deep-partial overrides: nested objects are merged, arrays and values replace. */
export type TestEventOverrides<T> = {
  [Key in keyof T]?: T[Key] extends readonly unknown[] ? T[Key] : T[Key] extends object ? TestEventOverrides<T[Key]> : T[Key];
};

// Statuses other than `completed` are not specified by the source (States and transitions);
// the generator uses the outcome's name, which the open SigningRequestStatus accepts.
const statusOfType: Record<string, string> = {
  "signing_request.created": "created",
  "signing_request.accepted": "accepted",
  "certificate.issued": "accepted",
  "signing_request.completed": "completed",
  "signing_request.declined": "declined",
  "signing_request.canceled": "canceled",
  "signing_request.expired": "expired",
  "signing_request.failed": "failed",
};

function randomId(): string {
  return globalThis.crypto.randomUUID().replaceAll("-", "").slice(0, 24);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function merge(base: Record<string, unknown>, overrides: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    const current = result[key];
    result[key] = isPlainObject(current) && isPlainObject(value) ? merge(current, value) : value;
  }
  return result;
}

/**
 * An event of `type` that validates, with `overrides` merged in (you own their validity).
 * @example
 * ```ts
 * import { generateTestEvent } from "@signing-platform/webhooks/testing";
 *
 * const event = generateTestEvent("signing_request.declined", { data: { object: { id: "sr_test_1" } } });
 * ```
 */
export function generateTestEvent<Type extends KnownEventType>(
  type: Type,
  overrides: TestEventOverrides<WebhookEventOfType<Type>> = {},
): WebhookEventOfType<Type> {
  const data =
    type === "ping"
      ? {}
      : {
          object: {
            id: `sr_${randomId()}`,
            object: "signing_request",
            status: statusOfType[type] ?? "created",
            documents: [{ content_url: "https://files.example.com/documents/doc_1.pdf" }],
          },
          // certificate.issued names the issued certificate too.
          ...(type === "certificate.issued" ? { certificate_id: `cert_${randomId()}` } : {}),
        };
  const event = createEvent(type, data as WebhookEventOfType<Type>["data"], { id: `evt_${randomId()}`, createdAt: new Date() });
  return merge(event as Record<string, unknown>, overrides as Record<string, unknown>) as WebhookEventOfType<Type>;
}
