import { globToRegExp } from "./policy-conditions";
import type { SurfaceAction, SurfacePolicies } from "./proxy-policy";

/** The request methods besides tools/call that a policy can gate. */
export const GATED_SURFACE_METHODS = [
  "resources/read",
  "prompts/get",
  "completion/complete",
] as const;
export type GatedSurfaceMethod = (typeof GATED_SURFACE_METHODS)[number];

/** Which action wins when several globs match one URI: the strictest (fail closed). */
const STRICTNESS: Record<SurfaceAction, number> = { allow: 0, ask: 1, deny: 2 };

function strictest(actions: readonly SurfaceAction[]): SurfaceAction | undefined {
  return actions.reduce<SurfaceAction | undefined>(
    (worst, action) =>
      worst === undefined || STRICTNESS[action] > STRICTNESS[worst] ? action : worst,
    undefined,
  );
}

/**
 * What the proxy does with one request of a gated surface: a `resources/read` by the
 * strictest glob its URI matches, a `prompts/get` by its exact name, a completion by the
 * one completions action; whatever no rule names gets the surface's default. A URI or name
 * that is not a string matches no rule.
 *
 * @example surfaceAction(surfaces, "resources/read", { uri: "docs://guide.md" }) // "allow"
 */
export function surfaceAction(
  surfaces: SurfacePolicies,
  method: GatedSurfaceMethod,
  params: Record<string, unknown>,
): SurfaceAction {
  switch (method) {
    case "resources/read": {
      const { uri } = params;
      const { rules } = surfaces.resources;
      const matched =
        typeof uri === "string"
          ? Object.keys(rules)
              .filter((glob) => globToRegExp(glob).test(uri))
              .map((glob) => rules[glob] ?? surfaces.resources.default)
          : [];
      return strictest(matched) ?? surfaces.resources.default;
    }
    case "prompts/get": {
      const { name } = params;
      const { rules } = surfaces.prompts;
      return typeof name === "string" && Object.hasOwn(rules, name)
        ? (rules[name] ?? surfaces.prompts.default)
        : surfaces.prompts.default;
    }
    case "completion/complete":
      return surfaces.completions;
  }
}

/** What the person reads on the card of a gated request, by method. */
export function surfaceDescription(
  upstream: string,
  method: GatedSurfaceMethod,
  params: Record<string, unknown>,
): string {
  switch (method) {
    case "resources/read":
      return `The agent wants to read the resource ${JSON.stringify(params.uri)} from "${upstream}". Reading runs the server's code, which may act as a tool call would.`;
    case "prompts/get":
      return `The agent wants the prompt ${JSON.stringify(params.name)} from "${upstream}". Getting it runs the server's code, which may act as a tool call would.`;
    case "completion/complete":
      return `The agent asks "${upstream}" to complete an argument. Completing runs the server's code, which may act as a tool call would.`;
  }
}
