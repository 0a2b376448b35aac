import { readdirSync } from "node:fs";

/**
 * The protocol's wire rules (packages/protocol/src), in ESLint's own `no-restricted-imports`:
 * - each wire folder shows the others one face, its `index.ts` (also its package subpath): a
 *   wire imports another as `../<wire>`, never a file inside it, so what a wire exports is
 *   declared once and a wire can be lifted out with its index;
 * - a wire never imports the package root (`..`, or the package by its own name), which
 *   gathers every wire and would loop;
 * - `inquiry/` is the model every other wire carries, so it imports none of them.
 * madge (the package's lint script) keeps the wires free of loops.
 */

/** Every wire folder, read from disk, so a new wire is guarded the day it appears. */
const wires = readdirSync(new URL("../packages/protocol/src/", import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const fileInsideWire = {
  regex: `^\\.\\./(${wires.join("|")})/`,
  message:
    "a wire imports another through its index.ts (`../<wire>`), never a file inside it, so the wires stay separable.",
};

const packageRoot = {
  regex: "^(\\.\\.(/index)?|@inquiry-hub/protocol(/.*)?)$",
  message:
    "a wire never imports the package root nor its own package by name (the root gathers every wire): import the other wire's index, `../<wire>`.",
};

const anotherWire = {
  regex: `^\\.\\./(${wires.filter((wire) => wire !== "inquiry").join("|")})(/|$)`,
  message: "the inquiry model is what every other wire carries: it imports none of them.",
};

/** @param {Array<{ regex: string; message: string }>} patterns */
function restrict(patterns) {
  return { "no-restricted-imports": ["error", { patterns }] };
}

export const protocolBoundaries = wires.map((wire) => ({
  files: [`packages/protocol/src/${wire}/**/*.ts`],
  rules: restrict(
    wire === "inquiry" ? [fileInsideWire, packageRoot, anotherWire] : [fileInsideWire, packageRoot],
  ),
}));
