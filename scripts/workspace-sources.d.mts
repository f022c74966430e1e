// Declarations of workspace-sources.mjs for vitest.config.ts.

/** Aliases for vite's `resolve.alias`: each exported entry of a workspace package to its source file. */
export declare function workspaceSourceAliases(): { find: RegExp; replacement: string }[];
