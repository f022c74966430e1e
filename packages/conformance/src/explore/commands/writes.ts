// The writes of a sequence (Errors › Idempotency; Errors › Error body): a create with a key;
// the same key and body again (the original answer, marked as a replay); the same key with
// another body (409 idempotency_key_reused); a body the schema refuses (400 naming the field);
// a key missing or outside its format (400).
import { isDeepStrictEqual } from "node:util";
import type fc from "fast-check";
import { breaksKeyFormat, keyFormat } from "../../checks/operations.js";
import type { Contract, Operation } from "../../contract.js";
import { errorCodeOf, isSuccess } from "../../exchange.js";
import type { InvalidBody } from "../bodies.js";
import { keyFor, keyHeaderOf } from "../keys.js";
import { outcomeOf, type Model } from "../model.js";
import { readOf } from "../resources.js";
import type { Sender } from "../sender.js";
import { refusalProblem, statusProblem } from "./expectations.js";

type Command = fc.AsyncCommand<Model, Sender>;

/** Sends a write to its path (a create's has no parameters) with `key` in its key header, or with no key. */
const sendWrite = (sender: Sender, contract: Contract, operation: Operation, key: string | null, body: string) =>
  sender.send(operation, operation.path, { headers: key === null ? {} : { [keyHeaderOf(contract, operation)]: key }, body });

export class Create implements Command {
  constructor(
    readonly contract: Contract,
    readonly seed: number,
    readonly operation: Operation,
    readonly body: unknown,
    /** Tells apart two creates of one body in a sequence. */
    readonly nonce: number,
    readonly keyLength: number,
  ) {}

  check = () => true;

  async run(model: Model, sender: Sender): Promise<void> {
    const body = JSON.stringify(this.body);
    const key = keyFor(this.seed, [this.operation.method, this.operation.path, this.nonce, body], this.keyLength);
    const exchange = await sendWrite(sender, this.contract, this.operation, key, body);
    const { status, json, text } = exchange.response;
    // A body its schema accepts is made, or refused by the operation's own rules (400, 409,
    // 422) or for a capability the organization lacks (403).
    const refusedByRules = [400, 403, 409, 422].includes(status) && errorCodeOf(exchange.response) !== "idempotency_key_reused";
    sender.expect(
      exchange,
      isSuccess(status) || refusedByRules
        ? null
        : "expected a success, or a refusal of the operation's rules, for a body its schema accepts",
    );
    const id = isSuccess(status) ? (json as { id?: unknown } | undefined)?.id : undefined;
    model.writes.push({
      operation: this.operation,
      key,
      body,
      status,
      outcome: outcomeOf(json, text),
      ...(typeof id === "string" ? { id } : {}),
    });
    const read = readOf(this.contract, this.operation.path);
    if (read && typeof id === "string") {
      const known = model.ids.get(read.path) ?? [];
      if (!known.includes(id)) model.ids.set(read.path, [...known, id]);
    }
  }

  toString = () =>
    `create ${this.operation.method.toUpperCase()} ${this.operation.path} ${JSON.stringify(this.body)} (key ${this.nonce}, ${this.keyLength} characters)`;
}

export class Replay implements Command {
  constructor(
    readonly contract: Contract,
    readonly pick: number,
  ) {}

  check = (model: Readonly<Model>) => model.writes.length > 0;

  async run(model: Model, sender: Sender): Promise<void> {
    const write = model.writes[this.pick % model.writes.length]!;
    const again = await sendWrite(sender, this.contract, write.operation, write.key, write.body);
    const { response } = again;
    sender.expect(
      again,
      response.status !== write.status || !isDeepStrictEqual(outcomeOf(response.json, response.text), write.outcome)
        ? `expected the first answer again (${write.status}, the same body) for the same key and body`
        : null,
    );
    const replayed = this.contract.headers.idempotentReplayed;
    if (replayed && isSuccess(write.status) && response.headers[replayed.toLowerCase()] !== "true")
      sender.expect(again, `expected ${replayed}: true on the replay`);
  }

  toString = () => `replay write ${this.pick}`;
}

export class Reuse implements Command {
  constructor(
    readonly contract: Contract,
    /** The write whose keys it reuses: `other` is a body of its schema, never of another write's. */
    readonly operation: Operation,
    readonly pick: number,
    readonly other: unknown,
  ) {}

  private chosen(model: Readonly<Model>) {
    const made = model.writes.filter(
      (write) => write.operation === this.operation && isSuccess(write.status) && write.body !== JSON.stringify(this.other),
    );
    return made.length > 0 ? made[this.pick % made.length] : undefined;
  }

  check = (model: Readonly<Model>) => this.chosen(model) !== undefined;

  async run(model: Model, sender: Sender): Promise<void> {
    const write = this.chosen(model)!;
    const reused = await sendWrite(sender, this.contract, write.operation, write.key, JSON.stringify(this.other));
    sender.expect(reused, statusProblem(this.contract, reused, 409, "idempotency_key_reused", "for a key reused with another body"));
  }

  toString = () =>
    `reuse the key of a ${this.operation.method.toUpperCase()} ${this.operation.path} write ${this.pick} with ${JSON.stringify(this.other)}`;
}

export class InvalidWrite implements Command {
  constructor(
    readonly contract: Contract,
    readonly seed: number,
    readonly operation: Operation,
    readonly invalid: InvalidBody,
  ) {}

  check = () => true;

  async run(_model: Model, sender: Sender): Promise<void> {
    const body = JSON.stringify(this.invalid.body);
    const key = keyFor(this.seed, ["invalid", this.operation.method, this.operation.path, body], 32);
    const exchange = await sendWrite(sender, this.contract, this.operation, key, body);
    sender.expect(exchange, refusalProblem(exchange, [this.invalid.field], `a body whose ${this.invalid.field} is ${this.invalid.why}`));
  }

  toString = () => `invalid ${this.operation.method.toUpperCase()} ${this.operation.path}: ${this.invalid.field} ${this.invalid.why}`;
}

/** A key left out, one character too short or too long, or with a character outside the pattern. */
export type BadKey = "missing" | "short" | "long" | "hyphen";

export class BadKeyWrite implements Command {
  constructor(
    readonly contract: Contract,
    readonly seed: number,
    readonly operation: Operation,
    readonly body: unknown,
    readonly bad: BadKey,
  ) {}

  /** The key sent, or null for none; undefined when the extension allows it after all. */
  key(): string | null | undefined {
    const format = keyFormat(this.operation);
    const { min, max } = format;
    const base = keyFor(this.seed, ["bad", this.bad, JSON.stringify(this.body)], max + 1);
    const key = { missing: null, short: base.slice(0, min - 1), long: base, hyphen: `${base.slice(0, min)}-${base.slice(0, 4)}` }[this.bad];
    if (key === null) return this.operation.extensions.idempotency?.required === false ? undefined : null;
    return breaksKeyFormat(format, key) ? key : undefined;
  }

  check = () => this.key() !== undefined;

  async run(_model: Model, sender: Sender): Promise<void> {
    const key = this.key();
    const exchange = await sendWrite(sender, this.contract, this.operation, key ?? null, JSON.stringify(this.body));
    sender.expect(
      exchange,
      statusProblem(
        this.contract,
        exchange,
        400,
        undefined,
        `for a write whose key is ${this.bad === "missing" ? "missing" : `outside its format (${this.bad})`}`,
      ),
    );
  }

  toString = () => `write ${this.operation.method.toUpperCase()} ${this.operation.path} with a key ${this.bad}`;
}
