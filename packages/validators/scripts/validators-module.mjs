// @ts-check
// The typed layer over the compiled schemas, generated so that no list of models, event
// types or operations is typed by hand:
//   - one validator per schema of generated/json-schema/ (`validateSigningRequest`, …);
//     a schema the OpenAPI document marks with a `discriminator` (WebhookEvent) picks its
//     branch by the discriminating property instead of trying every branch;
//   - per event type, from the OpenAPI `webhooks` map (`eventValidators`);
//   - per operation, its request body and each response with a JSON body
//     (`operationValidators`), and named validators of the request body and success response.
// Operations are listed and named by @signing-platform/contract, as the types package names
// their types (`CreateEnrollmentRequestBody` ↔ `validateCreateEnrollmentRequestBody`).
import { operationTypeName, readOperations } from "@signing-platform/contract";
import { exportNameOf } from "./standalone.mjs";

const SCHEMA_REF = /^#\/components\/schemas\/([A-Za-z_][A-Za-z0-9_]*)$/;

/** @typedef {import("ajv/dist/2020.js").SchemaObject} JsonSchema */
/** @typedef {import("openapi-typescript").OperationObject} OperationObject */
/** @typedef {{ components: { schemas: Record<string, JsonSchema> }, paths: Record<string, Record<string, unknown>>, webhooks?: Record<string, Record<string, any>> }} Document generated/openapi.yaml, parsed */
/** @typedef {(schemaName: string) => string} NameOf */

/**
 * @param {JsonSchema[]} schemas generated/json-schema/, parsed
 * @param {Document} document generated/openapi.yaml, parsed
 * @param {Record<string, string>} validatorNames names that differ from `validate<Schema>`
 */
export function validatorsModule(schemas, document, validatorNames = {}) {
  const byName = new Map(schemas.map((schema) => [exportNameOf(schema), schema]));
  /** @type {NameOf} */
  const nameOf = (schemaName) => {
    if (!byName.has(schemaName)) throw new Error(`The OpenAPI document names ${schemaName}, which has no JSON Schema.`);
    return validatorNames[schemaName] ?? `validate${schemaName}`;
  };
  const sections = [
    modelValidators(byName, document, nameOf),
    eventValidators(webhookEventSchemas(document), nameOf),
    operationValidators(document, nameOf),
  ];
  return (
    `import type { components } from "@signing-platform/types";\n` +
    `import { createDiscriminatedValidator, createValidator } from "../create-validator.js";\n` +
    `import type { Validator } from "../result.js";\n` +
    `import * as compiled from "./standalone.js";\n\n` +
    `${sections.join("\n\n")}\n`
  );
}

/**
 * @param {Map<string, JsonSchema>} byName
 * @param {Document} document
 * @param {NameOf} nameOf
 */
function modelValidators(byName, document, nameOf) {
  return [...byName.keys()]
    .map((name) => {
      const discriminator = document.components.schemas[name]?.discriminator;
      const summary = firstSentence(byName.get(name)?.description);
      const create = discriminator
        ? `createDiscriminatedValidator(${JSON.stringify(discriminator.propertyName)}, ` +
          `${discriminatedBranches(byName, name, discriminator)}, "${name}.json")`
        : `createValidator(compiled.${name}, "${name}.json")`;
      return (
        `/** Validates \`${name}\`${summary ? `: ${summary}` : "."} */\n` +
        `export const ${nameOf(name)}: Validator<components["schemas"]["${name}"]> = ${create};`
      );
    })
    .join("\n");
}

/**
 * The compiled branch of each discriminator value. Picking the branch by the value is the
 * same as the schema's anyOf only when every branch requires the property with that
 * constant value; the build checks it rather than trusting it.
 * @param {Map<string, JsonSchema>} byName
 * @param {string} unionName
 * @param {import("openapi-typescript").DiscriminatorObject} discriminator
 */
function discriminatedBranches(byName, unionName, { propertyName, mapping }) {
  const union = /** @type {JsonSchema} */ (byName.get(unionName)); // modelValidators asks for the schemas byName has
  const unionRefs = (union.anyOf ?? union.oneOf ?? []).map((/** @type {JsonSchema} */ branch) => branch.$ref).sort();
  // TypeSpec writes every discriminator with its mapping.
  const entries = Object.entries(/** @type {Record<string, string>} */ (mapping)).map(([value, ref]) => {
    const branchName = SCHEMA_REF.exec(ref)?.[1];
    const branch = branchName === undefined ? undefined : byName.get(branchName);
    const pinned = branch?.properties?.[propertyName]?.const === value && branch.required?.includes(propertyName);
    if (!pinned) throw new Error(`${unionName}: branch ${ref} does not require ${propertyName} = "${value}".`);
    return [value, branchName];
  });
  const mappedRefs = entries.map(([, branchName]) => `${branchName}.json`).sort();
  if (JSON.stringify(mappedRefs) !== JSON.stringify(unionRefs)) {
    throw new Error(`${unionName}: the discriminator mapping and the schema's branches differ.`);
  }
  return `{ ${entries.map(([value, branchName]) => `${JSON.stringify(value)}: compiled.${branchName}`).join(", ")} }`;
}

/**
 * The compiled schema of each webhook event type, for `validateEvent` (not exported by the package).
 * @param {Document} document
 */
export function eventSchemasModule(document) {
  const entries = webhookEventSchemas(document).map(([type, name]) => `  ${JSON.stringify(type)}: compiled.${name},`);
  return (
    `import * as compiled from "./standalone.js";\n\n` +
    `/** The compiled schema of each webhook event type (OpenAPI \`webhooks\`). */\n` +
    `export const compiledEventSchemas = {\n${entries.join("\n")}\n} as const;\n`
  );
}

/**
 * [event type, schema name] of each webhook of the OpenAPI document, in document order.
 * @param {Document} document
 * @returns {Array<[string, string]>}
 */
function webhookEventSchemas(document) {
  return Object.entries(document.webhooks ?? {}).map(([type, item]) => {
    const schemaName = jsonBodySchema(item.post?.requestBody);
    if (!schemaName) throw new Error(`Webhook ${type} has no JSON body schema.`);
    return [type, schemaName];
  });
}

/**
 * @param {Array<[string, string]>} entries [event type, schema name]
 * @param {NameOf} nameOf
 */
function eventValidators(entries, nameOf) {
  const validatorMap = entries.map(([type, name]) => `  ${JSON.stringify(type)}: ${nameOf(name)},`).join("\n");
  return (
    `/** One validator per webhook event type (OpenAPI \`webhooks\`). */\n` +
    `export const eventValidators = {\n${validatorMap}\n} as const;`
  );
}

/**
 * @param {Document} document
 * @param {NameOf} nameOf
 */
function operationValidators(document, nameOf) {
  /** @type {string[]} */
  const named = [];
  const operations = /** @type {import("@signing-platform/contract").DocumentOperation<OperationObject>[]} */ (readOperations(document));
  const entries = operations.map(({ method, path, operation }) => {
    const id = /** @type {string} */ (operation.operationId);
    const about = `${method.toUpperCase()} ${path}`;
    const requestBody = jsonBodySchema(operation.requestBody);
    const responses = Object.entries(operation.responses ?? {}).flatMap(([status, response]) => {
      const schemaName = jsonBodySchema(response);
      return schemaName ? [/** @type {[string, string]} */ ([status, schemaName])] : [];
    });
    const lines = [];
    if (requestBody) {
      lines.push(`    requestBody: ${nameOf(requestBody)},`);
      named.push(`/** Validates the JSON body of ${about}. */`);
      named.push(`export const validate${operationTypeName(id)}RequestBody = ${nameOf(requestBody)};`);
    }
    lines.push(`    responses: {`);
    for (const [status, schemaName] of responses) lines.push(`      ${JSON.stringify(status)}: ${nameOf(schemaName)},`);
    lines.push(`    },`);
    const successes = [...new Set(responses.filter(([status]) => status.startsWith("2")).map(([, name]) => name))];
    if (successes[0] !== undefined && successes.length === 1) {
      named.push(`/** Validates the JSON body of the success response of ${about}. */`);
      named.push(`export const validate${operationTypeName(id)}Response = ${nameOf(successes[0])};`);
    }
    return `  /** ${about} */\n  ${id}: {\n${lines.join("\n")}\n  },`;
  });
  return (
    `/** Each operation's request body validator and, by status, its response body validators (statuses without a JSON body, such as 304, are absent). */\n` +
    `export const operationValidators = {\n${entries.join("\n")}\n} as const;\n\n${named.join("\n")}`
  );
}

/**
 * The schema a request body or response names for its JSON content, by name.
 * @param {import("openapi-typescript").RequestBodyObject | import("openapi-typescript").ResponseObject | import("openapi-typescript").ReferenceObject | undefined} bodyHolder
 *   a request body or response; a reference to one names no content
 */
function jsonBodySchema(bodyHolder) {
  const media = bodyHolder && "content" in bodyHolder ? bodyHolder.content?.["application/json"] : undefined;
  const schema = media && "schema" in media ? media.schema : undefined;
  const ref = schema && "$ref" in schema ? schema.$ref : undefined;
  return ref ? SCHEMA_REF.exec(ref)?.[1] : undefined;
}

/** @param {unknown} description */
function firstSentence(description) {
  const text = String(description ?? "")
    .replace(/\s+/g, " ")
    .trim();
  const sentence = /^(.+?[.!?])(\s|$)/.exec(text)?.[1] ?? text;
  return sentence.replaceAll("*/", "*\\/");
}
