// An OpenAPI 3.2 API whose streams give each item's schema as `itemSchema`: JSON Lines records,
// and server-sent events whose `data` holds the JSON of a Delta or a Done (`contentMediaType`
// and `contentSchema`), told apart by the event's `event` field rather than by a property of
// the data. An event of another type is no event the document describes.
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const ok = (content: Record<string, unknown>) => ({ "200": { description: "OK", content } });
const json = (schema: unknown) => ({ type: "string", contentMediaType: "application/json", contentSchema: schema });

export const itemSchemaDocument = {
  openapi: "3.2.0",
  info: { title: "Item schemas", version: "1.0.0" },
  servers: [{ url: "http://localhost" }],
  paths: {
    "/records": {
      get: {
        operationId: "listRecords",
        tags: ["records"],
        responses: ok({
          "application/jsonl": { itemSchema: { type: "object", required: ["n"], properties: { n: { type: "integer" } } } },
        }),
      },
    },
    "/events": {
      get: {
        operationId: "listEvents",
        tags: ["events"],
        responses: ok({
          "text/event-stream": {
            itemSchema: {
              type: "object",
              required: ["event", "data"],
              properties: { event: { type: "string" }, data: { type: "string" }, id: { type: "string" } },
              oneOf: [
                { properties: { event: { const: "delta" }, data: json(ref("Delta")) } },
                { properties: { event: { const: "done" }, data: json(ref("Done")) } },
              ],
            },
          },
        }),
      },
    },
  },
  components: {
    schemas: {
      Delta: { type: "object", required: ["text"], properties: { text: { type: "string" } } },
      Done: { type: "object", required: ["count"], properties: { count: { type: "integer" } } },
    },
  },
};
