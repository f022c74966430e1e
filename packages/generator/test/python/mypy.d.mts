// Types of mypy.mjs, for the TypeScript tests that import it.

/** The arguments after the interpreter, before the targets: `python3 ...MYPY_STRICT -p pkg`. */
export declare const MYPY_STRICT: readonly string[];
