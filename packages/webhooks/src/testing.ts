// @signing-platform/webhooks/testing: for receivers' own tests. Sign a body as the platform
// does, and make a valid event of any type.
export { signPayload } from "./signature/sign-payload.js";
export type { SignPayloadOptions } from "./signature/signature-header.js";
export { generateTestEvent, type TestEventOverrides } from "./testing/generate-test-event.js";
