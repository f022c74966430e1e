// @ts-check
// Finishes the emitted JSON Schema files: one per data model of SigningPlatform.Models
// (the namespace marked @jsonSchema), each JSON Schema 2020-12 with its file name as `$id`,
// so that a validator loads the folder and resolves `$ref`s between files. A `$comment`
// says what made them (JSON has no comments).
import { generatedNotice } from "./paths.mjs";

/** @param {{ $schema?: string, $id?: string } & Record<string, unknown>} schema one emitted schema file */
export function finishJsonSchema(schema) {
  const { $schema, $id, ...rest } = schema;
  return { $schema, $id, $comment: generatedNotice, ...rest };
}
