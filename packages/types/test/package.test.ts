// The published package: what `npm pack` puts in the tarball passes publint and
// @arethetypeswrong/cli, and carries the built code, not the sources.
import { describePackedPackage } from "./support/pack.js";

describePackedPackage("types");
