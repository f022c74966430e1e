import { randomBytes } from "node:crypto";

/**
 * A new endpoint secret (docs/decisions.md#signing-key): `whsec_` and 43 base64url characters from the CSPRNG,
 * 256 bits, above the decision's floor of 32 characters and 192 bits.
 * @example
 * ```ts
 * import { createDeliveryEngine, generateEndpointSecret } from "@signing-platform/webhooks/delivery";
 *
 * const engine = createDeliveryEngine();
 * await engine.addEndpoint({ url: "https://example.com/webhooks", secret: generateEndpointSecret() });
 * ```
 */
export function generateEndpointSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}
