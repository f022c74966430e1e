// The reads of a sequence (Endpoints): a resource that exists is 200 with its ETag, one that
// does not is 404 not_found; If-None-Match with the tag held is 304 with no body and the same
// tag (weakly compared, in a list, or `*`), or 200 with a new tag should the resource have
// changed; a tag the resource never had is 200 with the resource.
import type fc from "fast-check";
import type { Contract, Operation } from "../../contract.js";
import type { Model } from "../model.js";
import { pathWith } from "../resources.js";
import type { Sender } from "../sender.js";
import { statusProblem } from "./expectations.js";

type Command = fc.AsyncCommand<Model, Sender>;

export class Read implements Command {
  constructor(
    readonly contract: Contract,
    readonly operation: Operation,
    /** An id the model knows (picked by `pick`), or `absent`, made up to match the parameter's schema. */
    readonly source: "known" | "absent",
    readonly pick: number,
    readonly absent: string,
  ) {}

  private id(model: Readonly<Model>): string | undefined {
    const known = model.ids.get(this.operation.path) ?? [];
    if (this.source === "absent") return known.includes(this.absent) ? undefined : this.absent;
    return known.length > 0 ? known[this.pick % known.length] : undefined;
  }

  check = (model: Readonly<Model>) => this.id(model) !== undefined;

  async run(model: Model, sender: Sender): Promise<void> {
    const id = this.id(model)!;
    const path = pathWith(this.operation, id);
    const exchange = await sender.send(this.operation, path);
    const { response } = exchange;
    if (this.source === "absent") {
      if (this.operation.statuses.includes("404"))
        sender.expect(exchange, statusProblem(this.contract, exchange, 404, "not_found", "for an id that does not exist"));
      return;
    }
    sender.expect(exchange, response.status === 200 ? null : "expected 200 for an id the server gave");
    const served = (response.json as { id?: unknown } | undefined)?.id;
    sender.expect(exchange, served === undefined || served === id ? null : `expected the resource ${id}, not ${String(served)}`);
    const conditional = this.operation.extensions.conditionalRequest;
    if (!conditional) return;
    const tag = response.headers[conditional.response_header.toLowerCase()];
    sender.expect(exchange, tag ? null : `expected an ${conditional.response_header} header on a resource response`);
    model.tags = [...model.tags.filter((held) => held.path !== path), { operation: this.operation, path, tag: tag! }];
  }

  toString = () => `read ${this.operation.path} ${this.source === "absent" ? this.absent : `known ${this.pick}`}`;
}

/** How a held tag is sent back: as it is, weak, among others, `*`, or a tag the resource never had. */
export type Condition = "current" | "weak" | "among" | "any" | "stale";

export class ConditionalRead implements Command {
  constructor(
    readonly contract: Contract,
    readonly operation: Operation,
    readonly pick: number,
    readonly condition: Condition,
  ) {}

  private held(model: Readonly<Model>) {
    const tags = model.tags.filter((held) => held.operation === this.operation);
    return tags.length > 0 ? tags[this.pick % tags.length] : undefined;
  }

  check = (model: Readonly<Model>) => this.held(model) !== undefined;

  async run(model: Model, sender: Sender): Promise<void> {
    const held = this.held(model)!;
    const { request_header, response_header, not_modified_status } = this.operation.extensions.conditionalRequest!;
    const sent = {
      current: held.tag,
      weak: held.tag.startsWith("W/") ? held.tag : `W/${held.tag}`,
      among: `"conformance-other", ${held.tag}`,
      any: "*",
      stale: '"conformance-never-served"',
    }[this.condition];
    const exchange = await sender.send(this.operation, held.path, { headers: { [request_header]: sent } });
    const { response } = exchange;
    const tag = response.headers[response_header.toLowerCase()];
    if (this.condition === "stale") {
      sender.expect(
        exchange,
        response.status === 200 && response.text !== ""
          ? null
          : `expected 200 with the resource for ${request_header}: ${sent}, a tag it never had`,
      );
      return;
    }
    if (response.status === 200 && tag && tag !== held.tag && this.condition !== "any") {
      // The resource changed since it was read: its new tag is the one to hold.
      model.tags = model.tags.map((other) => (other === held ? { ...held, tag } : other));
      return;
    }
    sender.expect(
      exchange,
      response.status === not_modified_status ? null : `expected ${not_modified_status} for ${request_header}: ${sent}`,
    );
    sender.expect(exchange, response.text === "" ? null : `expected no body on a ${not_modified_status}`);
    sender.expect(
      exchange,
      this.condition === "any" || tag === held.tag ? null : `expected ${response_header} ${held.tag} on the ${not_modified_status}`,
    );
  }

  toString = () => `conditional read ${this.operation.path} ${this.pick} (${this.condition})`;
}
