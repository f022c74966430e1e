// The published package: what `npm pack` puts in the tarball carries the built code, not the
// sources (publint and @arethetypeswrong/cli: test/registry/published-packages.test.ts).
import { describePackedPackage } from "./support/pack.js";

describePackedPackage("types");
