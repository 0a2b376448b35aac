import type { AnswerVia, Inquiry, InquiryResolution } from "@inquiry-hub/protocol";
import type { AuditChannel, AuditEvent } from "./audit-record";

/**
 * The channel of a person's answer from one of their credentials: the app, or how the answer
 * says it came (`via`: the agent's MCP client, a push notification's action). `via` names only
 * the way; who answered is the credential's person and device.
 */
export function answerChannel(via: AnswerVia | undefined): AuditChannel {
  switch (via) {
    case undefined:
      return "app";
    case "mcp-client":
    case "push":
      return via;
  }
}

/**
 * Through what a resolution came, read from the resolution alone: a standing rule, the
 * person's YOLO (delegated with no device), a device's answer (answerChannel), or the hub
 * (timeout, cancel). A webhook link resolves under its own device id; the composition root
 * tells it apart when it names devices.
 */
export function decisionChannel(resolution: InquiryResolution | null | undefined): AuditChannel {
  if (resolution?.byRule !== undefined) return "rule";
  if (resolution?.byDeviceId === undefined) return resolution?.delegated === true ? "yolo" : "hub";
  return answerChannel(resolution.via);
}

/** Who decided an inquiry: its person, the deciding device when one did, and the channel. */
export function decisionActor(inquiry: Inquiry): AuditEvent["actor"] {
  const deviceId = inquiry.resolution?.byDeviceId;
  return {
    userId: inquiry.userId,
    ...(deviceId === undefined ? {} : { deviceId }),
    channel: decisionChannel(inquiry.resolution),
  };
}

/** Milliseconds from the question to its resolution; undefined while unresolved. */
export function decisionDurationMs(inquiry: Inquiry): number | undefined {
  const resolvedAt = inquiry.resolution?.resolvedAt;
  if (resolvedAt === undefined) return undefined;
  return Math.max(0, Date.parse(resolvedAt) - Date.parse(inquiry.createdAt));
}

/** What every decision record says of its decision: who, through what, how long, which rule. */
export interface DecisionFacts {
  actor: AuditEvent["actor"];
  durationMs?: number;
  /** The rule that let the call pass (`{ rule: { id, name } }`), merged into `detail`. */
  standing?: Record<string, unknown>;
}

/**
 * The facts of a resolved inquiry's decision. A YOLO's grant is not in the resolution: the
 * composition root adds it when it names the device.
 */
export function decisionFacts(inquiry: Inquiry): DecisionFacts {
  const durationMs = decisionDurationMs(inquiry);
  const byRule = inquiry.resolution?.byRule;
  return {
    actor: decisionActor(inquiry),
    ...(durationMs === undefined ? {} : { durationMs }),
    ...(byRule === undefined ? {} : { standing: { rule: byRule } }),
  };
}
