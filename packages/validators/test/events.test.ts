// src/events.ts (validateEvent) and the per-type event validators, on these cases:
// for every event type a valid payload passes, and broken ones fail with the expected
// `field` and `code`. The schema is picked by `type`; an unknown type is checked against
// the envelope (Events › Event types: receivers tolerate types they do not know).
import { describe, expect, it } from "vitest";
import { documentShapedEvent, eventTypes, validEvent } from "../../../test/support/events.js";
import { eventValidators, validateEvent, validateWebhookEvent } from "../src/index.js";

type Event = Record<string, any>;
type Breakage = [name: string, mutate: (event: Event) => void, field: string, code: string, offending?: string];

// Every offending string value is distinctive, so that a message quoting it would show.
const ENVELOPE_BREAKAGES: Breakage[] = [
  ["no id", (event) => delete event.id, "$.id", "required"],
  ["a wrong id prefix", (event) => (event.id = "ev_Offending1"), "$.id", "pattern", "ev_Offending1"],
  ["an id that is not a string", (event) => (event.id = 12345), "$.id", "type"],
  ["a wrong object", (event) => (event.object = "evtOffending2"), "$.object", "const", "evtOffending2"],
  ["a created_at that is not a date-time", (event) => (event.created_at = "yesterday-3"), "$.created_at", "format", "yesterday-3"],
  ["a created_at that is not UTC", (event) => (event.created_at = "2026-11-21T06:40:00+01:00"), "$.created_at", "pattern", "+01:00"],
  ["no livemode", (event) => delete event.livemode, "$.livemode", "required"],
  ["a livemode that is not a boolean", (event) => (event.livemode = "true"), "$.livemode", "type"],
  ["no data", (event) => delete event.data, "$.data", "required"],
  ["a field the envelope does not have", (event) => (event.extra_Offending4 = 1), "$.extra_Offending4", "additional_property"],
];
const SIGNING_REQUEST_BREAKAGES: Breakage[] = [
  [
    "client_secret in data.object",
    (event) => (event.data.object.client_secret = "sk_Offending5"),
    "$.data.object.client_secret",
    "forbidden_property",
    "sk_Offending5",
  ],
  [
    "a signing request id without sr_",
    (event) => (event.data.object.id = "req_Offending6"),
    "$.data.object.id",
    "pattern",
    "req_Offending6",
  ],
  ["a wrong data.object.object", (event) => (event.data.object.object = "request"), "$.data.object.object", "const"],
  ["no data.object", (event) => delete event.data.object, "$.data.object", "required"],
  ["a field data does not have", (event) => (event.data.extra = true), "$.data.extra", "additional_property"],
  [
    "a document without content_url",
    (event) => (event.data.object.documents = [{ content_url: "https://files.example.test/a.pdf" }, {}]),
    "$.data.object.documents[1].content_url",
    "required",
  ],
  [
    "a content_url that is not a URI",
    (event) => (event.data.object.documents[0].content_url = "not a uri Offending7"),
    "$.data.object.documents[0].content_url",
    "format",
    "Offending7",
  ],
];

const cases = eventTypes.flatMap((type) =>
  [...ENVELOPE_BREAKAGES, ...(type === "ping" ? [] : SIGNING_REQUEST_BREAKAGES)].map(
    ([name, mutate, field, code, offending]) => [type, name, mutate, field, code, offending] as const,
  ),
);

describe("a valid event of every type", () => {
  it.each(eventTypes.map((type) => [type]))("%s passes validateEvent, its own validator and validateWebhookEvent", (type) => {
    const event = validEvent(type);
    expect(validateEvent(event)).toEqual({ ok: true, known: true, value: event });
    expect(eventValidators[type as keyof typeof eventValidators](event)).toEqual({ ok: true, value: event });
    expect(validateWebhookEvent(event)).toEqual({ ok: true, value: event });
    expect(validateEvent.is(event)).toBe(true);
  });
});

// Additions stay additions (docs/decisions.md#other-additions): an event with only the fields the
// interface document shows is valid for every type, whatever the platform adds to it.
// @trace accepts-every-event-shaped-as-the-document-shows-it
describe("an event shaped exactly as the interface document shows it", () => {
  it.each(eventTypes.map((type) => [type]))("%s passes validateEvent and its own validator", (type) => {
    const event = documentShapedEvent(type);
    expect(validateEvent(event)).toEqual({ ok: true, known: true, value: event });
    expect(eventValidators[type as keyof typeof eventValidators](event)).toEqual({ ok: true, value: event });
  });
});

describe("a broken event", () => {
  it.each(cases)("%s with %s fails", (type, _name, mutate, field, code, offending) => {
    const event = validEvent(type);
    mutate(event);
    for (const validate of [validateEvent, eventValidators[type as keyof typeof eventValidators], validateWebhookEvent]) {
      const result = validate(event);
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.errors).toContainEqual(expect.objectContaining({ field, code }));
      if (offending) expect(JSON.stringify(result.errors.map((issue) => issue.message))).not.toContain(offending);
    }
    expect(validateEvent.is(event)).toBe(false);
  });

  it("reports client_secret as one readable issue", () => {
    const event = validEvent("signing_request.completed");
    event.data.object.client_secret = "sk_live_123";
    expect(validateEvent(event)).toEqual({
      ok: false,
      errors: [{ field: "$.data.object.client_secret", code: "forbidden_property", message: "must not be present" }],
    });
  });

  it("reports every problem at once, in the order of the schema", () => {
    const event = validEvent("signing_request.created");
    delete event.id;
    event.object = "evt";
    event.data.object.client_secret = "s";
    const result = validateEvent(event);
    expect(result.ok ? [] : result.errors.map((issue) => [issue.field, issue.code])).toEqual([
      ["$.id", "required"],
      ["$.object", "const"],
      ["$.data.object.client_secret", "forbidden_property"],
    ]);
  });
});

describe("an event of a type this version does not know", () => {
  const unknownEvent = () => ({ ...validEvent("ping"), type: "signing_request.archived", data: { anything: [1, 2] } });

  it("passes validateEvent against the envelope, marked unknown", () => {
    const event = unknownEvent();
    expect(validateEvent(event)).toEqual({ ok: true, known: false, value: event });
  });

  it("fails validateWebhookEvent, which knows the known types only", () => {
    expect(validateWebhookEvent(unknownEvent())).toEqual({
      ok: false,
      errors: [expect.objectContaining({ field: "$.type", code: "enum" })],
    });
  });

  it.each(ENVELOPE_BREAKAGES.filter(([name]) => name !== "no data"))("fails the envelope with %s", (_name, mutate, field, code) => {
    const event = unknownEvent();
    mutate(event);
    const result = validateEvent(event);
    expect(result.ok ? [] : result.errors).toContainEqual(expect.objectContaining({ field, code }));
  });

  it.each([
    ["not an object", "evt_1", { field: "$", code: "type" }],
    ["an array", [validEvent("ping")], { field: "$", code: "type" }],
    ["a type that is not a string", { ...validEvent("ping"), type: 7 }, { field: "$.type", code: "type" }],
    ["no type", (({ type: _type, ...rest }) => rest)(validEvent("ping")), { field: "$.type", code: "required" }],
  ])("fails when it is %s", (_name, value, issue) => {
    const result = validateEvent(value);
    expect(result.ok ? [] : result.errors).toContainEqual(expect.objectContaining(issue));
  });
});

describe("a ping", () => {
  it("has open data: its payload is not specified by the source", () => {
    expect(validateEvent({ ...validEvent("ping"), data: { note: "Send test", nested: { a: 1 } } }).ok).toBe(true);
  });
});
