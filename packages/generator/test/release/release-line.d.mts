// Types of release-line.mjs, for the TypeScript tests that import it (it runs as plain Node).

/** What `generate --previous` reported on its last line. */
export interface Release {
  /** The SDK's package. */
  name: string;
  version: string;
  previous: string;
  bump: "major" | "minor" | "patch";
  breaking: number;
  added: number;
  changed: number;
}

export declare function releaseOf(stdout: string): Release | undefined;
