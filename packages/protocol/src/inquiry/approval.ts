import { z } from "zod";
import { RiskAssessmentSchema } from "./risk";

/** What a person may do with a gated tool call: run it, run it with edited arguments, refuse it. */
export const ApprovalDecisionSchema = z.enum(["approve", "edit", "reject"]);
export type ApprovalDecision = z.infer<typeof ApprovalDecisionSchema>;

/** Every decision, in the order a UI shows the buttons. */
export const APPROVAL_DECISIONS = ApprovalDecisionSchema.options;

/**
 * The tool call an APPROVAL inquiry asks about, as the approval proxy saw it. Devices render
 * the card from it (tool, description, argument table, an editor built from `inputSchema`);
 * the answer is `{action:"approve"}`, `{action:"edit", args}` or `{action:"reject", reason}`.
 *
 * @example
 * { upstream: "demo", tool: "write_file", arguments: { path: "notes.txt", content: "hi" },
 *   allowedDecisions: ["approve", "edit", "reject"], description: "Write notes.txt?" }
 */
export const ApprovalDetailsSchema = z
  .object({
    /** The configured upstream name, the `<name>` of `/proxy/<name>/mcp`. */
    upstream: z.string().min(1),
    /** The upstream tool the agent called. */
    tool: z.string().min(1),
    /** The arguments exactly as the agent sent them; approve forwards these unchanged. */
    arguments: z.record(z.string(), z.unknown()),
    /** The decisions this call accepts; others are refused with 400 / an error ack. */
    allowedDecisions: z.array(ApprovalDecisionSchema).min(1),
    /** Text for the person, from the policy's description template or the default prefix. */
    description: z.string(),
    /** The tool's JSON Schema for its arguments (from the upstream's tools/list); edits must match it. */
    inputSchema: z.record(z.string(), z.unknown()).optional(),
    /**
     * The agent run the call belongs to (the proxy's MCP session id): parallel calls of one
     * run share it, so devices show them together and can approve them all at once.
     */
    runId: z.string().min(1).optional(),
    /**
     * The group this approval arrived with (the same run, else the same credential within a
     * few seconds): devices show a batch as one group, decided together or one by one.
     */
    batchId: z.string().min(1).max(200).optional(),
    /** The hub's risk label, which the card and the notification lead with. */
    risk: RiskAssessmentSchema.optional(),
    /**
     * Set on a high-risk call: it is decided only by looking at it in the app, never from a
     * notification's buttons, a webhook link or a group's "all" button.
     */
    freshLook: z.literal(true).optional(),
  })
  .loose();
export type ApprovalDetails = z.infer<typeof ApprovalDetailsSchema>;

/**
 * How the approval proxy's text results open when the call did not run, so models (and the
 * demo model's rules) can tell a refusal from the tool's own output.
 *
 * @example `${APPROVAL_RESULT_OPENINGS.rejected} write_file, so it was not run. Their message: "no".`
 */
export const APPROVAL_RESULT_OPENINGS = {
  rejected: "The person rejected the call to",
  timeout: "No decision on the call to",
  cancelled: "The approval request for",
} as const;
