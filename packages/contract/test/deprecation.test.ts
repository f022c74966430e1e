// What a document says of a deprecated element: deprecated or not, and its x-sunset when it is text.
import { describe, expect, it } from "vitest";
import { readDeprecation } from "../src/index.js";

describe("readDeprecation", () => {
  it("reads deprecated: true, with the x-sunset as written", () => {
    expect(readDeprecation({ deprecated: true, "x-sunset": "Wed, 30 Jun 2027 00:00:00 GMT" })).toEqual({
      sunset: "Wed, 30 Jun 2027 00:00:00 GMT",
    });
    expect(readDeprecation({ deprecated: true })).toEqual({});
  });

  it("reads no deprecation unless deprecated is true, and no sunset that is not text", () => {
    expect(readDeprecation({ deprecated: "true", "x-sunset": "2027-06-30" })).toBeUndefined();
    expect(readDeprecation({ "x-sunset": "2027-06-30" })).toBeUndefined();
    expect(readDeprecation(null)).toBeUndefined();
    expect(readDeprecation({ deprecated: true, "x-sunset": 20270630 })).toEqual({});
    expect(readDeprecation({ deprecated: true, "x-sunset": " " })).toEqual({});
  });
});
