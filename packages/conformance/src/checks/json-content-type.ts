// The API speaks JSON (What the service does: an HTTP and JSON platform): a body that is JSON
// is labelled so, application/json or a +json type, or a client that goes by the label (as
// fetch wrappers and the generated SDKs do) reads it as text.
import type { PassiveCheck } from "../check.js";
import { verdict } from "../outcome.js";
import { findingsOver } from "./findings.js";

const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

export const jsonContentType: PassiveCheck = {
  kind: "passive",
  id: "json-content-type",
  area: "headers",
  clause: "What the service does",
  title: "A JSON body is sent as application/json.",
  judge(exchanges) {
    return verdict(
      findingsOver(exchanges, ({ response }) => {
        if (response.json === undefined) return null;
        const type = response.headers["content-type"];
        if (type !== undefined && JSON_TYPE.test(type)) return null;
        return `the body is JSON but its Content-Type is ${type === undefined ? "missing" : type}: expected application/json`;
      }),
    );
  },
};
