import type { HistoryDecider, HistoryDecision, Inquiry } from "@inquiry-hub/protocol";

/**
 * What history says about how an inquiry ended, read from its resolution. The resolution
 * records a decision the way the inquiry machine needs it (an approval's approve and edit are
 * `answered` with `response` naming the decision and `values` holding the edited arguments;
 * a hand-over is `delegated`, without a device when YOLO made it); these functions turn that
 * into the words a person reads, so every reader of history (list, detail, export) agrees.
 */

/** How it ended: approved, edited, rejected, answered, delegated, timeout, cancelled, pending. */
export function historyDecision(inquiry: Inquiry): HistoryDecision {
  const resolution = inquiry.resolution;
  if (resolution === null) return "pending";
  if (resolution.status !== "answered") return resolution.status;
  if (inquiry.type === "APPROVAL") {
    if (resolution.response === "edit") return "edited";
    if (resolution.response === "approve") return "approved";
  }
  return resolution.delegated === true ? "delegated" : "answered";
}

/**
 * Who decided. A resolution naming a rule is that standing rule of the person's; a delegated
 * one without a device is YOLO: the person's standing setting, applied by the hub without
 * asking (a person handing one question over on a device is recorded with that device). A timeout is nobody's decision, even when a device's
 * countdown reported it.
 */
export function historyDecider(inquiry: Inquiry): HistoryDecider | null {
  const resolution = inquiry.resolution;
  if (resolution === null) return null;
  if (resolution.status === "timeout" || resolution.status === "cancelled") return "nobody";
  if (resolution.byRule !== undefined) return "rule";
  if (resolution.delegated === true && resolution.byDeviceId === undefined) return "yolo";
  return "person";
}

/** The device of the person who decided; null when no person did (see `historyDecider`). */
export function decidingDeviceId(inquiry: Inquiry): string | null {
  return historyDecider(inquiry) === "person" ? (inquiry.resolution?.byDeviceId ?? null) : null;
}

/** The arguments that ran in place of the agent's, when the person edited them. */
export function editedArguments(inquiry: Inquiry): Record<string, unknown> | undefined {
  return historyDecision(inquiry) === "edited" ? inquiry.resolution?.values : undefined;
}
