import { z } from "zod";
import { APPROVAL_DECISIONS, ApprovalDecisionSchema } from "@inquiry-hub/protocol";
import { MAX_TIMEOUT_SECONDS } from "../kernel/timeout-limits";
import { templateProblem } from "../features/approvals/approval-text";
import { ConditionSyntaxSchema } from "../features/approvals/condition-syntax";
import { refineTeamKeys, teamRuleOf, TeamPolicyKeys } from "./team-policy-schema";
import { surfacePoliciesOf, SurfacePolicyKeys } from "./surface-policy-schema";
import { headerValueSchema } from "../features/approvals/upstream/upstream-headers";
import type { ConfigContext } from "../features/approvals/upstream/upstream-headers";
import type { GatedPolicy, ToolPolicy, UpstreamConfig } from "../features/approvals/proxy-policy";

const TemplateSchema = z
  .string()
  .min(1)
  .max(2000)
  .superRefine((template, context) => {
    const problem = templateProblem(template);
    if (problem !== undefined) context.addIssue({ code: "custom", message: problem });
  });

const PolicyObjectSchema = z
  .strictObject({
    allowed_decisions: z
      .array(ApprovalDecisionSchema)
      .min(1)
      .refine((list) => new Set(list).size === list.length, "decisions must not repeat")
      .optional(),
    description: TemplateSchema.optional(),
    when: z.array(ConditionSyntaxSchema).min(1).optional(),
    allow: z.array(ConditionSyntaxSchema).min(1).optional(),
    on_timeout: z.enum(["reject", "approve"]).optional(),
    timeout_seconds: z.number().positive().max(MAX_TIMEOUT_SECONDS).optional(),
    ...TeamPolicyKeys,
  })
  .superRefine(refineTeamKeys);

/** `true` normalized: every decision allowed, always asked, rejected on timeout. */
function alwaysGated(): GatedPolicy {
  return { gate: true, allowedDecisions: [...APPROVAL_DECISIONS], allow: [], onTimeout: "reject" };
}

const ToolPolicySchema = z.union([z.boolean(), PolicyObjectSchema]).transform((raw): ToolPolicy => {
  if (raw === false) return { gate: false };
  if (raw === true) return alwaysGated();
  return {
    gate: true,
    allowedDecisions: raw.allowed_decisions ?? [...APPROVAL_DECISIONS],
    description: raw.description,
    when: raw.when,
    allow: raw.allow ?? [],
    onTimeout: raw.on_timeout ?? "reject",
    timeoutMs: raw.timeout_seconds === undefined ? undefined : raw.timeout_seconds * 1000,
    team: teamRuleOf(raw),
  };
});

const upstreamSchema = (context: ConfigContext) =>
  z
    .strictObject({
      /** Streamable HTTP endpoint of the upstream MCP server. */
      url: z.url({ protocol: /^https?$/ }).optional(),
      /**
       * Extra request headers for `url`, e.g. the upstream's own Authorization: a string, or
       * `{ env?, file?, prefix? }` naming where the secret is (see upstream-headers.ts).
       */
      headers: z.record(z.string(), headerValueSchema(context)).optional(),
      /** Executable of a stdio upstream, started once per proxy session. */
      command: z.string().min(1).optional(),
      args: z.array(z.string()).optional(),
      env: z.record(z.string(), z.string()).optional(),
      cwd: z.string().min(1).optional(),
      timeout_seconds: z.number().positive().max(MAX_TIMEOUT_SECONDS).default(60),
      /** First paragraph of every approval question. */
      description_prefix: z.string().min(1).max(500).default("Tool execution requires approval"),
      /** Appended to the tools/list description of every tool that may be gated. */
      requires_approval_note: z.string().min(1).max(500).optional(),
      default: ToolPolicySchema.default(alwaysGated),
      tools: z.record(z.string().min(1), ToolPolicySchema).default({}),
      /** Which resources/read, prompts/get and completion/complete requests wait for a person. */
      ...SurfacePolicyKeys,
      max_connections: z.number().int().positive().max(10_000).default(64),
      max_connections_per_user: z.number().int().positive().max(10_000).default(8),
      /** `_meta` keys forwarded with a call besides traceparent/tracestate; others are dropped. */
      forward_meta: z
        .array(
          z
            .string()
            .min(1)
            .max(200)
            .refine((key) => key !== "progressToken", "progressToken is the relay's own"),
        )
        .max(50)
        .default([]),
      /** Largest upstream response relayed, in bytes; HUB_UPSTREAM_MAX_RESULT_BYTES by default. */
      max_result_bytes: z
        .number()
        .int()
        .min(1024)
        .max(1024 * 1024 * 1024)
        .optional(),
    })
    .superRefine((raw, context) => {
      if ((raw.url === undefined) === (raw.command === undefined)) {
        context.addIssue({ code: "custom", message: "give exactly one of url or command" });
      }
      if (raw.url === undefined && raw.headers !== undefined)
        context.addIssue({ code: "custom", path: ["headers"], message: "headers need a url" });
      const stdioOnly = (["args", "env", "cwd"] as const).find((key) => raw[key] !== undefined);
      if (raw.command === undefined && stdioOnly !== undefined)
        context.addIssue({ code: "custom", path: [stdioOnly], message: "needs a command" });
    })
    .transform((raw): UpstreamConfig => ({
      connection:
        raw.url === undefined
          ? {
              kind: "stdio",
              command: raw.command ?? "",
              args: raw.args ?? [],
              ...(raw.env === undefined ? {} : { env: raw.env }),
              ...(raw.cwd === undefined ? {} : { cwd: raw.cwd }),
            }
          : { kind: "http", url: new URL(raw.url), headers: raw.headers ?? {} },
      timeoutMs: raw.timeout_seconds * 1000,
      descriptionPrefix: raw.description_prefix,
      requiresApprovalNote: raw.requires_approval_note,
      defaultPolicy: raw.default,
      tools: raw.tools,
      surfaces: surfacePoliciesOf(raw, raw.default.gate),
      maxConnections: raw.max_connections,
      maxConnectionsPerUser: Math.min(raw.max_connections_per_user, raw.max_connections),
      forwardMeta: raw.forward_meta,
      maxResultBytes: raw.max_result_bytes,
    }));

/**
 * The approval-proxy file: upstream name → where it is and which tools need a person.
 * `context` resolves the secret references of upstream headers (env names, relative files).
 *
 * @example
 * { "upstreams": { "demo": { "url": "http://127.0.0.1:4200/mcp",
 *   "tools": { "write_file": true, "get_weather": false } } } }
 */
export function createProxyConfigSchema(context: ConfigContext) {
  return z.strictObject({
    upstreams: z.record(
      z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/, "names are letters, digits, _ and -"),
      upstreamSchema(context),
    ),
  });
}
