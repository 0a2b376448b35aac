import type { ApprovalDecision } from "@inquiry-hub/protocol";
import type { TeamApprovalRule } from "../teams/approval-routing";

/*
 * The approval proxy's policy as the rest of the hub sees it, once config/proxy-config-schema.ts
 * has read and normalized the file: which upstreams exist, how to reach them, which tool calls
 * wait for a person.
 */

/** One test on one argument; `when` lists gate if any triggers, `allow` lists pass if any permits. */
export type Condition =
  | { kind: "compare"; arg: string; gt?: number; gte?: number; lt?: number; lte?: number }
  | { kind: "glob"; arg: string; patterns: string[] }
  | { kind: "sql"; arg: string; statements: string[] };

/** A gated tool's policy, normalized: `true` becomes the defaults below. */
export interface GatedPolicy {
  gate: true;
  allowedDecisions: ApprovalDecision[];
  description?: string | undefined;
  /** Gate only when one of these triggers; absent means always. */
  when?: Condition[] | undefined;
  /** Pass without asking when one of these surely matches. */
  allow: Condition[];
  /** What a timed-out approval does; `reject` (fail closed) unless configured. */
  onTimeout: "reject" | "approve";
  /** The person's deadline; the hub's inquiry timeout when absent. */
  timeoutMs?: number | undefined;
  /** Route the approval to a team (`approvers` and friends); absent = the agent's own user. */
  team?: TeamApprovalRule | undefined;
}

export type ToolPolicy = { gate: false } | GatedPolicy;

/**
 * What the proxy does with a request outside tools/call (a `resources/read`, a `prompts/get`,
 * a `completion/complete`): forward it, ask the person first, or refuse it.
 */
export type SurfaceAction = "allow" | "ask" | "deny";

/** The rules of one surface: exact keys (prompt names) or globs (resource URIs) → action. */
export interface SurfaceRules {
  /** What a request no rule matches gets. */
  default: SurfaceAction;
  rules: Record<string, SurfaceAction>;
}

/**
 * The gate on an upstream's other request methods, which can have side effects as much as a
 * tool call can. Absent from the config, each follows the tools' default: `ask` when unlisted
 * tools are gated, `allow` when the config says `"default": false`.
 */
export interface SurfacePolicies {
  /** `resources/read`, by URI glob (`*` stays within a `/` segment, `**` crosses them). */
  resources: SurfaceRules;
  /** `prompts/get`, by exact prompt name. */
  prompts: SurfaceRules;
  /** `completion/complete`, whatever it completes. */
  completions: SurfaceAction;
}

/** How the proxy reaches an upstream MCP server. */
export type UpstreamConnection =
  | { kind: "http"; url: URL; headers: Record<string, UpstreamHeader> }
  | { kind: "stdio"; command: string; args: string[]; env?: Record<string, string>; cwd?: string };

/** One upstream, validated and normalized. */
export interface UpstreamConfig {
  connection: UpstreamConnection;
  /** Deadline of every upstream request (connect, list, the forwarded call). */
  timeoutMs: number;
  descriptionPrefix: string;
  requiresApprovalNote?: string | undefined;
  /**
   * Policy of tools not named in `tools` (names match exactly, case included). Gated unless
   * the config says `"default": false`: a tool the upstream adds later is asked about.
   */
  defaultPolicy: ToolPolicy;
  tools: Record<string, ToolPolicy>;
  /** Resources, prompts and completions: which of their requests wait for a person. */
  surfaces: SurfacePolicies;
  /** Most upstream connections open at once for this upstream (one per proxy session). */
  maxConnections: number;
  /** Most of them one user may hold, so one agent cannot take every slot. */
  maxConnectionsPerUser: number;
  /** `_meta` keys of a call forwarded besides the protocol's own (forwarded-meta.ts). */
  forwardMeta: string[];
  /** Largest upstream response relayed, serialized; absent = the hub's default. */
  maxResultBytes?: number | undefined;
}

/**
 * One request header of an HTTP upstream, ready to send: a fixed value, or a secret read
 * from a file each time a connection opens (so a token the upstream generates after the hub
 * started is still found).
 */
export type UpstreamHeader =
  { kind: "value"; value: string } | { kind: "file"; path: string; prefix: string };

/** The approval-proxy configuration: upstream name → its connection and tool policies. */
export interface ProxyConfig {
  upstreams: Record<string, UpstreamConfig>;
}
