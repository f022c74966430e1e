// @signing-platform/webhooks/testing: for receivers' own tests. Sign a body as the platform
// does, and make a valid event of any type.
export { signPayload } from "./signature/sign-payload.js";
export type { SignPayloadOptions } from "@signing-platform/contract/webhook-signature";
export { generateTestEvent, type TestEventOverrides } from "./testing/generate-test-event.js";
