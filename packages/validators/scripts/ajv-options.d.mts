// Declarations of ajv-options.mjs for the TypeScript tests that compile their reference with it.
export declare const ajvOptions: Readonly<{ strict: true; allErrors: true; verbose: true; messages: false }>;
export declare function loadJsonSchemas(): Record<string, any>[];
export declare function createSchemaAjv(
  extraOptions?: Record<string, unknown>,
  schemas?: Record<string, any>[],
): { getSchema(id: string): (((data: unknown) => boolean) & { errors?: unknown[] | null }) | undefined };
