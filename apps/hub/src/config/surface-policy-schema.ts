import { z } from "zod";
import type {
  SurfaceAction,
  SurfacePolicies,
  SurfaceRules,
} from "../features/approvals/proxy-policy";

/** `allow` forwards, `ask` waits for the person's approval, `deny` refuses with an MCP error. */
const SurfaceActionSchema = z.enum(["allow", "ask", "deny"]);

/** `resources`: a default and URI globs, e.g. `{ "default": "ask", "uris": { "docs://**": "allow" } }`. */
const ResourcesSchema = z.strictObject({
  default: SurfaceActionSchema.optional(),
  uris: z.record(z.string().min(1).max(500), SurfaceActionSchema).default({}),
});

/** `prompts`: a default and exact prompt names, e.g. `{ "names": { "summarize": "allow" } }`. */
const PromptsSchema = z.strictObject({
  default: SurfaceActionSchema.optional(),
  names: z.record(z.string().min(1).max(500), SurfaceActionSchema).default({}),
});

/** The upstream keys gating resources, prompts and completions; all optional. */
export const SurfacePolicyKeys = {
  resources: ResourcesSchema.optional(),
  prompts: PromptsSchema.optional(),
  completions: SurfaceActionSchema.optional(),
};

type RawSurfaces = {
  [Key in keyof typeof SurfacePolicyKeys]?: z.output<(typeof SurfacePolicyKeys)[Key]>;
};

/**
 * The normalized surface policies. What the config leaves out follows the tools' default:
 * an upstream whose unlisted tools are gated has its reads, prompts and completions asked
 * about too (each can run server code with side effects), while `"default": false` keeps
 * them passing through as before.
 */
export function surfacePoliciesOf(raw: RawSurfaces, toolsGated: boolean): SurfacePolicies {
  const fallback: SurfaceAction = toolsGated ? "ask" : "allow";
  const rulesOf = (
    surface: { default?: SurfaceAction | undefined } | undefined,
    rules: Record<string, SurfaceAction> | undefined,
  ): SurfaceRules => ({ default: surface?.default ?? fallback, rules: rules ?? {} });
  return {
    resources: rulesOf(raw.resources, raw.resources?.uris),
    prompts: rulesOf(raw.prompts, raw.prompts?.names),
    completions: raw.completions ?? fallback,
  };
}
