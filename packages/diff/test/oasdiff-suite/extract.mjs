#!/usr/bin/env node
// @ts-check
// Reads oasdiff's own checker tests (checker/*_test.go of a commit of its repository) and
// writes what they assert as data: cases.json, the spec files the cases load (and every file
// those $ref) under data/, oasdiff's LICENSE, and README.md. ../oasdiff-suite.test.ts runs the
// cases through the engine, and packages/cli/test/diff/oasdiff-suite.test.ts some through
// `signing-platform diff`.
//
//   node packages/diff/test/oasdiff-suite/extract.mjs <oasdiff git dir> [<tag or commit>]
//
// The git dir is a clone of oasdiff (`.git`, or a bare one): nothing is checked out, files are
// read with `git show`. Without a tag, the newest release tag (vX.Y.Z, no pre-release) is used.
//
// The tests are Go; this reads them statically, one test function at a time, statement by
// statement. A case is a test that loads two spec files, compares them with
// checker.CheckBackwardCompatibility (or CheckBackwardCompatibilityUntilLevel) and asserts on
// the result. A test that changes a loaded spec (or the diff) in Go before comparing, builds a
// spec in Go, or loops over a table, cannot be read that way: it is skipped, and counted with
// its reason in cases.json. DEBUG=1 prints, on stderr, each statement about a result that it
// could not read and each statement it took for a change to a loaded spec.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import YAML from "yaml";
import { oasdiffRelease } from "../../../../scripts/oasdiff-release.mjs";

/**
 * Options of a checker configuration that change what the checks report.
 * @typedef {object} CheckerOptions
 * @property {boolean} [versioningPolicy]
 * @property {{ beta: number, stable: number }} [deprecationDays]
 * @property {Record<string, string>} [severityLevels] level by id
 * @property {string[]} [attributes]
 * @property {string} [stabilityLevel]
 */
/** @typedef {{ checks: "all" | string[], options: CheckerOptions }} CheckerConfig which checks run, and how */
/** @typedef {{ id?: string, level?: string, operation?: string, path?: string }} Change a change a test expects */
/**
 * A spec file a test loads.
 * @typedef {object} LoadedSpec
 * @property {string} [file]
 * @property {boolean} [mutated] changed in Go after it was loaded
 * @property {boolean} [composed] several documents per side
 * @property {{ loadOptions?: string[] }} [options]
 */
/**
 * A diff a test makes of two loaded specs.
 * @typedef {object} Compared
 * @property {boolean} mutated
 * @property {string} osm the variable of its operations' sources
 * @property {string[]} specVars
 * @property {string} [skip] why its cases cannot be read
 * @property {string} [base]
 * @property {string} [revision]
 * @property {string} [diffConfig]
 * @property {string[]} [loadOptions]
 */
/**
 * A case as the assertions on one result build it.
 * @typedef {object} Entry
 * @property {string} name
 * @property {string} [file]
 * @property {string} base
 * @property {string} revision
 * @property {"all" | string[]} checks
 * @property {string} minLevel
 * @property {CheckerOptions & { diffConfig?: string, loadOptions?: string[], direct?: boolean }} options
 * @property {Change[]} items by position, as oasdiff orders its changes
 * @property {Change[]} contains
 * @property {Change[]} absent
 * @property {number | undefined} count
 * @property {number} atLeast
 * @property {string | undefined} allLevel
 * @property {string[]} ids an id list that must match as a multiset (require.ElementsMatch)
 * @property {string[]} unread statements on the result this reader does not understand
 */
/**
 * What a body defined, by variable.
 * @typedef {object} Scope
 * @property {Map<string, string>} strings
 * @property {Map<string, LoadedSpec>} specs
 * @property {Map<string, Compared>} diffs
 * @property {Map<string, CheckerConfig>} configs
 * @property {Map<string, string | undefined>} diffConfigs
 */

const SUITE = dirname(fileURLToPath(import.meta.url));
const REPOSITORY = "oasdiff/oasdiff";

const [gitDir, wantedRef] = process.argv.slice(2);
if (!gitDir) {
  console.error("usage: node extract.mjs <oasdiff git dir> [<tag or commit>]");
  process.exit(2);
}

const { git, ref, commit, show } = oasdiffRelease(gitDir, wantedRef);
const repoFiles = new Set(git(["ls-tree", "-r", "--name-only", commit]).split("\n").filter(Boolean));

// ---------------------------------------------------------------- Go source, read lexically

/** Index just past the string, raw string or rune literal that starts at `start`. @param {string} src @param {number} start */
function endOfLiteral(src, start) {
  const quote = src[start];
  let i = start + 1;
  while (i < src.length && src[i] !== quote) {
    if (quote !== "`" && src[i] === "\\") i++;
    i++;
  }
  return i + 1;
}

/** The source with its comments replaced by spaces (newlines kept), strings untouched. @param {string} src */
function withoutComments(src) {
  let out = "";
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === '"' || c === "`" || c === "'") {
      const end = endOfLiteral(src, i);
      out += src.slice(i, end);
      i = end;
    } else if (c === "/" && src[i + 1] === "/") {
      while (i < src.length && src[i] !== "\n") i++;
    } else if (c === "/" && src[i + 1] === "*") {
      const end = src.indexOf("*/", i + 2);
      out += src.slice(i, end + 2).replace(/[^\n]/g, " ");
      i = end + 2;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Index of the bracket that closes the one at `open`. @param {string} src @param {number} open */
function closing(src, open) {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    const c = /** @type {string} */ (src[i]); // i < src.length
    if (c === '"' || c === "`" || c === "'") i = endOfLiteral(src, i) - 1;
    else if ("([{".includes(c)) depth++;
    else if (")]}".includes(c) && --depth === 0) return i;
  }
  throw new Error("unbalanced brackets");
}

/** Splits at the commas (or another separator) that are not inside brackets or literals. @param {string} src */
function splitTopLevel(src, separator = ",") {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < src.length; i++) {
    const c = /** @type {string} */ (src[i]); // i < src.length
    if (c === '"' || c === "`" || c === "'") i = endOfLiteral(src, i) - 1;
    else if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) depth--;
    else if (depth === 0 && src.startsWith(separator, i)) {
      parts.push(src.slice(start, i).trim());
      start = i + separator.length;
    }
  }
  parts.push(src.slice(start).trim());
  return parts.filter((part) => part !== "");
}

/** The statements of a block's body: newline-terminated at bracket depth 0, as Go inserts semicolons. @param {string} body */
function statementsOf(body) {
  const statements = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= body.length; i++) {
    const c = body[i];
    if (c === '"' || c === "`" || c === "'") i = endOfLiteral(body, i) - 1;
    else if (c !== undefined && "([{".includes(c)) depth++;
    else if (c !== undefined && ")]}".includes(c)) depth--;
    else if (depth === 0 && (c === "\n" || c === ";" || c === undefined)) {
      const raw = body.slice(start, i).trim();
      // A line ending in an operator or a comma continues on the next.
      if (c === "\n" && /([,+.(]|&&|\|\|)$/.test(raw)) continue;
      if (raw) statements.push({ raw, text: raw.replace(/\s+/g, " ") });
      start = i + 1;
    }
  }
  return statements;
}

/** Every call of `name(...)` in `src`: its arguments. `name` may contain dots. @param {string} src @param {string} name */
function callsOf(src, name) {
  const calls = [];
  const pattern = new RegExp(`(?<![\\w.])${name.replace(/\./g, "\\.")}\\(`, "g");
  for (const match of src.matchAll(pattern)) {
    const open = match.index + match[0].length - 1;
    const close = closing(src, open);
    // The arguments the readers below take of each call it has; one that is missing fails as before.
    const args = /** @type {[string, string, string]} */ (splitTopLevel(src.slice(open + 1, close)));
    calls.push({ args, start: match.index, end: close + 1 });
  }
  return calls;
}

/** The top-level test functions of a file: name and body. @param {string} src */
function testFunctions(src) {
  const found = [];
  for (const match of src.matchAll(/^func (Test\w*)\(t \*testing\.T\) \{/gm)) {
    const open = match.index + match[0].length - 1;
    found.push({ name: /** @type {string} */ (match[1]), body: src.slice(open + 1, closing(src, open)) });
  }
  return found;
}

/**
 * `text.match(pattern)`, each group as a string. The patterns of this reader have at most four
 * groups; an optional one that took no part in the match is undefined, and is tested before use.
 * @param {string} text
 * @param {RegExp} pattern
 */
const groups = (text, pattern) =>
  /** @type {[string, string, string, string, string] | null} */ (/** @type {unknown} */ (text.match(pattern)));

/** @param {string} literal a Go string literal @returns {string} */
const unquote = (literal) => (literal.startsWith("`") ? literal.slice(1, -1) : JSON.parse(literal));
const isStringLiteral = (/** @type {string} */ expr) => /^("([^"\\]|\\.)*"|`[^`]*`)$/.test(expr);

// ---------------------------------------------------------------- the checker's vocabulary

const checkerSources = [...repoFiles].filter((path) => /^checker\/[^/]+\.go$/.test(path));
const goSources = new Map(checkerSources.map((path) => [path, withoutComments(show(path))]));

/** checker.XxxId → "xxx". */
/** @type {Map<string, string>} */
const IDS = new Map();
for (const [path, src] of goSources) {
  if (path.endsWith("_test.go")) continue;
  // Both groups always take part in a match: the defaults are never used.
  for (const [, name = "", id = ""] of src.matchAll(/\b(\w+Id)\s*=\s*"([a-z0-9-]+)"/g)) IDS.set(name, id);
}

/** The rule registry: id → default level and the check that reports it. */
/** @type {Map<string, { level: string, check: string }>} */
const RULES = new Map();
for (const match of /** @type {string} */ (goSources.get("checker/rules.go")).matchAll(
  /newBackwardCompatibilityRule\(\s*(\w+),\s*(ERR|WARN|INFO|NONE),\s*(\w+),/g,
)) {
  const id = IDS.get(/** @type {string} */ (match[1]));
  // The three groups always take part in a match.
  if (id) RULES.set(id, { level: /** @type {string} */ (match[2]), check: /** @type {string} */ (match[3]) });
}
const idsOfCheck = (/** @type {string} */ check) => [...RULES].filter(([, rule]) => rule.check === check).map(([id]) => id);

const LEVELS = ["NONE", "INFO", "WARN", "ERR"];
const rank = (/** @type {string} */ level) => LEVELS.indexOf(level);

/** The data-file helpers: name → folder under data/ (helpers_test.go's `deprecationFile` etc.). */
/** @type {Map<string, string>} */
const DATA_FILE_HELPERS = new Map();
for (const [path, src] of goSources) {
  if (!path.endsWith("_test.go")) continue;
  for (const [, name = "", folder = ""] of src.matchAll(/\b(\w+)\s*:?=\s*dataFileFn\("([^"]+)"\)/g)) DATA_FILE_HELPERS.set(name, folder);
}

// ---------------------------------------------------------------- one test function

class Skip extends Error {}

/** The repository path of a file a test names relative to checker/ ("../data/x.yaml" → "data/x.yaml"). */
const fromChecker = (/** @type {string} */ file) => posix.normalize(posix.join("checker", file));

/**
 * Evaluates a Go string expression built from literals, local strings and the data-file helpers.
 * @param {string} expr
 * @param {Map<string, string>} strings
 * @returns {string}
 */
function evalString(expr, strings) {
  const parts = splitTopLevel(expr, "+");
  if (parts.length > 1) return parts.map((part) => evalString(part, strings)).join("");
  if (isStringLiteral(expr)) return unquote(expr);
  const local = strings.get(expr);
  if (local !== undefined) return local;
  // The groups of these patterns always take part in a match.
  const helper = /** @type {[string, string, string] | null} */ (expr.match(/^(\w+)\((.*)\)$/));
  if (helper && DATA_FILE_HELPERS.has(helper[1])) return `../data/${DATA_FILE_HELPERS.get(helper[1])}/${evalString(helper[2], strings)}`;
  const sprintf = /** @type {[string, string] | null} */ (expr.match(/^fmt\.Sprintf\((.*)\)$/));
  if (sprintf) {
    const [format = "", ...args] = splitTopLevel(sprintf[1]);
    const values = args.map((arg) => (/^\d+$/.test(arg) ? arg : evalString(arg, strings)));
    return evalString(format, strings).replace(/%[ds]/g, () => /** @type {string} */ (values.shift()));
  }
  throw new Skip(`a file name computed at run time (${expr})`);
}

/**
 * checker.ApiChange{...} (or ComponentChange, SecurityChange, or an untyped {...} in a slice): what it says.
 * @param {string} literal
 */
function changeLiteral(literal) {
  const body = literal.slice(literal.indexOf("{") + 1, literal.lastIndexOf("}"));
  /** @type {Change} */
  const item = {};
  for (const field of splitTopLevel(body)) {
    const [key, ...rest] = splitTopLevel(field, ":");
    const value = rest.join(":").trim();
    if (key === "Id") item.id = idOf(value);
    else if (key === "Level") item.level = value.replace("checker.", "");
    else if (key === "Operation" && isStringLiteral(value)) item.operation = unquote(value);
    else if (key === "Path" && isStringLiteral(value)) item.path = unquote(value);
  }
  return item;
}

/** @param {string} expr @returns {string} */
function idOf(expr) {
  if (isStringLiteral(expr)) return unquote(expr);
  const name = expr.replace(/^checker\./, "");
  const id = IDS.get(name);
  if (id === undefined) throw new Skip(`an id the extractor cannot resolve (${expr})`);
  return id;
}

/**
 * A checker.Config expression: which checks run, and the options that change what they report.
 * @param {string} expr
 * @param {Map<string, CheckerConfig>} configs
 * @returns {CheckerConfig}
 */
function evalCheckerConfig(expr, configs) {
  const named = configs.get(expr);
  if (named) return named;
  // The groups always take part in a match.
  const call = /** @type {[string, string, string] | null} */ (
    expr.match(/^(allChecksConfig|singleCheckConfig|checker\.NewConfig)\((.*)\)$/)
  );
  if (!call) throw new Skip(`a checker configuration the extractor cannot read (${expr})`);
  const args = splitTopLevel(call[2]);
  /** @type {CheckerConfig} */
  const config = { checks: "all", options: {} };
  let opts = args;
  if (call[1] === "singleCheckConfig") {
    config.checks = [String(args[0]).replace("checker.", "")];
    opts = args.slice(1);
  } else if (call[1] === "checker.NewConfig") {
    opts = args.slice(1);
    if (args[0] !== "checker.GetAllChecks()") {
      const list = String(args[0]).match(/^checker\.BackwardCompatibilityChecks\{(.*)\}$/);
      if (!list) throw new Skip(`a checker configuration the extractor cannot read (${expr})`);
      config.checks = splitTopLevel(/** @type {string} */ (list[1])).map((check) => check.replace("checker.", ""));
    }
    // Without withoutVersioningPolicy() the versioning rules run too.
    if (!opts.includes("withoutVersioningPolicy()")) config.options.versioningPolicy = true;
  }
  for (const opt of opts) {
    // The groups of these patterns always take part in a match.
    /** @type {string[] | null} */
    let match;
    if (opt === "withoutVersioningPolicy()") continue;
    if ((match = opt.match(/^checker\.WithDeprecation\((\d+), (\d+)\)$/)))
      config.options.deprecationDays = { beta: Number(match[1]), stable: Number(match[2]) };
    else if ((match = opt.match(/^checker\.WithSeverityLevels\(map\[string\]checker\.Level\{(.*)\}\)$/))) {
      /** @type {Record<string, string>} */
      const severityLevels = {};
      config.options.severityLevels = severityLevels;
      for (const entry of splitTopLevel(String(match[1]))) {
        const [id = "", level = ""] = splitTopLevel(entry, ":");
        severityLevels[idOf(id)] = level.replace("checker.", "");
      }
    } else if ((match = opt.match(/^checker\.WithAttributes\(\[\]string\{(.*)\}\)$/)))
      config.options.attributes = splitTopLevel(String(match[1])).map(unquote);
    else if ((match = opt.match(/^checker\.WithSingleCheck\(checker\.(\w+)\)$/))) config.checks = [String(match[1])];
    else throw new Skip(`a checker option the extractor cannot read (${opt})`);
  }
  return config;
}

/**
 * The diff configuration: diff.NewConfig() is oasdiff's default; anything else is recorded.
 * @param {string} expr
 * @param {Map<string, string | undefined>} diffConfigs
 * @returns {string | undefined}
 */
function evalDiffConfig(expr, diffConfigs) {
  if (diffConfigs.has(expr)) return diffConfigs.get(expr);
  if (expr === "diff.NewConfig()") return undefined;
  if (expr.startsWith("diff.NewConfig()")) return expr;
  throw new Skip(`a diff configuration the extractor cannot read (${expr})`);
}

/**
 * Reads one test function (or one t.Run body) and returns its cases. `scope` carries what an
 * enclosing body defined, for subtests.
 * @param {string} name
 * @param {string} body
 * @param {Scope} [inherited]
 * @returns {{ cases: Entry[], skips: string[] }}
 */
function readBody(name, body, inherited) {
  const env = {
    strings: new Map(inherited?.strings),
    specs: new Map(inherited?.specs), // var → { file, mutated }
    diffs: new Map(inherited?.diffs), // var → { base, revision, diffConfig, mutated }
    configs: new Map(inherited?.configs), // var → checker config
    diffConfigs: new Map(inherited?.diffConfigs),
    /** @type {Map<string, Entry>} */
    results: new Map(), // var → case
    /** @type {Map<string, { result: Entry, index: number }>} */
    aliases: new Map(), // var → { result, index } for `e0 := errs[0]`
    /** @type {Map<string, Entry>} */
    idSets: new Map(), // var → result, for `ids[e.GetId()] = true`
    /** @type {Map<string, { result: Entry, id: string, nil?: boolean }>} */
    founds: new Map(), // var → { result, id }, for `found = true` loops
  };
  /** @type {Entry[]} */
  const cases = [];
  /** @type {Array<{ name: string, body: string }>} */
  const subtests = [];
  /** @type {string[]} */
  const skips = [];

  /** @param {string} varName */
  const spec = (varName) => {
    const wrapped = groups(varName, /^&load\.SpecInfo\{.*\bSpec: (\w+)/);
    const key = wrapped ? wrapped[1] : varName;
    const found = env.specs.get(key);
    if (found?.composed) throw new Skip("several documents per side (composed mode)");
    if (!found) throw new Skip(`a spec built in Go or loaded by a helper the extractor does not read (${varName})`);
    if (found.mutated) throw new Skip("a spec changed in Go before the comparison");
    return found.file;
  };
  /** @param {...string} vars */
  const loadOptions = (...vars) => {
    const options = vars.flatMap((varName) => env.specs.get(varName.match(/\bSpec: (\w+)/)?.[1] ?? varName)?.options?.loadOptions ?? []);
    return options.length > 0 ? [...new Set(options)] : undefined;
  };

  /**
   * @param {string} resultVar
   * @param {{ base?: string, revision?: string, diffConfig?: string, loadOptions?: string[], config: CheckerConfig, minLevel: string, direct?: boolean }} read
   */
  const newCase = (resultVar, { base, revision, diffConfig, loadOptions, config, minLevel, direct }) => {
    // A comparison with a skip or no spec file throws before it gets here.
    /** @type {Entry} */
    const entry = {
      name,
      base: fromChecker(/** @type {string} */ (base)),
      revision: fromChecker(/** @type {string} */ (revision)),
      checks: config.checks,
      minLevel,
      options: {
        ...config.options,
        ...(diffConfig ? { diffConfig } : {}),
        ...(loadOptions ? { loadOptions } : {}),
        ...(direct ? { direct } : {}),
      },
      items: [], // by position, as oasdiff orders its changes
      contains: [],
      absent: [],
      count: undefined,
      atLeast: 0,
      allLevel: undefined,
      ids: [], // an id list that must match as a multiset (require.ElementsMatch)
      unread: [], // statements on the result this reader does not understand
    };
    cases.push(entry);
    env.results.set(resultVar, entry);
    return entry;
  };

  /** @param {Entry} result @param {number} index */
  const item = (result, index) => {
    return (result.items[index] ??= {});
  };

  for (const { raw, text: s } of statementsOf(body)) {
    /** @type {ReturnType<typeof groups>} */
    let m;
    try {
      // --- strings and loads
      if ((m = groups(s, /^(\w+) :?= ("(?:[^"\\]|\\.)*"|`[^`]*`)$/))) env.strings.set(m[1], unquote(m[2]));
      else if ((m = groups(s, /^(?:const|var) (\w+) = ("(?:[^"\\]|\\.)*"|`[^`]*`)$/))) env.strings.set(m[1], unquote(m[2]));
      else if ((m = groups(s, /^(\w+), (?:err|_) :?= open\((.*)\)$/)))
        env.specs.set(m[1], { file: evalString(/** @type {string} */ (splitTopLevel(m[2])[0]), env.strings), mutated: false });
      else if ((m = groups(s, /^(\w+), (?:err|_) :?= (?:\w+|openapi3\.NewLoader\(\))\.LoadFromFile\((.*)\)$/)))
        env.specs.set(m[1], { file: evalString(m[2], env.strings), mutated: false });
      else if ((m = groups(s, /^(\w+), (?:err|_) :?= load\.NewSpecInfo\(\w+, load\.NewSource\(([^()]*|\w+\([^()]*\))\)(, .*)?\)$/))) {
        const options = m[3] ? { loadOptions: splitTopLevel(m[3]) } : {};
        env.specs.set(m[1], { file: evalString(m[2], env.strings), mutated: false, options });
      } else if ((m = groups(s, /^(\w+) :?= l\(t, (\d+)(?:, .*)?\)$/)))
        env.specs.set(m[1], { file: `../data/openapi-test${m[2]}.yaml`, mutated: false });
      else if ((m = groups(s, /^(\w+) :?= loadFrom\(t, (.*), (\d+)\)$/)))
        env.specs.set(m[1], { file: `${evalString(m[2], env.strings)}spec${m[3]}.yaml`, mutated: false });
      else if ((m = groups(s, /^(\w+) :?= \[\]\*load\.SpecInfo\{/))) env.specs.set(m[1], { composed: true });
      // --- configurations
      else if ((m = groups(s, /^(\w+) :?= (allChecksConfig|singleCheckConfig|checker\.NewConfig)\(/)))
        env.configs.set(m[1], evalCheckerConfig(s.slice(s.indexOf("=") + 1).trim(), env.configs));
      else if ((m = groups(s, /^(\w+)\.StabilityLevel = (.*)$/)) && env.configs.has(m[1]))
        env.configs.set(m[1], {
          .../** @type {CheckerConfig} */ (env.configs.get(m[1])),
          options: { .../** @type {CheckerConfig} */ (env.configs.get(m[1])).options, stabilityLevel: m[2].replace("checker.", "") },
        });
      else if ((m = groups(s, /^(\w+) :?= (diff\.NewConfig\(\).*)$/)))
        env.diffConfigs.set(m[1], m[2] === "diff.NewConfig()" ? undefined : m[2]);
      else if ((m = groups(s, /^(\w+)\.(\w+) = (.*)$/)) && env.diffConfigs.has(m[1]))
        env.diffConfigs.set(m[1], `${env.diffConfigs.get(m[1]) ?? "diff.NewConfig()"}; .${m[2]} = ${m[3]}`);
      // --- the comparison
      else if ((m = groups(s, /^(\w+), (\w+), (?:err|_) :?= diff\.GetWithOperationsSourcesMap\((.*)\)$/))) {
        // The call's three arguments.
        const [config, base, revision] = /** @type {[string, string, string]} */ (splitTopLevel(m[3]));
        // The diff holds the loaded documents by reference: a spec changed after it was built changes what the checks read.
        const specVars = [base, revision].map((varName) => varName.match(/\bSpec: (\w+)/)?.[1] ?? varName);
        /** @type {Compared} */
        const compared = { mutated: false, osm: m[2], specVars };
        try {
          Object.assign(compared, {
            base: spec(base),
            revision: spec(revision),
            diffConfig: evalDiffConfig(config, env.diffConfigs),
            loadOptions: loadOptions(base, revision),
          });
        } catch (error) {
          if (!(error instanceof Skip)) throw error;
          compared.skip = error.message;
        }
        env.diffs.set(m[1], compared);
      } else if ((m = groups(s, /^(\w+) :?= checker\.(CheckBackwardCompatibility|CheckBackwardCompatibilityUntilLevel)\((.*)\)$/))) {
        const [configExpr, diffVar, , level] = /** @type {[string, string, string?, string?]} */ (splitTopLevel(m[3]));
        const compared = env.diffs.get(diffVar);
        if (!compared) throw new Skip("a diff the extractor did not see made");
        if (compared.skip) throw new Skip(compared.skip);
        if (compared.mutated) throw new Skip("the diff report changed in Go before the checks");
        newCase(m[1], {
          ...compared,
          config: evalCheckerConfig(configExpr, env.configs),
          minLevel: level ? level.replace("checker.", "") : "WARN",
        });
      } else if ((m = groups(s, /^(\w+) :?= checker\.(\w+Check)\((\w+), \w+, (.*)\)$/))) {
        // A check function called directly: its changes, at every level.
        const compared = env.diffs.get(m[3]);
        if (!compared) throw new Skip("a diff the extractor did not see made");
        if (compared.skip) throw new Skip(compared.skip);
        if (compared.mutated) throw new Skip("the diff report changed in Go before the checks");
        newCase(m[1], { ...compared, config: { checks: [m[2]], options: {} }, minLevel: "INFO", direct: true });
      } else if ((m = groups(s, /^(\w+) :?= d\(t, (.*?), (\d+), (\d+)(?:, .*)?\)$/)))
        newCase(m[1], {
          base: `../data/openapi-test${m[3]}.yaml`,
          revision: `../data/openapi-test${m[4]}.yaml`,
          diffConfig: evalDiffConfig(m[2], env.diffConfigs),
          config: { checks: "all", options: {} },
          minLevel: "WARN",
        });
      else if ((m = groups(s, /^(\w+) :?= stabilityChanges\(t, (.*), (.*), (.*)\)$/)))
        newCase(m[1], {
          base: `../data/stability/${evalString(m[2], env.strings)}`,
          revision: `../data/stability/${evalString(m[3], env.strings)}`,
          config: { checks: "all", options: { stabilityLevel: m[4].replace("checker.", "") } },
          minLevel: "INFO",
        });
      else if ((m = groups(s, /^(\w+) :?= nullableWrapChanges\(t, (.*), (.*)\)$/)))
        newCase(m[1], {
          base: evalString(m[2], env.strings),
          revision: evalString(m[3], env.strings),
          config: { checks: "all", options: {} },
          minLevel: "INFO",
        });
      else if ((m = groups(s, /^verifyNonBreakingChangeIsChangelogEntry\(t, (\w+), \w+, (.*)\)$/))) {
        // The helper: nothing at WARN or above, and at INFO exactly one change, of this id, at INFO.
        const compared = env.diffs.get(m[1]);
        if (!compared) throw new Skip("a diff the extractor did not see made");
        if (compared.skip) throw new Skip(compared.skip);
        if (compared.mutated) throw new Skip("the diff report changed in Go before the checks");
        const entry = newCase(`${m[1]}.changelog`, { ...compared, config: { checks: "all", options: {} }, minLevel: "INFO" });
        entry.count = 1;
        entry.items[0] = { id: idOf(m[2]), level: "INFO" };
      }
      // --- subtests with their own comparison
      else if ((m = groups(s, /^t\.Run\(("(?:[^"\\]|\\.)*"), func\(t \*testing\.T\) \{/))) {
        const open = raw.indexOf("{", raw.indexOf("func("));
        subtests.push({ name: `${name}/${unquote(m[1])}`, body: raw.slice(open + 1, closing(raw, open)) });
      } else if (/^for .* range /.test(s) && /\bt\.Run\(/.test(s) && /open\(|diff\./.test(s))
        throw new Skip("a table of cases looped over in Go");
      // --- assertions
      else readAssertion(s);
    } catch (error) {
      if (!(error instanceof Skip)) throw error;
      skips.push(error.message);
      // A result this reader could not follow hides the one of the same name before it.
      const assigned = groups(s, /^(\w+) :?= /);
      if (assigned) env.results.delete(assigned[1]);
    }
    markTouched(s);
  }

  /** Anything but a load or a comparison that names a loaded spec or a diff changes it, as far as this reader knows. */
  /** @param {string} statement */
  function markTouched(statement) {
    const s = statement.replace(/"(?:[^"\\]|\\.)*"|`[^`]*`/g, '""');
    if (/^(\w+)(?:, (?:err|_))? :?= /.test(s) && /\b(open|l|loadFrom|LoadFromFile|NewSpecInfo)\(/.test(s)) return;
    if (/diff\.GetWithOperationsSourcesMap|checker\.CheckBackwardCompatibility|checker\.\w+Check\(/.test(s)) return;
    for (const [varName, loaded] of env.specs)
      if (new RegExp(`(?<![\\w.])${varName}\\b(?!:)`).test(s)) {
        if (process.env.DEBUG && !loaded.mutated) console.error(`${name}: changes ${varName}: ${s}`);
        loaded.mutated = true;
      }
    for (const [varName, compared] of env.diffs)
      for (const name of [varName, compared.osm, ...compared.specVars])
        if (new RegExp(`(?<![\\w.])${name}\\b(?!:)`).test(s)) compared.mutated = true;
  }

  /** @param {string} s */
  function readAssertion(s) {
    /** @type {ReturnType<typeof groups>} */
    let m;
    for (const [resultVar, result] of env.results) {
      const r = resultVar;
      if (!new RegExp(`\\b${r}\\b`).test(s)) continue;
      if ((m = groups(s, new RegExp(`^require\\.Len\\(t, ${r}, (\\d+)`)))) result.count = +m[1];
      else if ((m = groups(s, new RegExp(`^require\\.Equal\\(t, (\\d+), len\\(${r}\\)`)))) result.count = +m[1];
      else if ((m = groups(s, new RegExp(`^require\\.(?:ElementsMatch|Equal)\\(t, \\[\\]checker\\.\\w*Change\\{(.*)\\}, ${r}\\)$`)))) {
        const elements = splitTopLevel(m[1]);
        result.count = elements.length;
        elements.forEach((element, i) => Object.assign(item(result, i), changeLiteral(element)));
      } else if ((m = groups(s, new RegExp(`^(\\w+) :?= findChange\\(${r}, ([\\w.]+)\\)$`))))
        env.founds.set(m[1], { result, id: idOf(m[2]), nil: true });
      else if (new RegExp(`^${r}(, \\w+)? :?= `).test(s)) {
        // Changed in Go (filtered by an ignore file, say): what follows is not about the comparison.
        env.results.delete(r);
      } else if (new RegExp(`^require\\.Empty\\(t, ${r}\\b\\s*[,)]`).test(s)) result.count = 0;
      else if (new RegExp(`^require\\.NotEmpty\\(t, ${r}\\s*[,)]`).test(s)) result.atLeast = Math.max(result.atLeast, 1);
      else if ((m = groups(s, new RegExp(`^require\\.(?:ElementsMatch|Equal)\\(t, \\[\\]string\\{(.*)\\}, ${r}\\)$`)))) {
        result.ids = splitTopLevel(m[1]).map(idOf);
        result.count = result.ids.length;
      } else if ((m = groups(s, new RegExp(`^require\\.(Contains|NotContains)\\(t, ${r}, ([\\w.]+)`)))) {
        (m[1] === "Contains" ? result.contains : result.absent).push({ id: idOf(m[2]) });
      } else if ((m = groups(s, new RegExp(`^for _, (\\w+) := range ${r} \\{ (\\w+)\\[\\1\\.GetId\\(\\)\\] = true \\}$`))))
        env.idSets.set(m[2], result);
      else if ((m = groups(s, new RegExp(`^for _, (\\w+) := range ${r} \\{ if \\1\\.GetId\\(\\) == ([\\w.]+) \\{ (\\w+) = true`))))
        env.founds.set(m[3], { result, id: idOf(m[2]) });
      else if (
        (m = groups(
          s,
          new RegExp(`^for _, (\\w+) := range ${r} \\{ require\\.Equal\\(t, checker\\.(ERR|WARN|INFO), \\1\\.GetLevel\\(\\)\\) \\}$`),
        ))
      )
        result.allLevel = m[2];
      else if ((m = groups(s, new RegExp(`^(\\w+) := ${r}\\[(\\d+)\\](?:\\.\\(checker\\.\\w+\\))?$`))))
        env.aliases.set(m[1], { result, index: +m[2] });
      else {
        let understood = false;
        for (const call of callsOf(s, "requireSingleChange")) {
          if (call.args[1] !== r) continue;
          result.count = 1;
          Object.assign(item(result, 0), { id: idOf(call.args[2]) });
          understood = true;
        }
        for (const call of callsOf(s, "requireChange")) {
          if (call.args[1] !== r) continue;
          result.contains.push({ id: idOf(call.args[2]) });
          understood = true;
        }
        for (const call of callsOf(s, "requireNoChange")) {
          if (call.args[1] !== r) continue;
          result.absent.push({ id: idOf(call.args[2]) });
          understood = true;
        }
        for (const call of callsOf(s, "containsId")) {
          if (call.args[0] !== r) continue;
          const negated = /^require\.False\(/.test(s);
          if (!negated && !/^require\.True\(/.test(s)) continue;
          (negated ? result.absent : result.contains).push({ id: idOf(call.args[1]) });
          understood = true;
        }
        for (const call of callsOf(s, "requireSingleApiChange")) {
          if (call.args[2] !== r) continue;
          result.count = 1;
          Object.assign(item(result, 0), changeLiteral(call.args[1]));
          understood = true;
        }
        for (const call of callsOf(s, "requireApiChanges")) {
          if (call.args[2] !== r) continue;
          const list = call.args[1];
          const elements = splitTopLevel(list.slice(list.indexOf("{") + 1, list.lastIndexOf("}")));
          result.count = elements.length;
          elements.forEach((element, i) => Object.assign(item(result, i), changeLiteral(element)));
          understood = true;
        }
        for (const call of [...callsOf(s, "requireApiChange"), ...callsOf(s, "require.Equal")]) {
          const at =
            call.args[2] === undefined
              ? undefined
              : groups(call.args[2], new RegExp(`^${r}\\[(\\d+)\\](\\.GetId\\(\\)|\\.GetLevel\\(\\))?$`));
          if (!at) continue;
          const expected = call.args[1];
          const target = item(result, +at[1]);
          if (at[2] === ".GetId()") target.id = idOf(expected);
          else if (at[2] === ".GetLevel()") target.level = expected.replace("checker.", "");
          else if (/^checker\.\w*Change\{/.test(expected)) Object.assign(target, changeLiteral(expected));
          else continue;
          understood = true;
        }
        if (!understood) result.unread.push(s);
      }
    }
    // Assertions on what an earlier statement took from a result.
    for (const [alias, { result, index }] of env.aliases) {
      if ((m = groups(s, new RegExp(`^require\\.Equal\\(t, ([\\w.]+), ${alias}\\.(?:Id|GetId\\(\\))\\)$`))))
        item(result, index).id = idOf(m[1]);
      else if ((m = groups(s, new RegExp(`^require\\.Equal\\(t, checker\\.(ERR|WARN|INFO), ${alias}\\.(?:Level|GetLevel\\(\\))\\)$`))))
        item(result, index).level = m[1];
    }
    for (const [idSet, result] of env.idSets) {
      if ((m = groups(s, new RegExp(`^require\\.(True|False)\\(t, ${idSet}\\[([\\w.]+)\\]`))))
        (m[1] === "True" ? result.contains : result.absent).push({ id: idOf(m[2]) });
    }
    for (const [found, { result, id }] of env.founds) {
      if ((m = groups(s, new RegExp(`^require\\.(True|False|NotNil|Nil)\\(t, ${found}\\s*[,)]`))))
        (m[1] === "True" || m[1] === "NotNil" ? result.contains : result.absent).push({ id });
    }
  }

  for (const subtest of subtests) {
    const inner = readBody(subtest.name, subtest.body, env);
    cases.push(...inner.cases);
    skips.push(...inner.skips);
  }
  return { cases, skips };
}

// ---------------------------------------------------------------- from what a test asserts, a case

/** The level a change of this id has under the case's options. @param {string} id @param {CheckerOptions} options */
const levelOf = (id, options) => options.severityLevels?.[id] ?? RULES.get(id)?.level;

/**
 * Whether oasdiff finds the pair breaking (an ERR or WARN change among the checks the test ran),
 * as far as the assertions say: true, false, or null when they do not say.
 * @param {Entry} entry
 * @param {Change[]} expected
 */
function verdictOf(entry, expected) {
  const levels = expected.map((change) => change.level);
  if (levels.some((level) => level === "ERR" || level === "WARN")) return true;
  if (entry.allLevel) return (entry.count ?? 0) > 0 ? rank(entry.allLevel) >= rank("WARN") : entry.count === 0 ? false : null;
  const reportedFromWarn = rank(entry.minLevel) >= rank("WARN");
  if (entry.count === undefined) return reportedFromWarn && entry.atLeast > 0 ? true : null;
  const unknown = entry.count - expected.filter((change) => change.level).length;
  if (unknown > 0) return reportedFromWarn ? true : null;
  if (rank(entry.minLevel) <= rank("WARN")) return false;
  // Reported from ERR only: a WARN change would not be seen, unless none of the checks run has one.
  const scope = entry.checks === "all" ? [...RULES.keys()] : entry.checks.flatMap(idsOfCheck);
  return scope.some((id) => levelOf(id, entry.options) === "WARN") ? null : false;
}

/** @param {Entry} entry */
function finish(entry) {
  const complete = (/** @type {Change} */ change) => {
    const out = { ...change };
    if (out.id && !out.level) out.level = entry.allLevel ?? levelOf(out.id, entry.options);
    if (!out.level) delete out.level;
    return out;
  };
  // Changes asserted by position or as a list are distinct; one asserted by id only is dropped
  // when a change of that id is already expected.
  const unique = [...entry.items.filter(Boolean), ...entry.ids.map((id) => ({ id }))].map(complete);
  for (const change of entry.contains.map(complete)) if (!unique.some((other) => other.id === change.id)) unique.push(change);
  const hasAssertion = entry.count !== undefined || entry.atLeast > 0 || unique.length > 0 || entry.absent.length > 0;
  if (process.env.DEBUG) for (const statement of entry.unread) console.error(`${entry.name}: unread: ${statement}`);
  if (!hasAssertion) return { skip: "no assertion on the changes that this reader understands" };
  return {
    case: {
      name: entry.name,
      file: entry.file,
      base: entry.base,
      revision: entry.revision,
      match: entry.count !== undefined ? "exact" : "contains",
      ...(entry.count !== undefined ? { count: entry.count } : {}),
      expected: unique,
      ...(entry.absent.length > 0 ? { absent: [...new Set(entry.absent.map((change) => change.id))] } : {}),
      breaking: verdictOf(entry, unique),
      minLevel: entry.minLevel,
      checks: entry.checks,
      ...(Object.keys(entry.options).length > 0 ? { options: entry.options } : {}),
    },
  };
}

// ---------------------------------------------------------------- the whole suite

const cases = [];
const skipped = [];
let testFunctionCount = 0;
for (const [path, src] of goSources) {
  if (!path.endsWith("_test.go")) continue;
  const file = posix.basename(path);
  for (const fn of testFunctions(src)) {
    testFunctionCount++;
    const { cases: found, skips } = readBody(fn.name, fn.body);
    if (found.length === 0) {
      const compares = /checker\.CheckBackwardCompatibility|diff\.Get|\bd\(t,|Changes\(t,/.test(fn.body);
      skipped.push({
        name: fn.name,
        file,
        reason: skips[0] ?? (compares ? "compares in a way this reader does not follow" : "a unit test: compares no two documents"),
      });
      continue;
    }
    const named = found.map((entry, i) => ({
      ...entry,
      file,
      name: found.length > 1 && !entry.name.includes("/") ? `${entry.name}#${i + 1}` : entry.name,
    }));
    const seen = new Map();
    for (const entry of named) {
      const count = (seen.get(entry.name) ?? 0) + 1;
      seen.set(entry.name, count);
      if (count > 1) entry.name = `${entry.name}#${count}`;
      const result = finish(entry);
      if (result.skip !== undefined) skipped.push({ name: entry.name, file, reason: result.skip });
      else if (!repoFiles.has(result.case.base) || !repoFiles.has(result.case.revision))
        skipped.push({ name: entry.name, file, reason: "a data file that is not in the repository at this commit" });
      else cases.push(result.case);
    }
    // A comparison the function also makes but this reader could not follow.
    for (const reason of skips) skipped.push({ name: `${fn.name} (another comparison)`, file, reason });
  }
}

// ---------------------------------------------------------------- data files, with what they $ref

/** @type {Set<string>} */
const needed = new Set();
/** @param {string} path */
function collect(path) {
  if (needed.has(path) || !repoFiles.has(path)) return;
  needed.add(path);
  let document;
  try {
    document = YAML.parse(show(path), { uniqueKeys: false, maxAliasCount: -1 });
  } catch {
    return; // a file oasdiff's tests use for an invalid document
  }
  /** @param {unknown} node */
  const visit = (node) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === "object")
      for (const [key, value] of Object.entries(node)) {
        if (key === "$ref" && typeof value === "string" && !value.startsWith("#") && !/^https?:/.test(value)) {
          const target = value.split("#")[0];
          if (target) collect(posix.normalize(posix.join(posix.dirname(path), decodeURI(target))));
        } else visit(value);
      }
  };
  visit(document);
}
for (const entry of cases) for (const path of [entry.base, entry.revision]) collect(path);

rmSync(join(SUITE, "data"), { recursive: true, force: true });
let bytes = 0;
for (const path of [...needed].sort()) {
  const content = show(path, "buffer");
  bytes += content.length;
  mkdirSync(dirname(join(SUITE, path)), { recursive: true });
  writeFileSync(join(SUITE, path), content);
}
writeFileSync(join(SUITE, "LICENSE"), show("LICENSE", "buffer"));

const reasonCounts = new Map();
for (const { reason } of skipped) {
  const key = reason.replace(/ \(.*\)$/, "");
  reasonCounts.set(key, (reasonCounts.get(key) ?? 0) + 1);
}
const skippedByReason = Object.fromEntries([...reasonCounts].sort((a, b) => b[1] - a[1]));
// The ids each check the cases run on its own reports (oasdiff's rule registry).
const checksRun = [...new Set(cases.flatMap((entry) => (entry.checks === "all" ? [] : entry.checks)))].sort();
const output = {
  source: { repository: REPOSITORY, tag: wantedRef ?? ref, commit, license: "Apache-2.0" },
  testFunctions: testFunctionCount,
  skippedByReason,
  skipped,
  checkIds: Object.fromEntries(checksRun.map((check) => [check, idsOfCheck(check)])),
  cases,
};
// One line per case, per skipped test and per check: a re-extraction reads as a diff of cases.
const lines = (/** @type {unknown[]} */ list) => list.map((value) => `    ${JSON.stringify(value)}`).join(",\n");
const json = [
  "{",
  `  "source": ${JSON.stringify(output.source)},`,
  `  "testFunctions": ${output.testFunctions},`,
  `  "skippedByReason": ${JSON.stringify(output.skippedByReason)},`,
  `  "skipped": [\n${lines(output.skipped)}\n  ],`,
  `  "checkIds": {\n${Object.entries(output.checkIds)
    .map(([check, ids]) => `    ${JSON.stringify(check)}: ${JSON.stringify(ids)}`)
    .join(",\n")}\n  },`,
  `  "cases": [\n${lines(output.cases)}\n  ]`,
  "}",
].join("\n");
JSON.parse(json); // the hand-made layout is still JSON
writeFileSync(join(SUITE, "cases.json"), `${json}\n`);
writeFileSync(
  join(SUITE, "README.md"),
  `# oasdiff's own checker tests, as data

The cases in \`cases.json\` and the files under \`data/\` come from oasdiff's repository
(https://github.com/${REPOSITORY}), tag \`${wantedRef ?? ref}\`, commit \`${commit}\`: what its
\`checker/*_test.go\` assert, read statically by \`extract.mjs\`, and the spec files those tests
load (with every file they \`$ref\`), copied unchanged, at the same paths as in oasdiff's
repository. The data files are oasdiff's test data, under the Apache License 2.0: \`LICENSE\`
is oasdiff's.

\`../oasdiff-suite.test.ts\` runs every case through the engine, and
\`packages/cli/test/diff/oasdiff-suite.test.ts\` every 10th through \`signing-platform diff\`
(docs/lint-and-diff.md, "oasdiff's own test suite").

To extract again, from a newer oasdiff (the newest release tag unless one is given):

\`\`\`sh
git clone --bare https://github.com/${REPOSITORY}.git /tmp/oasdiff.git
node packages/diff/test/oasdiff-suite/extract.mjs /tmp/oasdiff.git [vX.Y.Z]
UPDATE_DEVIATIONS=1 npx vitest run packages/diff/test/oasdiff-suite.test.ts
\`\`\`

The last command rewrites \`deviations.json\`, keeping the reasons already written.
`,
);

console.log(`${REPOSITORY} ${wantedRef ?? ref} (${commit})`);
console.log(`${testFunctionCount} test functions; ${cases.length} cases extracted; ${skipped.length} skipped:`);
for (const [reason, count] of Object.entries(skippedByReason)) console.log(`  ${count}\t${reason}`);
console.log(`${needed.size} data files, ${(bytes / 1024).toFixed(0)} KiB`);
