import { APPROVAL_DECISIONS } from "@inquiry-hub/protocol";
import type { PinScope, ToolDefinitionPins } from "./ports";
import type { GatedPolicy, ToolPolicy } from "./proxy-policy";
import { definitionDigest } from "../inquiries/request-digest";
import type { PinnedDefinition } from "../inquiries/request-digest";

/*
 * Tool definition pinning: a policy names tools, but what a tool does is what its definition
 * says. A definition that changed since it was first seen (or last accepted) is treated as a
 * new, unlisted tool: every call asks, whatever its name's policy, until the person approves
 * a call whose card shows the new definition, which accepts it.
 */

/** One listed tool against its pin: `digest` is its definition's now. */
export interface DefinitionCheck {
  changed: boolean;
  digest: string;
}

/** Appended to a changed tool's description in the agent's tools/list. */
export const CHANGED_DEFINITION_NOTE =
  "This tool's definition changed since the person last accepted it: each call waits for their approval until they accept the new one.";

/**
 * Pins the tools seen for the first time and tells which of `tools` changed since their pin.
 *
 * @example await checkDefinitions(pins, { userId, upstream: "demo" }, [getWeather]) // Map { "get_weather" => { changed: false, digest } }
 */
export async function checkDefinitions(
  pins: ToolDefinitionPins,
  scope: PinScope,
  tools: readonly PinnedDefinition[],
): Promise<Map<string, DefinitionCheck>> {
  const digests = Object.fromEntries(tools.map((tool) => [tool.name, definitionDigest(tool)]));
  const pinned = await pins.pinFirstSeen(scope, digests);
  return new Map(
    Object.entries(digests).map(([name, digest]) => [
      name,
      { changed: pinned[name] !== digest, digest },
    ]),
  );
}

/**
 * The policy of a call to a changed tool: always asked. A gated policy keeps its decisions,
 * deadline and team but loses `when` and `allow` (they judged arguments of the old
 * definition); an ungated name gets the fail-closed default of an unlisted tool.
 */
export function changedDefinitionPolicy(policy: ToolPolicy): GatedPolicy {
  if (policy.gate) return { ...policy, when: undefined, allow: [] };
  return { gate: true, allowedDecisions: [...APPROVAL_DECISIONS], allow: [], onTimeout: "reject" };
}

/** The card's description of a call to a changed tool: what changed and what Approve means. */
export function changedDefinitionText(upstream: string, tool: PinnedDefinition): string {
  const now = tool.description === undefined ? "(no description)" : `"${tool.description}"`;
  return `The definition of ${tool.name} on "${upstream}" changed since it was last accepted. It now says: ${now}. Approving this call accepts the new definition.`;
}
