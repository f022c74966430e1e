// Declarations of documented-shapes.mjs for the TypeScript tests that read the same shapes.

/** A shape the interface document shows, as a value, and the schema it must pass. */
export interface DocumentedShape {
  /** What it is, as a reader finds it: `Resources › Event (ping)`. */
  name: string;
  /** The line of docs/interface.md that shows it. */
  line: number;
  /** The name of the built schema it is checked against, `PingEvent`. */
  schema: string;
  /** The message, with exactly the fields the interface document shows. */
  value: Record<string, any>;
}

/** A documented shape the built schema refuses. */
export interface DocumentedShapeFinding {
  /** The shape, `Resources › Event (certificate.issued)`. */
  shape: string;
  /** `docs/interface.md:<line>`. */
  where: string;
  /** The schema that refuses it. */
  schema: string;
  /** JSONPath of the refused value or missing field, `$.data.certificate_id`. */
  field: string;
  /** The JSON Schema keyword that refused it, `required`. */
  keyword: string;
  /** One sentence: what is wrong, and what to do. */
  message: string;
}

export declare function documentedShapes(document: Record<string, any>, interfaceText?: string): DocumentedShape[];
export declare function documentedShapeFindings(input: {
  document: Record<string, any>;
  jsonSchemas: Record<string, any>[];
  interfaceText?: string;
}): DocumentedShapeFinding[];
export declare function readJsonSchemas(dir: string): Record<string, any>[];
export declare function formatDocumentedShapeFindings(findings: readonly DocumentedShapeFinding[]): string;
