// GitHub Actions' expression language, as far as an action's `if:`, `env:`, `run:` and input
// defaults use it: literals, context properties (`inputs.fail-on`, `github.event.pull_request.base.sha`,
// `steps.base.outputs.file`), `!`, `==`, `!=`, `&&`, `||`, parentheses and the status functions.
// The semantics are GitHub's: `&&` and `||` give an operand, not a boolean; `==` compares
// strings without regard to case and other types after converting to numbers; a missing property
// is null. A context or input the action does not declare is an error, so a typo fails the test.

export type Value = null | boolean | number | string | Value[] | { [key: string]: Value };

export interface ExpressionContext {
  contexts: Record<string, Value>;
  /** Names declared under `inputs:`; any other `inputs.x` is an error. */
  inputNames: ReadonlySet<string>;
  /** Whether a step before has failed: success(), failure(). */
  failed: boolean;
}

type Token = { kind: "op" | "string" | "number" | "name"; text: string };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s*(?:(==|!=|&&|\|\||[!().[\],])|'((?:[^']|'')*)'|(-?\d+(?:\.\d+)?)|([A-Za-z_][\w-]*))/y;
  let at = 0;
  while (at < source.length) {
    if (/^\s*$/.test(source.slice(at))) break;
    pattern.lastIndex = at;
    const match = pattern.exec(source);
    if (!match) throw new Error(`cannot read the expression at "${source.slice(at)}": ${source}`);
    at = pattern.lastIndex;
    if (match[1] !== undefined) tokens.push({ kind: "op", text: match[1] });
    else if (match[2] !== undefined) tokens.push({ kind: "string", text: match[2].replace(/''/g, "'") });
    else if (match[3] !== undefined) tokens.push({ kind: "number", text: match[3] });
    else tokens.push({ kind: "name", text: match[4]! });
  }
  return tokens;
}

export const truthy = (value: Value): boolean => !(value === null || value === false || value === 0 || value === "" || Number.isNaN(value));

function toNumber(value: Value): number {
  if (value === null) return 0;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "number") return value;
  if (typeof value === "string") return value.trim() === "" ? 0 : Number(value);
  return Number.NaN;
}

function equal(left: Value, right: Value): boolean {
  if (typeof left === "string" && typeof right === "string") return left.toLowerCase() === right.toLowerCase();
  if (typeof left === "object" || typeof right === "object") return left === right;
  if (typeof left === typeof right) return left === right;
  return toNumber(left) === toNumber(right);
}

export function evaluate(source: string, context: ExpressionContext): Value {
  const tokens = tokenize(source);
  let position = 0;
  const peek = () => tokens[position];
  const take = (text?: string) => {
    const token = tokens[position];
    if (!token || (text !== undefined && token.text !== text)) throw new Error(`expected ${text ?? "more"} in: ${source}`);
    position++;
    return token;
  };

  const or = (): Value => {
    let value = and();
    while (peek()?.text === "||") {
      take();
      const right = and();
      value = truthy(value) ? value : right;
    }
    return value;
  };
  const and = (): Value => {
    let value = comparison();
    while (peek()?.text === "&&") {
      take();
      const right = comparison();
      value = truthy(value) ? right : value;
    }
    return value;
  };
  const comparison = (): Value => {
    const left = unary();
    const op = peek()?.text;
    if (op !== "==" && op !== "!=") return left;
    take();
    const same = equal(left, unary());
    return op === "==" ? same : !same;
  };
  const unary = (): Value => {
    if (peek()?.text === "!") {
      take();
      return !truthy(unary());
    }
    return primary();
  };
  const primary = (): Value => {
    const token = take();
    if (token.kind === "op" && token.text === "(") {
      const value = or();
      take(")");
      return value;
    }
    if (token.kind === "string") return token.text;
    if (token.kind === "number") return Number(token.text);
    if (token.kind !== "name") throw new Error(`unexpected "${token.text}" in: ${source}`);
    if (token.text === "true" || token.text === "false") return token.text === "true";
    if (token.text === "null") return null;
    if (peek()?.text === "(") {
      take("(");
      take(")");
      const status: Record<string, boolean> = { always: true, success: !context.failed, failure: context.failed, cancelled: false };
      if (!(token.text in status)) throw new Error(`unknown function ${token.text}() in: ${source}`);
      return status[token.text]!;
    }
    if (!(token.text in context.contexts)) throw new Error(`unknown context "${token.text}" in: ${source}`);
    let value: Value = context.contexts[token.text]!;
    const path = [token.text];
    while (peek()?.text === "." || peek()?.text === "[") {
      let key: string;
      if (take().text === ".") key = take().text;
      else {
        key = String(or());
        take("]");
      }
      if (path.length === 1 && path[0] === "inputs" && !context.inputNames.has(key))
        throw new Error(`the action has no input "${key}": ${source}`);
      path.push(key);
      value = value !== null && typeof value === "object" && !Array.isArray(value) && key in value ? value[key]! : null;
    }
    return value;
  };

  const value = or();
  if (position !== tokens.length) throw new Error(`unexpected "${tokens[position]!.text}" in: ${source}`);
  return value;
}

/** A value as GitHub writes it into a string: null as nothing, objects as JSON. */
export function asText(value: Value): string {
  if (value === null) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Every `${{ … }}` of a string replaced by its value. */
export function substitute(text: string, context: ExpressionContext): string {
  return text.replace(/\$\{\{(.*?)\}\}/gs, (_, source: string) => asText(evaluate(source, context)));
}

/** An `if:` condition: with or without `${{ }}`, and `success() && …` unless it calls a status function. */
export function condition(source: string | undefined, context: ExpressionContext): boolean {
  const text = (source ?? "success()").trim().replace(/^\$\{\{(.*)\}\}$/s, "$1");
  const withStatus = /\b(always|success|failure|cancelled)\(\)/.test(text) ? text : `success() && (${text})`;
  return truthy(evaluate(withStatus, context));
}
