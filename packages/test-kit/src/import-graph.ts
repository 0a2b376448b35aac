import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Which parts (folders, by name) each part of a source tree imports. */
export type ImportGraph = ReadonlyMap<string, ReadonlySet<string>>;

/** How to read a tree's import graph. */
export interface ImportGraphOptions {
  /** The folder whose source files are read; imports that leave it are not arrows. */
  root: string;
  /**
   * The part a file belongs to, from its path relative to `root` (with `/` between folders);
   * undefined leaves the file, and imports landing in it, out of the graph.
   */
  partOf(relativePath: string): string | undefined;
  /** Import aliases: a specifier prefix and the folder it stands for (`@/features/` → …). */
  aliases?: Readonly<Record<string, string>>;
}

/** Every import specifier of a module: static, side-effect, re-export and dynamic imports. */
const SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Where a specifier of `file` points, when it names a file of this tree at all. */
function targetOf(
  file: string,
  specifier: string,
  aliases: Record<string, string>,
): string | undefined {
  if (specifier.startsWith(".")) return path.resolve(path.dirname(file), specifier);
  for (const [prefix, folder] of Object.entries(aliases))
    if (specifier.startsWith(prefix)) return path.join(folder, specifier.slice(prefix.length));
  return undefined;
}

/**
 * The import graph of a tree read from the code (tests beside it included): an arrow from part
 * A to part B for every import in A's files that lands in B's, whichever way it is written.
 */
export function readImportGraph(options: ImportGraphOptions): ImportGraph {
  const graph = new Map<string, Set<string>>();
  const partAt = (absolute: string): string | undefined => {
    const inside = path.relative(options.root, absolute);
    if (inside === "" || inside.startsWith("..") || path.isAbsolute(inside)) return undefined;
    return options.partOf(inside.split(path.sep).join("/"));
  };
  for (const file of sourceFiles(options.root)) {
    const part = partAt(file);
    if (part === undefined) continue;
    const imports = graph.get(part) ?? new Set<string>();
    graph.set(part, imports);
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(SPECIFIER)) {
      if (specifier === undefined) continue;
      const target = targetOf(file, specifier, options.aliases ?? {});
      const targetPart = target === undefined ? undefined : partAt(target);
      if (targetPart !== undefined && targetPart !== part) imports.add(targetPart);
    }
  }
  return graph;
}

/**
 * The loops of a graph: each set of parts that reach one another (a strongly connected
 * component of more than one part, by Tarjan's algorithm), sorted by name. Empty when the
 * parts form layers.
 *
 * @example findLoops(new Map([["a", new Set(["b"])], ["b", new Set(["a"])]])) // [["a", "b"]]
 */
export function findLoops(graph: ImportGraph): string[][] {
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
