// `tsc -p <project>` in the test's own process (scripts/build/typescript.mjs, which the build's
// compile service runs too): a test that compiles many generated SDKs pays tsc's start once.
export { type Compiled, compileProject } from "../../scripts/build/typescript.mjs";
