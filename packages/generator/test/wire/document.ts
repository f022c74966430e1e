// A small API with every body kind and parameter style the SDKs serialise: a form with nested
// objects and lists (and one property with its own encoding), an operation offering JSON and
// a form (JSON is sent), multipart with files, bytes, text, a binary and a text response,
// and query, path, header and cookie parameters of every style.
const ok = { "200": { description: "OK", content: { "application/json": { schema: { type: "object" } } } } };
const text = { type: "string" };

export const wireDocument = {
  openapi: "3.1.0",
  info: { title: "Wire", version: "1.0.0" },
  servers: [{ url: "http://localhost" }],
  paths: {
    "/v1/customers": {
      post: {
        operationId: "createCustomer",
        tags: ["customers"],
        requestBody: {
          required: true,
          content: {
            "application/x-www-form-urlencoded": {
              schema: {
                type: "object",
                required: ["name"],
                properties: {
                  name: text,
                  email: text,
                  balance: { type: "number" },
                  active: { type: "boolean" },
                  metadata: { type: "object", additionalProperties: text },
                  expand: { type: "array", items: text },
                  items: {
                    type: "array",
                    items: { type: "object", properties: { price: text, quantity: { type: "integer" } } },
                  },
                  tags: { type: "array", items: text },
                  media_url: { type: "array", items: text },
                  address: { type: "object", properties: { line1: text, city: text } },
                },
              },
              encoding: {
                expand: { style: "deepObject", explode: true },
                tags: { style: "form", explode: false },
                address: { style: "form", explode: true },
              },
            },
          },
        },
        responses: ok,
      },
    },
    "/v1/notes": {
      post: {
        operationId: "createNote",
        tags: ["notes"],
        requestBody: {
          required: true,
          content: {
            "application/x-www-form-urlencoded": { schema: { type: "object", properties: { body: text } } },
            "application/json": { schema: { type: "object", required: ["body"], properties: { body: text } } },
          },
        },
        responses: ok,
      },
    },
    "/v1/notes/{id}/text": {
      put: {
        operationId: "putNoteText",
        tags: ["notes"],
        parameters: [{ name: "id", in: "path", required: true, schema: text }],
        requestBody: { required: true, content: { "text/plain": { schema: text } } },
        responses: { "200": { description: "The text", content: { "text/plain": { schema: text } } } },
      },
    },
    "/v1/files": {
      post: {
        operationId: "uploadFile",
        tags: ["files"],
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["file", "purpose"],
                properties: {
                  purpose: text,
                  file: { type: "string", format: "binary" },
                  attachments: { type: "array", items: { type: "string", format: "binary" } },
                  meta: { type: "object", properties: { pages: { type: "integer" } } },
                  count: { type: "integer" },
                },
              },
              encoding: { file: { contentType: "image/png" } },
            },
          },
        },
        responses: ok,
      },
    },
    "/v1/files/{id}/content": {
      put: {
        operationId: "putFileContent",
        tags: ["files"],
        parameters: [{ name: "id", in: "path", required: true, schema: text }],
        requestBody: { required: true, content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } } },
        responses: ok,
      },
      get: {
        operationId: "downloadFile",
        tags: ["files"],
        parameters: [{ name: "id", in: "path", required: true, schema: text }],
        responses: { "200": { description: "The file", content: { "application/pdf": { schema: { type: "string", format: "binary" } } } } },
      },
    },
    "/v1/search/{ids}/{label}/{point}": {
      get: {
        operationId: "search",
        tags: ["search"],
        parameters: [
          { name: "ids", in: "path", required: true, schema: { type: "array", items: text } },
          { name: "label", in: "path", required: true, style: "label", explode: true, schema: { type: "array", items: text } },
          {
            name: "point",
            in: "path",
            required: true,
            style: "matrix",
            explode: true,
            schema: { type: "object", properties: { x: { type: "integer" }, y: { type: "integer" } } },
          },
          { name: "tags", in: "query", schema: { type: "array", items: text } },
          { name: "colors", in: "query", explode: false, schema: { type: "array", items: text } },
          { name: "words", in: "query", style: "spaceDelimited", explode: false, schema: { type: "array", items: text } },
          { name: "levels", in: "query", style: "pipeDelimited", explode: false, schema: { type: "array", items: { type: "integer" } } },
          { name: "metadata", in: "query", style: "deepObject", explode: true, schema: { type: "object", additionalProperties: text } },
          { name: "range", in: "query", schema: { type: "object", properties: { gte: { type: "integer" }, lt: { type: "integer" } } } },
          { name: "q", in: "query", schema: text },
          { name: "within", in: "query", allowReserved: true, schema: text },
          { name: "exact", in: "query", schema: { type: "boolean" } },
          {
            name: "filter",
            in: "query",
            content: {
              "application/json": { schema: { type: "object", properties: { a: { type: "integer" }, b: { type: "array", items: text } } } },
            },
          },
          { name: "X-Trace", in: "header", schema: { type: "array", items: text } },
          { name: "session", in: "cookie", schema: text },
        ],
        responses: ok,
      },
    },
  },
};
