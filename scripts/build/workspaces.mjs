// @ts-check
// The workspace packages of the repository and the order they build in: each package after
// every workspace package it depends on (any kind of dependency in its package.json, and the
// packages its build reads without naming them), ties in the order of the root's `workspaces`.
import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * @typedef {object} Workspace
 * @property {string} name the package's name, `@signing-platform/types`
 * @property {string} folder repository-relative, `packages/types`
 * @property {string[]} dependencies the names of the workspace packages it builds against
 */

const DEPENDENCY_FIELDS = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"];

/** @param {string} path */
const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));

/**
 * The root's workspaces, each with the workspace packages it depends on.
 * @param {string} root
 * @param {Record<string, string[]>} [undeclared] package name → workspace packages its build reads without naming them in its package.json
 * @returns {Workspace[]} in the order of the root's `workspaces`
 */
export function listWorkspaces(root, undeclared = {}) {
  const folders = /** @type {string[]} */ (readJson(join(root, "package.json")).workspaces ?? []);
  const manifests = folders.map((folder) => ({ folder, manifest: readJson(join(root, folder, "package.json")) }));
  const names = new Set(manifests.map(({ manifest }) => /** @type {string} */ (manifest.name)));
  return manifests.map(({ folder, manifest }) => {
    const named = DEPENDENCY_FIELDS.flatMap((field) => Object.keys(manifest[field] ?? {}));
    const dependencies = [...new Set([...named, ...(undeclared[manifest.name] ?? [])])].filter((name) => names.has(name));
    return { name: manifest.name, folder, dependencies };
  });
}

/**
 * The workspaces in an order where each comes after its dependencies.
 * @param {Workspace[]} workspaces
 * @returns {Workspace[]}
 */
export function buildOrder(workspaces) {
  const byName = new Map(workspaces.map((workspace) => [workspace.name, workspace]));
  /** @type {Workspace[]} */
  const ordered = [];
  /** @type {Set<string>} */
  const placed = new Set();
  /** @param {Workspace} workspace @param {string[]} path the packages being placed, for the message of a cycle */
  const place = (workspace, path) => {
    if (placed.has(workspace.name)) return;
    if (path.includes(workspace.name))
      throw new Error(`Workspace packages depend on each other in a cycle: ${[...path, workspace.name].join(" → ")}.`);
    for (const dependency of workspace.dependencies) {
      place(/** @type {Workspace} */ (byName.get(dependency)), [...path, workspace.name]); // listWorkspaces keeps only workspace names
    }
    placed.add(workspace.name);
    ordered.push(workspace);
  };
  for (const workspace of workspaces) place(workspace, []);
  return ordered;
}
