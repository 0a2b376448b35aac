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
  /** Most upstream connections open at once for this upstream (one per proxy session). */
  maxConnections: number;
  /** Most of them one user may hold, so one agent cannot take every slot. */
  maxConnectionsPerUser: number;
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
