import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPOSITORY_ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const DOCS_ROOT = fileURLToPath(new URL("../", import.meta.url));

/** Folders of the docs workspace that hold no page: dependencies and build output. */
const SKIPPED = new Set(["node_modules", "dist", "cache"]);

/** Every Markdown page of the docs site, as absolute paths. */
export async function docsPages(folder = DOCS_ROOT): Promise<string[]> {
  const pages: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) pages.push(...(await docsPages(full)));
    } else if (entry.name.endsWith(".md")) pages.push(full);
  }
  return pages;
}

/** A link or image target in a Markdown file, with the file it sits in. */
export interface LinkTarget {
  file: string;
  target: string;
}

const MARKDOWN_LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const HTML_LINK = /\b(?:src|href)="([^"]+)"/g;
const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|#)/i;

/** Every relative or absolute link and image target of `file` (URLs and anchors left out). */
export async function localTargets(file: string): Promise<LinkTarget[]> {
  const text = await readFile(file, "utf8");
  return [...text.matchAll(MARKDOWN_LINK), ...text.matchAll(HTML_LINK)]
    .map((match) => match[1] ?? "")
    .filter((target) => target !== "" && !EXTERNAL.test(target))
    .map((target) => ({ file, target }));
}

/** Every `../`-relative path written anywhere in `file`, links or not (code and prose alike). */
export async function relativePathMentions(file: string): Promise<LinkTarget[]> {
  const text = await readFile(file, "utf8");
  return [...text.matchAll(/(?:\.\.\/)+[\w@.-]*/g)].map((match) => ({ file, target: match[0] }));
}

/** Whether `candidate` is the repository root or inside it. */
export function insideRepository(candidate: string): boolean {
  const relative = path.relative(REPOSITORY_ROOT, candidate);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}
