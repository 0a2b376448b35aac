import { conditionPermits, conditionTriggers } from "./policy-conditions";
import type { GatedPolicy, ToolPolicy, UpstreamConfig } from "./proxy-policy";

/**
 * Whether one tool call needs a person, and why. `because` is for logs and tests:
 * `ungated` (policy false), `allowed` (an allow pattern matched), `not-triggered` (no `when`
 * condition applied).
 */
export type GateDecision =
  | { ask: false; because: "ungated" | "allowed" | "not-triggered" }
  | { ask: true; policy: GatedPolicy };

/** The tool's own policy, else the upstream's default. */
export function policyFor(upstream: UpstreamConfig, tool: string): ToolPolicy {
  return Object.hasOwn(upstream.tools, tool)
    ? (upstream.tools[tool] ?? upstream.defaultPolicy)
    : upstream.defaultPolicy;
}

/**
 * Decides a call: allow patterns first (they are the explicit "never ask for this"), then
 * `when` (ask only if a condition triggers; undecidable values trigger), else ask.
 *
 * @example decideGate({ gate: true, allow: [notesGlob], ... }, { path: "notes/a.txt" })
 *   // { ask: false, because: "allowed" }
 */
export function decideGate(policy: ToolPolicy, args: Record<string, unknown>): GateDecision {
  if (!policy.gate) return { ask: false, because: "ungated" };
  if (policy.allow.some((condition) => conditionPermits(condition, args)))
    return { ask: false, because: "allowed" };
  if (
    policy.when !== undefined &&
    !policy.when.some((condition) => conditionTriggers(condition, args))
  )
    return { ask: false, because: "not-triggered" };
  return { ask: true, policy };
}

/** True when a tool may ever be gated, which is when tools/list gets the approval note. */
export function mayBeGated(upstream: UpstreamConfig, tool: string): boolean {
  return policyFor(upstream, tool).gate;
}

/** A name the upstream lists that differs from `name` only in case, for hints. */
export function caseVariantOf(name: string, listed: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  return listed.find((candidate) => candidate !== name && candidate.toLowerCase() === lower);
}

/**
 * Warnings for policies naming tools the upstream does not list: such a policy protects
 * nothing (names match exactly, so `Write_File` does not cover `write_file`), which the
 * operator should learn at once rather than from an ungated call.
 *
 * @example unlistedPolicyTools("demo", config, ["write_file"]) // ['… "Write_File" … did you mean "write_file"?']
 */
export function unlistedPolicyTools(
  name: string,
  upstream: UpstreamConfig,
  listed: readonly string[],
): string[] {
  const available = new Set(listed);
  return Object.keys(upstream.tools)
    .filter((tool) => !available.has(tool))
    .map((tool) => {
      const variant = caseVariantOf(tool, listed);
      const hint =
        variant === undefined ? "" : ` (names are case-sensitive: did you mean "${variant}"?)`;
      return `approval proxy: upstream "${name}" lists no tool "${tool}", so its policy applies to nothing${hint}`;
    });
}
