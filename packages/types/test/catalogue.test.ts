// src/catalogue.ts: the exported catalogue is generated/catalogue.json, whole and unchanged,
// so no code, status, event or limit can drift from the spec.
import { describe, expect, it } from "vitest";
import { loadCatalogue } from "../../../test/support/generated.js";
import {
  catalogue,
  errorCatalogue,
  eventCatalogue,
  headerNames,
  limits,
  statusCatalogue,
  webhookHeaderNames,
  webhookRetryScheduleSeconds,
} from "../src/catalogue.js";

const { $comment: _comment, ...generated } = loadCatalogue();

describe("catalogue", () => {
  it("is generated/catalogue.json without its comment", () => {
    expect(catalogue).toEqual(generated);
  });

  it.each([
    ["errorCatalogue", errorCatalogue, generated.errors],
    ["statusCatalogue", statusCatalogue, generated.statuses],
    ["eventCatalogue", eventCatalogue, generated.events],
    ["limits", limits, generated.limits],
    ["webhookRetryScheduleSeconds", webhookRetryScheduleSeconds, generated.webhook_retry_schedule_seconds],
    ["headerNames", headerNames, generated.headers],
    ["webhookHeaderNames", webhookHeaderNames, generated.webhook_headers],
  ])("exports %s as its section of the catalogue", (_name, exported, section) => {
    expect(exported).toEqual(section);
  });
});
