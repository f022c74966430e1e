import { randomUUID } from "node:crypto";

// randomUUID draws from a cached entropy pool: far cheaper per attempt than randomBytes (122 random bits).
/** `<prefix>_<32 hex digits>`: ids of deliveries, attempts and endpoints. */
export const randomId = (prefix: string) => `${prefix}_${randomUUID().replaceAll("-", "")}`;
