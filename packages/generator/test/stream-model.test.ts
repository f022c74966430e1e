// What the SDKs are told of a streamed success: its media types, the discriminator values of
// its events (mapped, or named by each member), the schema that types them (an OpenAPI 3.2
// itemSchema first: for server-sent events, its data's), and whether the request body's
// `stream` property chooses the stream; and which operation and event the READMEs show.
import { describe, expect, it } from "vitest";
import { eventNarrowing, operationStream, readmeStreamOperation } from "../src/stream-model.js";

const document = {
  openapi: "3.1.0",
  info: { title: "Streams", version: "1" },
  paths: {},
  components: {
    schemas: {
      Delta: { type: "object", properties: { type: { const: "delta" }, text: { type: "string" } } },
      Done: { allOf: [{ type: "object", properties: { type: { type: "string", enum: ["done"] } } }] },
      Event: {
        oneOf: [{ $ref: "#/components/schemas/Delta" }, { $ref: "#/components/schemas/Done" }],
        discriminator: { propertyName: "type", mapping: { ping: "#/components/schemas/Delta" } },
      },
      Options: { type: "object", properties: { stream: { type: ["boolean", "null"] } } },
      Request: { allOf: [{ $ref: "#/components/schemas/Options" }, { type: "object", properties: { model: { type: "string" } } }] },
    },
  },
};
const event = { $ref: "#/components/schemas/Event" };

describe("operationStream", () => {
  it("is undefined when the success offers no stream", () => {
    expect(operationStream(document, { "application/json": { schema: event } }, undefined)).toBeUndefined();
  });

  it("gives the streamed types and every discriminator value: mapped, const, or a one-valued enum through allOf", () => {
    const content = { "application/json": {}, "text/event-stream": { schema: event }, "application/x-ndjson": { schema: event } };
    expect(operationStream(document, content, undefined)).toEqual({
      mediaTypes: ["text/event-stream", "application/x-ndjson"],
      requestFlag: false,
      format: { discriminator: { property: "type", values: ["ping", "delta", "done"] } },
      eventSchema: event,
    });
  });

  it("reads the events of an OpenAPI 3.2 itemSchema", () => {
    const stream = operationStream(document, { "application/jsonl": { itemSchema: event } }, undefined);
    expect(stream?.format.discriminator?.values).toEqual(["ping", "delta", "done"]);
    expect(stream?.eventSchema).toBe(event);
  });

  it("reads the events of an SSE itemSchema from its data: contentSchema, a schema, or none for a string", () => {
    const json = (schema: unknown) => ({ type: "string", contentMediaType: "application/json", contentSchema: schema });
    const delta = { $ref: "#/components/schemas/Delta" };
    const done = { $ref: "#/components/schemas/Done" };
    const item = {
      type: "object",
      properties: { event: { type: "string" }, data: { type: "string" } },
      oneOf: [
        { properties: { event: { const: "delta" }, data: json(delta) } },
        { properties: { event: { enum: ["done", "message"] }, data: json(done) } },
      ],
    };
    expect(operationStream(document, { "text/event-stream": { itemSchema: item } }, undefined)).toMatchObject({
      format: { events: ["delta", "done"] },
      eventSchema: { oneOf: [delta, done] },
    });
    const direct = { type: "object", properties: { data: event, event: { type: "string" } } };
    expect(operationStream(document, { "text/event-stream": { itemSchema: direct } }, undefined)).toMatchObject({
      format: { discriminator: { property: "type" } },
      eventSchema: event,
    });
    const text = { type: "object", properties: { data: { type: "string" } } };
    expect(operationStream(document, { "text/event-stream": { itemSchema: text } }, undefined)).toMatchObject({
      format: {},
      eventSchema: undefined,
    });
  });

  it("narrows the README's event by the first member's discriminator value", () => {
    expect(eventNarrowing(document, event)).toEqual({ property: "type", value: "delta" });
    expect(eventNarrowing(document, { type: "object" })).toBeUndefined();
  });

  it("streams the README with the first operation whose call surely gives the stream", () => {
    const stream = operationStream(document, { "text/event-stream": { schema: event } }, { $ref: "#/components/schemas/Request" });
    const either = { stream, response: "json", body: "none" };
    const flagged = { stream, response: "json", body: "required" };
    const only = { stream, response: "stream", body: "none" };
    expect(readmeStreamOperation([either, flagged, only])).toEqual({ operation: flagged, either: false });
    expect(readmeStreamOperation([either, only])).toEqual({ operation: only, either: false });
    expect(readmeStreamOperation([either])).toEqual({ operation: either, either: true });
    expect(readmeStreamOperation([{ stream: undefined, response: "json", body: "none" }])).toBeUndefined();
  });

  it("leaves events without a discriminator to their SSE event type", () => {
    const stream = operationStream(document, { "text/event-stream": { schema: { type: "object" } } }, undefined);
    expect(stream?.format).toEqual({});
  });

  it("finds a request body's stream property through allOf", () => {
    const content = { "text/event-stream": { schema: event } };
    expect(operationStream(document, content, { $ref: "#/components/schemas/Request" })?.requestFlag).toBe(true);
    expect(operationStream(document, content, { type: "object", properties: { model: {} } })?.requestFlag).toBe(false);
  });
});
