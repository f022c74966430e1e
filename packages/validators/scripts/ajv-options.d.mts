// Declarations of ajv-options.mjs for the TypeScript tests that compile their reference with it.
import type { Ajv2020, Options, SchemaObject } from "ajv/dist/2020.js";

export declare const ajvOptions: Readonly<{ strict: true; allErrors: true; verbose: true; messages: false }>;
export declare const formatsOptions: Readonly<{ mode: "fast" }>;
/** Every generated schema has its file name as `$id`. */
export declare function loadJsonSchemas(): Array<SchemaObject & { $id: string }>;
export declare function createSchemaAjv(extraOptions?: Options, schemas?: SchemaObject[]): Ajv2020;
