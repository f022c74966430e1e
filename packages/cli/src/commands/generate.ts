// `signing-platform generate --input <openapi> --out <dir> [--name <pkg>]`: writes a
// TypeScript SDK package for a document that uses the x-signing-platform-* extensions. The
// work, its argument parsing and its exit statuses are @signing-platform/generator's.
import { type Command } from "../command.js";

export const generate: Command = {
  name: "generate",
  summary: "Write a typed TypeScript SDK package for an OpenAPI document with our extensions.",
  get usage() {
    return "Usage: signing-platform generate --input <openapi> --out <dir> [--name <package>] [--force]\n";
  },
  async run(args, io) {
    // Loaded on demand: only this command needs openapi-typescript and the generator.
    const { runGenerate } = await import("@signing-platform/generator");
    return runGenerate(args, io);
  },
};
