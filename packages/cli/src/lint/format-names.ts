// The output formats `signing-platform lint --format` accepts (formats.ts renders them).
export const LINT_FORMATS = ["stylish", "json", "sarif", "github-actions"] as const;
export type LintFormat = (typeof LINT_FORMATS)[number];
