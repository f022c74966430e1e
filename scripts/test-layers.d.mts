// Declarations of test-layers.mjs for vitest.config.ts and the TypeScript tests that read the layers.

/** A layer of the suite: what its tests may touch. */
export type TestLayer = "unit" | "integration" | "e2e";

/** The layers, from the one that needs least. */
export declare const TEST_LAYERS: readonly ["unit", "integration", "e2e"];

/** The folders whose *.test.ts files are the suite. */
export declare const TEST_FOLDERS: string[];

/** What puts a file above the unit layer: each pattern, the layer it needs and why. */
export declare const LAYER_MARKERS: ReadonlyArray<{ layer: TestLayer; pattern: RegExp; what: string }>;

/** Every *.test.ts file of the suite, repository-relative, sorted. */
export declare function testFiles(): string[];

/** The layer of each test file, with the marker that put it there, keyed by repository-relative path. */
export declare function testLayers(): Map<string, { layer: TestLayer; because?: string }>;

/** The files of one layer, repository-relative. */
export declare function filesOfLayer(layer: TestLayer): string[];
