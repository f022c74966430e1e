// A small API whose successes are streamed: a completion offering JSON or server-sent events,
// chosen by the request body's `stream` property (OpenAI's convention); a GET stream of
// discriminated events, which a client resumes; and JSON Lines of an inline record schema.
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const ok = (content: Record<string, unknown>) => ({ "200": { description: "OK", content } });

export const streamingDocument = {
  openapi: "3.1.0",
  info: { title: "Streaming", version: "1.0.0" },
  servers: [{ url: "http://localhost" }],
  paths: {
    "/completions": {
      post: {
        operationId: "createCompletion",
        tags: ["completions"],
        requestBody: { required: true, content: { "application/json": { schema: ref("CompletionRequest") } } },
        responses: ok({ "application/json": { schema: ref("Completion") }, "text/event-stream": { schema: ref("CompletionChunk") } }),
      },
    },
    "/events": {
      get: { operationId: "streamEvents", tags: ["events"], responses: ok({ "text/event-stream": { schema: ref("Event") } }) },
    },
    "/records": {
      get: {
        operationId: "streamRecords",
        tags: ["records"],
        responses: ok({
          "application/x-ndjson": { schema: { type: "object", required: ["n"], properties: { n: { type: "integer" } } } },
        }),
      },
    },
  },
  components: {
    schemas: {
      CompletionRequest: {
        type: "object",
        required: ["prompt"],
        properties: { prompt: { type: "string" }, stream: { type: ["boolean", "null"] } },
      },
      Completion: { type: "object", required: ["text"], properties: { text: { type: "string" } } },
      CompletionChunk: { type: "object", required: ["delta"], properties: { delta: { type: "string" } } },
      Delta: {
        type: "object",
        required: ["type", "text"],
        properties: { type: { type: "string", const: "delta" }, text: { type: "string" } },
      },
      Done: { type: "object", required: ["type"], properties: { type: { type: "string", const: "done" } } },
      Event: { oneOf: [ref("Delta"), ref("Done")], discriminator: { propertyName: "type" } },
    },
  },
};
