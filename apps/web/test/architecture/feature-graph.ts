import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Which feature folders each feature imports, by folder name. */
export type FeatureGraph = ReadonlyMap<string, ReadonlySet<string>>;

/** Every import specifier of a module: static, side-effect, re-export and dynamic imports. */
const SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The feature a specifier of `file` lands in, if it names one (by alias or by a relative path). */
function targetFeature(featuresDir: string, file: string, specifier: string): string | undefined {
  let target: string;
  if (specifier.startsWith("@/features/")) target = path.join(featuresDir, specifier.slice(11));
  else if (specifier.startsWith(".")) target = path.resolve(path.dirname(file), specifier);
  else return undefined;
  const inside = path.relative(featuresDir, target);
  if (inside === "" || inside.startsWith("..") || path.isAbsolute(inside)) return undefined;
  return inside.split(path.sep)[0];
}

/**
 * The feature graph of `featuresDir` read from the code (tests included): an arrow from A to
 * B for every import in A's folder that lands in B's, whichever way it is written.
 */
export function readFeatureGraph(featuresDir: string): FeatureGraph {
  const graph = new Map<string, Set<string>>();
  for (const entry of readdirSync(featuresDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const imports = new Set<string>();
    for (const file of sourceFiles(path.join(featuresDir, entry.name))) {
      for (const [, specifier] of readFileSync(file, "utf8").matchAll(SPECIFIER)) {
        if (specifier === undefined) continue;
        const target = targetFeature(featuresDir, file, specifier);
        if (target !== undefined && target !== entry.name) imports.add(target);
      }
    }
    graph.set(entry.name, imports);
  }
  return graph;
}

/**
 * The loops of a graph: each set of features that reach one another (a strongly connected
 * component of more than one folder, by Tarjan's algorithm), sorted by name. Empty when the
 * features form layers.
 *
 * @example findLoops(new Map([["a", new Set(["b"])], ["b", new Set(["a"])]])) // [["a", "b"]]
 */
export function findLoops(graph: FeatureGraph): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];

  function visit(node: string): void {
    index.set(node, index.size);
    lowLink.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowLink.set(node, Math.min(lowLink.get(node) ?? 0, lowLink.get(next) ?? 0));
      } else if (onStack.has(next)) {
        lowLink.set(node, Math.min(lowLink.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (lowLink.get(node) !== index.get(node)) return;
    const members: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      members.push(member);
    } while (member !== node);
    if (members.length > 1) loops.push(members.sort());
  }

  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return loops.sort((left, right) => (left[0] ?? "").localeCompare(right[0] ?? ""));
}
