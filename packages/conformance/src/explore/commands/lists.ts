// The lists of a sequence (Endpoints › General rules): query parameters at their bounds are
// served, past them are 400 naming the parameter; a page holds at most the limit (the
// default without one); the cursor of a page is followed, and one the server never gave is
// 400; a walk through every page repeats no record and finds every resource the sequence
// created in that collection.
import type fc from "fast-check";
import type { Contract, Operation } from "../../contract.js";
import { isSuccess } from "../../exchange.js";
import { remember, type Model } from "../model.js";
import { queryString, type ParameterValue } from "../parameters.js";
import { readOf } from "../resources.js";
import type { Sender } from "../sender.js";
import { refusalProblem, statusProblem } from "./expectations.js";

type Command = fc.AsyncCommand<Model, Sender>;

/** Pages a walk reads at most. */
const MAX_PAGES = 10;

/** The items and the cursor of a page, by the pagination extension's fields. */
function pageOf(operation: Operation, json: unknown): { items: unknown[]; cursor: string | null } {
  const pagination = operation.extensions.pagination!;
  const body = (json ?? {}) as Record<string, unknown>;
  const items = body[pagination.items_field];
  const cursor = body[pagination.next_cursor_field];
  return { items: Array.isArray(items) ? items : [], cursor: typeof cursor === "string" && cursor !== "" ? cursor : null };
}

/** Records the ids of a page's items (for the read beside the list) and its cursor. */
function learn(contract: Contract, model: Model, operation: Operation, page: { items: unknown[]; cursor: string | null }): string[] {
  const ids = page.items.map((item) => (item as { id?: unknown } | null)?.id).filter((id): id is string => typeof id === "string");
  const read = readOf(contract, operation.path);
  if (read) for (const id of ids) remember(model.ids, read.path, id);
  if (page.cursor) remember(model.cursors, operation.path, page.cursor);
  return ids;
}

export type CursorChoice = "none" | "served" | "made-up";

export class Query implements Command {
  constructor(
    readonly contract: Contract,
    readonly operation: Operation,
    readonly values: readonly ParameterValue[],
    readonly cursor: CursorChoice,
    readonly pick: number,
    readonly madeUp: string,
  ) {}

  private cursorValue(model: Readonly<Model>): string | null | undefined {
    if (this.cursor === "none") return null;
    if (this.cursor === "made-up") return this.madeUp;
    const served = model.cursors.get(this.operation.path) ?? [];
    return served.length > 0 ? served[this.pick % served.length] : undefined;
  }

  check = (model: Readonly<Model>) =>
    this.cursorValue(model) !== undefined && (this.cursor === "none" || this.operation.extensions.pagination !== undefined);

  async run(model: Model, sender: Sender): Promise<void> {
    const pagination = this.operation.extensions.pagination;
    const cursor = this.cursorValue(model)!;
    const query = [...this.values, ...(cursor !== null && pagination ? [{ name: pagination.cursor_parameter, value: cursor }] : [])];
    const exchange = await sender.send(this.operation, `${this.operation.path}${queryString(query)}`);
    const refused = this.values.filter((value) => !value.valid);
    if (refused.length > 0) {
      const why = refused
        .map((value) => `${value.name}=${value.value.length > 20 ? `${value.value.slice(0, 20)}…` : value.value}, ${value.why}`)
        .join("; ");
      sender.expect(
        exchange,
        refusalProblem(
          exchange,
          refused.map((value) => value.name),
          why,
        ),
      );
      return;
    }
    if (this.cursor === "made-up") {
      sender.expect(exchange, statusProblem(this.contract, exchange, 400, "bad_request", "for a cursor the server never gave"));
      return;
    }
    sender.expect(exchange, isSuccess(exchange.response.status) ? null : "expected a success for parameters within their bounds");
    if (!pagination) return;
    const page = pageOf(this.operation, exchange.response.json);
    const limit = this.values.find((value) => value.name === pagination.limit_parameter);
    const most = limit ? Number(limit.value) : pagination.limit_default;
    sender.expect(
      exchange,
      page.items.length <= most
        ? null
        : `expected at most ${most} items${limit ? "" : ` without ${pagination.limit_parameter}`}, not ${page.items.length}`,
    );
    learn(this.contract, model, this.operation, page);
  }

  toString = () => `list ${this.operation.path}${queryString(this.values)}${this.cursor === "none" ? "" : ` with a ${this.cursor} cursor`}`;
}

export class Walk implements Command {
  constructor(
    readonly contract: Contract,
    readonly operation: Operation,
    readonly limit: number,
  ) {}

  check = () => true;

  async run(model: Model, sender: Sender): Promise<void> {
    const { limit_parameter, cursor_parameter } = this.operation.extensions.pagination!;
    const seen = new Set<string>();
    let cursor: string | null = null;
    let last = undefined as Awaited<ReturnType<Sender["send"]>> | undefined;
    for (let pages = 0; pages < MAX_PAGES; pages++) {
      const query = [{ name: limit_parameter, value: String(this.limit) }, ...(cursor ? [{ name: cursor_parameter, value: cursor }] : [])];
      last = await sender.send(this.operation, `${this.operation.path}${queryString(query)}`);
      sender.expect(last, last.response.status === 200 ? null : "expected the next page");
      const page = pageOf(this.operation, last.response.json);
      for (const id of learn(this.contract, model, this.operation, page)) {
        sender.expect(last, seen.has(id) ? `${id} is on an earlier page too: paging repeats no record` : null);
        seen.add(id);
      }
      if (page.cursor === null) {
        // The last page: every resource the sequence made in this collection was on one.
        const made = model.writes.filter((write) => write.operation.path === this.operation.path && write.id !== undefined);
        const missing = made.find((write) => !seen.has(write.id!));
        sender.expect(last, missing ? `${missing.id}, created by this sequence, is on no page of the list` : null);
        return;
      }
      cursor = page.cursor;
    }
  }

  toString = () => `walk ${this.operation.path} in pages of ${this.limit}`;
}
