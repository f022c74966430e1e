// @ts-check
// The two modules the build writes into src/generated/ from the operation table:
//   operations.ts  the table itself, as data the router and the conventions read;
//   handlers.ts    one handler type per operation: its request (params, query, headers,
//                  body from @signing-platform/types) and the union of replies the spec
//                  allows it, each error status with exactly the codes it may carry.
import { statusOfCode } from "./operation-table.mjs";

/** @typedef {import("../src/router/operation-descriptor.js").OperationDescriptor} OperationDescriptor */

const pascalCase = (/** @type {string} */ id) => id.charAt(0).toUpperCase() + id.slice(1);

/**
 * @param {readonly OperationDescriptor[]} table
 * @param {import("openapi-typescript").OpenAPI3} document generated/openapi.yaml
 */
export function operationsModule(table, document) {
  const server = document.servers?.[0];
  const baseUrl = server?.url.replace(/\{([^}]+)\}/g, (_, /** @type {string} */ name) => server.variables?.[name]?.default ?? "");
  return (
    `import type { OperationDescriptor } from "../router/operation-descriptor.js";\n\n` +
    `/** The base URL of the spec's first server, with its variables' defaults. */\n` +
    `export const specBaseUrl = ${JSON.stringify(baseUrl ?? "")};\n\n` +
    `/** Every operation of the API, as the spec describes it (generated/openapi.yaml). */\n` +
    `export const operationTable: readonly OperationDescriptor[] = ${JSON.stringify(table, null, 2)};\n`
  );
}

/**
 * @param {readonly OperationDescriptor[]} table
 * @param {import("@signing-platform/types").Catalogue} catalogue generated/catalogue.json
 */
export function handlersModule(table, catalogue) {
  const blocks = table.map((operation) => {
    const name = pascalCase(operation.operationId);
    const id = JSON.stringify(operation.operationId);
    const about = `${operation.method} ${operation.path}`;
    /** @type {string[]} */
    const replies = [];
    for (const [status, response] of Object.entries(operation.responses)) {
      const code = Number(status);
      if (code >= 200 && code < 300) {
        replies.push(response.body ? `SuccessReply<${code}, ResponseBody<${id}, ${code}>>` : `EmptyReply<${code}>`);
      } else if (code >= 400) {
        const codes = operation.errorCodes.filter((errorCode) => statusOfCode(catalogue, errorCode) === code);
        if (codes.length > 0) replies.push(`ErrorReply<${code}, ${codes.map((c) => JSON.stringify(c)).join(" | ")}>`);
      }
      // 3xx (304) is the conditional-request convention's answer, never a handler's.
    }
    const context = operation.pagination
      ? `PagedHandlerContext<ResponseBody<${id}, 200>["${operation.pagination.items_field}"][number]>`
      : "HandlerContext";
    return [
      `/** Replies of ${about} (${operation.operationId}): its success responses, and each error status with the codes it may carry. */`,
      `export type ${name}Reply =\n  | ${replies.join("\n  | ")};`,
      `/** Handler of ${about}: ${operation.summary}. */`,
      `export type ${name}Handler = Handler<${id}, ${name}Reply, ${context}>;`,
    ].join("\n");
  });
  const members = table.map(
    (operation) =>
      `  /** ${operation.method} ${operation.path}: ${operation.summary}. */\n  ${operation.operationId}: ${pascalCase(operation.operationId)}Handler;`,
  );
  return (
    `import type { ResponseBody } from "@signing-platform/types";\n` +
    `import type {\n  EmptyReply,\n  ErrorReply,\n  Handler,\n  HandlerContext,\n  PagedHandlerContext,\n  SuccessReply,\n} from "../router/handler-types.js";\n\n` +
    `${blocks.join("\n\n")}\n\n` +
    `/** One handler per operation, by operation id. */\nexport interface OperationHandlers {\n${members.join("\n")}\n}\n`
  );
}
