import { access, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  DOCS_ROOT,
  REPOSITORY_ROOT,
  docsPages,
  insideRepository,
  localTargets,
  relativePathMentions,
} from "./markdown-files";

const README = path.join(REPOSITORY_ROOT, "README.md");

/** Where a link target points on disk: site-absolute links resolve in the docs root. */
function resolveTarget(file: string, target: string): string {
  const bare = decodeURI(target.split(/[?#]/)[0] ?? "");
  return bare.startsWith("/") ? path.join(DOCS_ROOT, bare) : path.resolve(path.dirname(file), bare);
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

describe("the README and the docs", () => {
  it("keep the README within 200 lines", async () => {
    const lines = (await readFile(README, "utf8")).trimEnd().split("\n");
    expect(lines.length).toBeLessThanOrEqual(200);
  });

  it("link only to files inside the repository", async () => {
    const files = [README, ...(await docsPages())];
    const targets = (await Promise.all(files.map(localTargets))).flat();
    expect(targets.length, "the pages have links to check").toBeGreaterThan(50);
    const outside = targets.filter(
      ({ file, target }) => !insideRepository(resolveTarget(file, target)),
    );
    expect(outside).toEqual([]);
  });

  it("name no path outside the repository, in links, code or prose", async () => {
    const files = [README, ...(await docsPages())];
    const mentions = (await Promise.all(files.map(relativePathMentions))).flat();
    const outside = mentions.filter(
      ({ file, target }) => !insideRepository(path.resolve(path.dirname(file), target)),
    );
    expect(outside).toEqual([]);
  });

  it("give the README only links that lead somewhere", async () => {
    const targets = await localTargets(README);
    expect(targets.length, "the README points into the docs").toBeGreaterThan(5);
    const dead: string[] = [];
    for (const { file, target } of targets)
      if (target.startsWith("/") || !(await exists(resolveTarget(file, target)))) dead.push(target);
    expect(dead).toEqual([]);
  });
});
