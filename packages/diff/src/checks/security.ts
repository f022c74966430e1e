// The security requirements of the document and the security schemes of its components
// (../openapi/security.ts), under oasdiff's ids and levels but where the table of checks
// (docs/lint-and-diff.md) gives a reason to differ. Those of each operation are ./operations.ts's.
import type { Check } from "./check.js";

export const SECURITY_CHECKS = [
  {
    id: "api-global-security-added",
    level: "info",
    summary: "a requirement added to the document's security (each operation it applies to is judged too)",
  },
  {
    id: "api-global-security-removed",
    level: "info",
    summary: "a requirement removed from the document's security (each operation it applies to is judged too)",
  },
  { id: "api-global-security-scope-added", level: "info", summary: "a scope added to a requirement of the document's security" },
  { id: "api-global-security-scope-removed", level: "info", summary: "a scope removed from a requirement of the document's security" },
  {
    id: "api-security-scope-added",
    level: "breaking",
    summary: "an operation's security requirement asks for a scope it did not (oasdiff: INFO; tokens without it are now refused)",
  },
  { id: "api-security-scope-removed", level: "info", summary: "an operation's security requirement no longer asks for a scope" },
  { id: "api-security-component-added", level: "info", summary: "a security scheme added to components" },
  { id: "api-security-component-removed", level: "info", summary: "a security scheme removed from components" },
  { id: "api-security-component-type-changed", level: "info", summary: "the type of a security scheme changed" },
  {
    id: "api-security-component-oauth-url-changed",
    level: "info",
    summary: "the authorization URL of a security scheme's implicit OAuth flow changed",
  },
  {
    id: "api-security-component-oauth-token-url-changed",
    level: "info",
    summary: "the token URL of a security scheme's implicit OAuth flow changed",
  },
  { id: "api-security-component-oauth-scope-added", level: "info", summary: "a scope added to a security scheme's implicit OAuth flow" },
  {
    id: "api-security-component-oauth-scope-removed",
    level: "info",
    summary: "a scope removed from a security scheme's implicit OAuth flow",
  },
  {
    id: "api-security-component-oauth-scope-changed",
    level: "info",
    summary: "the description of a scope of a security scheme's implicit OAuth flow changed",
  },
] as const satisfies readonly Check[];
