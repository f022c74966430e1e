import { webhookHeaderNames } from "@signing-platform/types";
import { generateTestEvent } from "../../src/testing/generate-test-event.js";

export const secret = "whsec_test_5a2c1f0e9d8b7a6c5b4a3f2e1d0c9b8a";
export const otherSecret = "whsec_test_00112233445566778899aabbccddeeff";
export const now = new Date("2026-11-21T06:40:00Z");
export const nowSeconds = Math.floor(now.getTime() / 1000);
export const headerNames = webhookHeaderNames;

/** A valid completed event and its exact body. */
export function completedEventBody(): { event: ReturnType<typeof generateTestEvent<"signing_request.completed">>; body: string } {
  const event = generateTestEvent("signing_request.completed");
  return { event, body: JSON.stringify(event) };
}
