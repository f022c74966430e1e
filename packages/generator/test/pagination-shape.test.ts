// Recognition of page shapes on the corpus's documents of Stripe, GitHub, Twilio and Spotify,
// as their owners publish them: which operations page, in which shape, and how many; and the
// document's own word (x-signing-platform-page-shape) over recognition.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import type { PageShape } from "@signing-platform/contract";
import { operationsOf, parametersOf } from "@signing-platform/contract/openapi";
import type { OpenApiDocument } from "../src/load-document.js";
import { pageShapeOf } from "../src/pagination-shape.js";
import { GeneratorInputError } from "../src/index.js";

function corpusDocument(file: string): OpenApiDocument {
  const text = gunzipSync(readFileSync(fileURLToPath(new URL(`./corpus/${file}`, import.meta.url)))).toString("utf8");
  return (file.includes(".json") ? JSON.parse(text) : YAML.parse(text)) as OpenApiDocument;
}

/** Every operation's recognised shape, by `GET /path`. */
function shapesOf(document: OpenApiDocument): Map<string, PageShape> {
  const shapes = new Map<string, PageShape>();
  for (const operation of operationsOf(document)) {
    const parameters = parametersOf(document, operation).map(({ parameter }) => parameter as Record<string, unknown>);
    const shape = pageShapeOf(document, operation, parameters, undefined);
    if (shape) shapes.set(`${operation.method.toUpperCase()} ${operation.path}`, shape);
  }
  return shapes;
}

const styles = (shapes: Map<string, PageShape>) => {
  const counts: Record<string, number> = {};
  for (const { style } of shapes.values()) counts[style] = (counts[style] ?? 0) + 1;
  return counts;
};

describe("pageShapeOf, on the corpus", () => {
  it("Stripe: starting_after the last item's id, while has_more", () => {
    const shapes = shapesOf(corpusDocument("stripe/openapi.json.gz"));
    expect(shapes.get("GET /v1/customers")).toEqual({
      style: "after_last_item",
      items: ["data"],
      cursor_parameter: "starting_after",
      has_more: ["has_more"],
      item_id: "id",
    });
    expect(styles(shapes)).toEqual(STRIPE);
  });

  it("GitHub: the Link header, with page and per_page", () => {
    const shapes = shapesOf(corpusDocument("github/openapi.json.gz"));
    expect(shapes.get("GET /orgs/{org}/repos")).toEqual({ style: "link_header", items: [] });
    expect(shapes.has("GET /repos/{owner}/{repo}")).toBe(false);
    expect(styles(shapes)).toEqual(GITHUB);
  });

  it("Twilio: next_page_uri, over its Page and PageToken parameters", () => {
    const shapes = shapesOf(corpusDocument("twilio-api-v2010/openapi.yaml.gz"));
    expect(shapes.get("GET /2010-04-01/Accounts/{AccountSid}/Calls.json")).toEqual({
      style: "next_link",
      items: ["calls"],
      next_link: ["next_page_uri"],
    });
    expect(styles(shapes)).toEqual(TWILIO);
  });

  it("Spotify: next, over its offset and limit", () => {
    const shapes = shapesOf(corpusDocument("spotify/openapi.yaml.gz"));
    expect(shapes.get("GET /albums/{id}/tracks")).toEqual({ style: "next_link", items: ["items"], next_link: ["next"] });
    // Search pages each kind of result on its own: no one items array, so no guess.
    expect(shapes.has("GET /search")).toBe(false);
    expect(styles(shapes)).toEqual(SPOTIFY);
  });
});

const list = (extra: Record<string, unknown>) => ({
  openapi: "3.1.0",
  info: { title: "T", version: "1" },
  paths: {
    "/things": {
      get: {
        parameters: [
          { name: "offset", in: "query", schema: { type: "integer" } },
          { name: "limit", in: "query", schema: { type: "integer" } },
        ],
        responses: {
          "200": {
            description: "ok",
            content: {
              "application/json": {
                schema: { type: "object", properties: { items: { type: "array", items: {} }, total: { type: "integer" } } },
              },
            },
          },
        },
        ...extra,
      },
    },
  },
});

describe("pageShapeOf, with the document's word", () => {
  it("recognises offset and limit, ended by the total", () => {
    expect([...shapesOf(list({}) as OpenApiDocument).values()]).toEqual([
      { style: "offset", items: ["items"], offset_parameter: "offset", limit_parameter: "limit", total: ["total"] },
    ]);
  });

  it("takes the stated shape, and false for none", () => {
    const stated = { style: "page_number", items: ["items"], page_parameter: "offset", size_parameter: "limit", first_page: 0 };
    expect([...shapesOf(list({ "x-signing-platform-page-shape": false }) as OpenApiDocument).values()]).toEqual([]);
    const document = list({ "x-signing-platform-page-shape": stated }) as OpenApiDocument;
    const [operation] = operationsOf(document);
    expect(pageShapeOf(document, operation!, [], stated as PageShape)).toEqual(stated);
  });

  it("refuses a malformed stated shape, naming the operation", () => {
    const document = list({ "x-signing-platform-page-shape": { style: "next_link", items: ["items"] } }) as OpenApiDocument;
    expect(() => shapesOf(document)).toThrow(GeneratorInputError);
    expect(() => shapesOf(document)).toThrow(
      "GET /things › x-signing-platform-page-shape: next_link needs next_link, a list of property names.",
    );
  });
});

// Measured on the corpus's documents: every GET of Stripe's that takes starting_after; GitHub's
// lists with a Link header, and the ones that declare none by page numbers (search among them);
// every Twilio GET that takes PageSize but AvailablePhoneNumbers, which has no next_page_uri;
// Spotify's GETs that take offset but the five whose pages nest a level down (search, …).
const STRIPE = { after_last_item: 115 };
const GITHUB = { link_header: 173, page_number: 69 };
const TWILIO = { next_link: 60 };
const SPOTIFY = { next_link: 16 };
